/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Uploads from a store that reads files whole, as n8n's database store does (queue mode's default): every stream it
 * hands out is the whole file, read from the database, in one chunk. The node checks a file's first bytes before
 * sending it; that first read must also be the one the upload sends, not a second read of the whole file
 * (nodes/ESignature/files/read.ts, storedFile). n8n registers its database store from its server code, not from
 * n8n-core, so this file registers a store that behaves the same way (docs/performance.md, figure 4).
 */
import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

import { emulatorSuite } from './harness';

/** Files kept in memory and read whole for every stream, like n8n's DatabaseManager; counts the reads per file. */
class WholeFileStore {
	readonly files = new Map<string, Buffer>();
	readonly reads = new Map<string, number>();

	async init() {}

	async store(_location: unknown, bufferOrStream: Buffer | Readable) {
		const chunks: Buffer[] = [];
		if (Buffer.isBuffer(bufferOrStream)) chunks.push(bufferOrStream);
		else for await (const chunk of bufferOrStream) chunks.push(chunk as Buffer);
		const data = Buffer.concat(chunks);
		const fileId = randomUUID();
		this.files.set(fileId, data);
		return { fileId, fileSize: data.length };
	}

	async getAsBuffer(fileId: string) {
		this.reads.set(fileId, (this.reads.get(fileId) ?? 0) + 1);
		return Buffer.from(this.files.get(fileId)!);
	}

	/** n8n's database store ignores the chunk size asked for: the stream is the whole file. */
	async getAsStream(fileId: string) {
		return Readable.from(await this.getAsBuffer(fileId));
	}

	async getMetadata(fileId: string) {
		return { fileSize: this.files.get(fileId)!.length };
	}

	getPath(fileId: string) {
		return `database://${fileId}`;
	}

	async deleteMany() {}
	async deleteManyByFileId() {}
	async copyByFileId(_location: unknown, fileId: string) {
		return fileId;
	}
	async rename() {}

	/** Reads of the one stored file of this size. */
	readsOf(data: Buffer): number {
		const found = [...this.files].filter(([, stored]) => stored.equals(data));
		if (found.length !== 1)
			throw new Error(`expected one stored file of these bytes, found ${found.length}`);
		return this.reads.get(found[0][0]) ?? 0;
	}
}

const store = new WholeFileStore();

// Registered before the suite's hooks, so that the test source stores its files here.
beforeAll(async () => {
	const config = Container.get(BinaryDataConfig);
	config.mode = 'database';
	const service = Container.get(BinaryDataService);
	await service.init();
	service.setManager('database', store as never);
});

const suite = emulatorSuite();

const pdf = (label: string) =>
	Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`), randomBytes(2 * 1024 * 1024 + 5)]);

describe('uploads from a store that reads files whole (n8n database mode)', () => {
	it('Create reads each file from the store once: the read that checked it is the one sent', async () => {
		const [first, second] = [pdf('first'), pdf('second')];
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data, annex' },
			items: [
				{
					binary: {
						data: { data: first, fileName: 'first.pdf', mimeType: 'application/pdf' },
						annex: { data: second, fileName: 'second.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		});

		expect(result.error).toBeUndefined();
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(upload.files.map((file) => file.fileName)).toEqual(['first.pdf', 'second.pdf']);
		expect(upload.files[0].data.equals(first)).toBe(true);
		expect(upload.files[1].data.equals(second)).toBe(true);
		expect(upload.headers['content-length']).toBe(String(upload.rawBody.length));
		expect([store.readsOf(first), store.readsOf(second)]).toEqual([1, 1]);
	});

	it('Create From Base64 encodes the file from that same read', async () => {
		const document = pdf('base64');
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'createFromBase64',
				inputDataFieldName: 'data',
			},
			items: [
				{
					binary: {
						data: { data: document, fileName: 'encoded.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		});

		expect(result.error).toBeUndefined();
		const [request] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate-base64');
		expect((request.body as { files: { file: string } }).files.file).toBe(
			document.toString('base64'),
		);
		expect(store.readsOf(document)).toBe(1);
	});

	it('after the service refuses the stored token, the upload is read from the store again and sent whole', async () => {
		await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'getStatus',
				envelopeId: '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5',
			},
		});
		suite.emulator.expireAllTokens();
		suite.emulator.clearRequests();
		const document = pdf('renewed');
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data' },
			items: [
				{
					binary: {
						data: { data: document, fileName: 'renewed.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		});

		expect(result.error).toBeUndefined();
		const uploads = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(uploads).toHaveLength(2);
		expect(uploads[1].headers.authorization).not.toBe(uploads[0].headers.authorization);
		expect(uploads[1].files).toHaveLength(1);
		expect(uploads[1].files[0].data.equals(document)).toBe(true);
		expect(store.readsOf(document)).toBe(2);
	});
});
