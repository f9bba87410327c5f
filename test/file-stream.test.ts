/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Downloads reach n8n as a stream (nodes/ESignature/routing/answers.ts, fileResponseToBinary): the node reads the first
 * bytes to type the file and hands the rest to n8n's binary store untouched (nodes/ESignature/files/bytes.ts,
 * peekStream). Here: the bytes read are given back, whatever the chunking, and a file shorter than the signature.
 */
import { Readable } from 'node:stream';

import { peekStream } from '../nodes/ESignature/files/bytes';

const chunked = (...chunks: string[]) =>
	Readable.from(
		chunks.map((chunk) => Buffer.from(chunk, 'latin1')),
		{ objectMode: false },
	);

async function rest(stream: Readable): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('latin1');
}

describe('peekStream', () => {
	it.each([
		['one chunk', ['%PDF-1.7 the whole file']],
		['one byte at a time', ['%', 'P', 'D', 'F', '-', '1.7 the whole file']],
		['the signature split across chunks', ['%PD', 'F-1', '.7 the whole file']],
	])(
		'reads the first bytes (%s) and leaves the whole file in the stream',
		async (_label, chunks) => {
			const stream = chunked(...chunks);
			const { head, ended } = await peekStream(stream, 5);
			expect(head.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect(ended).toBe(false);
			expect(await rest(stream)).toBe('%PDF-1.7 the whole file');
		},
	);

	it('a file shorter than the bytes asked for is returned whole, marked as ended', async () => {
		const { head, ended } = await peekStream(chunked('%P', 'D'), 5);
		expect(head.toString('latin1')).toBe('%PD');
		expect(ended).toBe(true);
		const empty = await peekStream(chunked(), 5);
		expect(empty).toEqual({ head: Buffer.alloc(0), ended: true });
	});

	it('a stream that fails before its first bytes rejects with its error', async () => {
		const failing = new Readable({
			read() {
				this.destroy(new Error('socket hang up'));
			},
		});
		await expect(peekStream(failing, 5)).rejects.toThrow('socket hang up');
	});
});
