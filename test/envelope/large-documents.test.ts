/**
 * Large documents across the operations that send files: Create (binary fields and Base64 text) and
 * Create From Base64 must send multi-megabyte files byte for byte.
 */
import { randomBytes } from 'node:crypto';

import { envelopeSuite } from './testing';

const { suite, run } = envelopeSuite();

/** The error's message, or where an unexpected failure happened (its cause's stack), so that a failure says why. */
const failure = (error: Error | undefined) =>
	error ? String((error.cause as Error | undefined)?.stack ?? error.message) : undefined;

describe('envelope: large documents', () => {
	/** A PDF of a few megabytes of random bytes: longer than one decoding slice, and no repeating pattern to hide a seam. */
	const largePdf = () =>
		Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024 + 7)]);

	it('sends a multi-megabyte binary to both endpoints byte for byte', async () => {
		const pdf = largePdf();
		const item = {
			binary: { data: { data: pdf, fileName: 'large.pdf', mimeType: 'application/pdf' } },
		};

		const multipart = await run({ operation: 'create' }, [item]);
		const base64 = await run({ operation: 'createFromBase64' }, [item]);

		expect(failure(multipart.error)).toBeUndefined();
		expect(failure(base64.error)).toBeUndefined();
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(upload.files).toHaveLength(1);
		expect(upload.files[0].data.equals(pdf)).toBe(true);
		const [json] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate-base64');
		expect((json.body as { files: { file: string } }).files.file).toBe(pdf.toString('base64'));
	});

	it('uploads a multi-megabyte file given as Base64 text (with line breaks) byte for byte', async () => {
		const pdf = largePdf();
		// Line breaks every 76 characters, as MIME tools write it.
		const base64 = pdf.toString('base64');
		const wrapped = Array.from({ length: Math.ceil(base64.length / 76) }, (_, line) =>
			base64.slice(line * 76, line * 76 + 76),
		).join('\n');
		const filesJson = JSON.stringify([{ file: wrapped, fileName: 'wrapped.pdf' }]);
		const result = await run({ operation: 'create', fileInput: 'base64', filesJson });

		expect(failure(result.error)).toBeUndefined();
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(upload.files[0].data.equals(pdf)).toBe(true);
	});
});
