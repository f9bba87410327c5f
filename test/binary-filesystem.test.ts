/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { RecordedRequest } from './emulator';
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

const annexPdf = () =>
	Buffer.concat([suite.emulator.samplePdf, Buffer.from('\n% filesystem annex\n')]);

describe('binary data in filesystem mode', () => {
	it('uploads files that n8n stored on disk (multipart and Base64 operations)', async () => {
		const before = filesUnder(storagePath).length;
		const items = [
			{
				binary: {
					data: {
						data: suite.emulator.samplePdf,
						fileName: 'disk.pdf',
						mimeType: 'application/pdf',
					},
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
			parameters: {
				resource: 'envelope',
				operation: 'createFromBase64',
				inputDataFieldName: 'annex',
			},
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
		const envelope = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'stored.pdf', data: annexPdf() }],
		});
		const before = new Set(filesUnder(storagePath));

		for (const operation of ['download', 'getContent']) {
			const result = await suite.harness.run({
				parameters: {
					resource: 'document',
					operation,
					documentId: envelope.documentId,
					binaryPropertyName: 'file',
				},
			});
			expect(result.error).toBeUndefined();
			const binary = result.items[0].binary!.file;
			expect(binary.id).toMatch(/^filesystem(-v2)?:/);
			expect(binary.data).not.toBe(annexPdf().toString('base64'));
			expect(binary).toMatchObject({ fileName: 'stored.pdf', mimeType: 'application/pdf' });
			expect((await result.binary(0, 'file')).equals(annexPdf())).toBe(true);
		}
		const written = filesUnder(storagePath).filter((file) => !before.has(file));
		expect(
			written.some((file) => statSync(join(storagePath, file)).size === annexPdf().length),
		).toBe(true);
	});

	it('a large download and a file shorter than a PDF signature reach the store whole, typed from their bytes', async () => {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const large = Buffer.concat([suite.emulator.samplePdf, Buffer.alloc(8 * 1024 * 1024, 0x25)]);
		const tiny = Buffer.from('%PD');
		for (const [bytes, mimeType, fileName] of [
			[large, 'application/pdf', 'large.pdf'],
			[tiny, 'application/octet-stream', 'tiny.bin'],
		] as const) {
			const { documentId } = suite.emulator.state.createEnvelope(account, {
				files: [{ fileName, data: bytes }],
			});
			const result = await suite.harness.run({
				parameters: { resource: 'document', operation: 'download', documentId },
			});
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				documentId,
				fileName,
				mimeType,
				fileSize: bytes.length,
			});
			expect(result.items[0].binary!.data.id).toMatch(/^filesystem(-v2)?:/);
			expect((await result.binary(0, 'data')).equals(bytes)).toBe(true);
		}
	});
});

/** A PDF of a few megabytes of random bytes: many chunks of n8n's file stream, and no pattern to hide a lost one. */
const largePdf = () =>
	Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024 + 11)]);

/**
 * The multipart body the service must receive, byte for byte, with the boundary the request named: the parts of the
 * form fields, then a "files" part per document.
 */
function expectedMultipart(
	request: RecordedRequest,
	fields: Record<string, string>,
	files: { fileName: string; data: Buffer }[],
) {
	const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(
		request.headers['content-type'],
	)![1];
	return Buffer.concat([
		...Object.entries(fields).map(([name, value]) =>
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
			),
		),
		...files.flatMap(({ fileName, data }) => [
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
			),
			data,
			Buffer.from('\r\n'),
		]),
		Buffer.from(`--${boundary}--\r\n`),
	]);
}

/** The path of a binary in the filesystem store, found by its size (the store names files by id). */
function storedFileOfSize(size: number): string {
	const path = filesUnder(storagePath).find(
		(file) => !file.endsWith('.metadata') && statSync(join(storagePath, file)).size === size,
	);
	if (!path) throw new Error(`No stored file of ${size} bytes`);
	return join(storagePath, path);
}

describe('multipart uploads from the filesystem store (read from the store as they are sent)', () => {
	it('Create sends the form fields and every stored file, framed byte for byte, with the Content-Length of the body', async () => {
		const first = largePdf();
		const second = annexPdf();
		const referenceNumber = `stream-${Date.now()}`;
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'create',
				inputDataFieldName: 'data, annex',
				additionalFields: { workflowId: 'wf-7', referenceNumber },
			},
			items: [
				{
					binary: {
						data: { data: first, fileName: 'large.pdf', mimeType: 'application/pdf' },
						annex: { data: second, fileName: 'annex "two".pdf', mimeType: 'application/pdf' },
					},
				},
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.envelopeId).toBeDefined();
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		const expected = expectedMultipart(
			upload,
			{ WorkflowId: 'wf-7', ReferenceNumber: referenceNumber },
			[
				{ fileName: 'large.pdf', data: first },
				{ fileName: 'annex %22two%22.pdf', data: second },
			],
		);
		expect(upload.rawBody.equals(expected)).toBe(true);
		expect(upload.headers['content-length']).toBe(String(upload.rawBody.length));
		expect(upload.headers['transfer-encoding']).toBeUndefined();
	});

	it('Add Files streams its stored files the same way', async () => {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const { envelopeId } = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'first.pdf', data: annexPdf() }],
		});
		const added = largePdf();
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'addFiles',
				envelopeId,
				inputDataFieldName: 'data',
			},
			items: [
				{ binary: { data: { data: added, fileName: 'added.pdf', mimeType: 'application/pdf' } } },
			],
		});

		expect(result.error).toBeUndefined();
		const [upload] = suite.emulator.requestsTo('POST', `/api/v1/envelopes/${envelopeId}/files`);
		expect(
			upload.rawBody.equals(
				expectedMultipart(upload, {}, [{ fileName: 'added.pdf', data: added }]),
			),
		).toBe(true);
	});

	it('Base64 bodies encode stored files as they are sent: every length (Base64 padding), the other fields intact', async () => {
		// Lengths 3n, 3n+1, 3n+2 over many chunks of n8n's file stream, which are not whole groups of three bytes.
		const files = [0, 1, 2].map((extra) =>
			Buffer.concat([largePdf().subarray(0, 3 * 1024 * 1024 + 9), Buffer.alloc(extra, 0x25)]),
		);
		const binary = Object.fromEntries(
			files.map((data, index) => [
				`file${index}`,
				{ data, fileName: `دفعة ${index}.pdf`, mimeType: 'application/pdf' },
			]),
		);
		const bulk = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'createBulk',
				inputDataFieldName: 'file0, file1, file2',
				additionalFields: { workflowId: 'wf "9"' },
			},
			items: [{ binary }],
		});

		expect(bulk.error).toBeUndefined();
		const [request] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/bulk/initiate-base64');
		expect(request.headers['content-length']).toBe(String(request.rawBody.length));
		expect(request.body).toEqual({
			workflowId: 'wf "9"',
			referenceNumber: expect.stringMatching(/^n8n-/),
			files: files.map((data, index) => ({
				file: data.toString('base64'),
				fileName: `دفعة ${index}.pdf`,
			})),
		});
	});

	it('Create From Base64 after the service refuses the stored token: the document is read from the store again and sent whole', async () => {
		await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'getStatus',
				envelopeId: '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5',
			},
		});
		suite.emulator.expireAllTokens();
		suite.emulator.clearRequests();
		const pdf = Buffer.concat([largePdf(), Buffer.from('% base64\n')]);
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'createFromBase64',
				inputDataFieldName: 'data',
			},
			items: [
				{ binary: { data: { data: pdf, fileName: 'renewed.pdf', mimeType: 'application/pdf' } } },
			],
		});

		expect(result.error).toBeUndefined();
		const sent = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate-base64');
		expect(sent).toHaveLength(2);
		expect(sent[1].headers.authorization).not.toBe(sent[0].headers.authorization);
		expect((sent[1].body as { files: { file: string } }).files.file).toBe(pdf.toString('base64'));
	});

	it('a stored file that no longer has the size n8n recorded fails its item instead of sending a cut-off document', async () => {
		// A size no other test stores, so that the file found on disk is this one.
		const pdf = Buffer.concat([largePdf(), Buffer.from('% cut\n')]);
		const items = [
			{ binary: { data: { data: pdf, fileName: 'cut.pdf', mimeType: 'application/pdf' } } },
		];
		// The file is stored by the first node of the run; it is cut short before the upload reads it.
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data' },
			items,
			afterSource: () => truncateSync(storedFileOfSize(pdf.length), 1024 * 1024),
		});

		expect(result.error?.message).toMatch(/cut\.pdf/);
		const received = suite.emulator
			.requestsTo('POST', '/api/v1/envelopes/initiate')
			.flatMap((request) => request.files);
		expect(received.map((file) => file.fileName)).not.toContain('cut.pdf');
	});

	it('after the service refuses the stored token, the upload is read from the store again and sent whole', async () => {
		// A token the node has stored, then refused by the service: n8n renews it but cannot send a stream again.
		await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'getStatus',
				envelopeId: '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5',
			},
		});
		suite.emulator.expireAllTokens();
		suite.emulator.clearRequests();
		const renewalsBefore = suite.harness.credentialsHelper.preAuthenticationCalls.expired;
		const pdf = largePdf();
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data' },
			items: [
				{ binary: { data: { data: pdf, fileName: 'renewed.pdf', mimeType: 'application/pdf' } } },
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.envelopeId).toBeDefined();
		const uploads = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(uploads).toHaveLength(2);
		const [refused, sentAgain] = uploads;
		expect(refused.headers.authorization).not.toBe(sentAgain.headers.authorization);
		expect(sentAgain.files).toHaveLength(1);
		expect(sentAgain.files[0].data.equals(pdf)).toBe(true);
		expect(sentAgain.headers['content-length']).toBe(String(sentAgain.rawBody.length));
		// n8n renewed the token once; the node sent the upload again without asking for another renewal.
		expect(suite.harness.credentialsHelper.preAuthenticationCalls.expired).toBe(renewalsBefore + 1);
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(0);
	});
});
