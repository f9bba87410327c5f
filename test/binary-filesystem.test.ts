/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { emulatorSuite } from './harness';

/*
 * n8n keeps binary data on disk in "filesystem" mode (and in S3 the same way): items then carry only an id.
 * Uploads must read through n8n's helpers and downloads must write through them. Jest gives each test file its own
 * module registry, so switching the mode here does not affect the other test files.
 */

let storagePath: string;

function filesUnder(folder: string): string[] {
	return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((entry) =>
		statSync(join(folder, entry)).isFile(),
	);
}

// Registered before the suite's hooks, so binary data is on disk before the emulator and harness start.
beforeAll(async () => {
	storagePath = mkdtempSync(join(tmpdir(), 'esig-binary-'));
	// The service reads this (DI singleton) config in init().
	const config = Container.get(BinaryDataConfig);
	config.mode = 'filesystem';
	config.localStoragePath = storagePath;
	await Container.get(BinaryDataService).init();
});

afterAll(() => {
	rmSync(storagePath, { recursive: true, force: true });
});

const suite = emulatorSuite();

const annexPdf = () => Buffer.concat([suite.emulator.samplePdf, Buffer.from('\n% filesystem annex\n')]);

describe('binary data in filesystem mode', () => {
	it('uploads files that n8n stored on disk (multipart and Base64 operations)', async () => {
		const before = filesUnder(storagePath).length;
		const items = [
			{
				binary: {
					data: { data: suite.emulator.samplePdf, fileName: 'disk.pdf', mimeType: 'application/pdf' },
					annex: { data: annexPdf(), fileName: 'disk-annex.pdf', mimeType: 'application/pdf' },
				},
			},
		];
		const multipart = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data,annex' },
			items,
		});
		expect(multipart.error).toBeUndefined();
		// The input files went to disk, not into the items.
		expect(filesUnder(storagePath).length).toBeGreaterThan(before);
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(upload.files.map((f) => f.fileName)).toEqual(['disk.pdf', 'disk-annex.pdf']);
		expect(upload.files[0].data.equals(suite.emulator.samplePdf)).toBe(true);
		expect(upload.files[1].data.equals(annexPdf())).toBe(true);

		const base64 = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'createFromBase64', inputDataFieldName: 'annex' },
			items,
		});
		expect(base64.error).toBeUndefined();
		const [json] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate-base64');
		expect(json.body).toEqual({
			files: { file: annexPdf().toString('base64'), fileName: 'disk-annex.pdf' },
			referenceNumber: expect.stringMatching(/^n8n-/),
		});
	});

	it('writes downloaded files to disk: the output binary has an id and the same bytes', async () => {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const envelope = suite.emulator.state.createEnvelope(account, { files: [{ fileName: 'stored.pdf', data: annexPdf() }] });
		const before = new Set(filesUnder(storagePath));

		for (const operation of ['download', 'getContent']) {
			const result = await suite.harness.run({
				parameters: { resource: 'document', operation, documentId: envelope.documentId, binaryPropertyName: 'file' },
			});
			expect(result.error).toBeUndefined();
			const binary = result.items[0].binary!.file;
			expect(binary.id).toMatch(/^filesystem(-v2)?:/);
			expect(binary.data).not.toBe(annexPdf().toString('base64'));
			expect(binary).toMatchObject({ fileName: 'stored.pdf', mimeType: 'application/pdf' });
			expect((await result.binary(0, 'file')).equals(annexPdf())).toBe(true);
		}
		const written = filesUnder(storagePath).filter((file) => !before.has(file));
		expect(written.some((file) => statSync(join(storagePath, file)).size === annexPdf().length)).toBe(true);
	});

	it('a large download and a file shorter than a PDF signature reach the store whole, typed from their bytes', async () => {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const large = Buffer.concat([suite.emulator.samplePdf, Buffer.alloc(8 * 1024 * 1024, 0x25)]);
		const tiny = Buffer.from('%PD');
		for (const [bytes, mimeType, fileName] of [
			[large, 'application/pdf', 'large.pdf'],
			[tiny, 'application/octet-stream', 'tiny.bin'],
		] as const) {
			const { documentId } = suite.emulator.state.createEnvelope(account, { files: [{ fileName, data: bytes }] });
			const result = await suite.harness.run({ parameters: { resource: 'document', operation: 'download', documentId } });
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ documentId, fileName, mimeType, fileSize: bytes.length });
			expect(result.items[0].binary!.data.id).toMatch(/^filesystem(-v2)?:/);
			expect((await result.binary(0, 'data')).equals(bytes)).toBe(true);
		}
	});
});
