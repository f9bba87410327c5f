import { SIGNED_MARKER, readZip } from './emulator';
import type { EmulatedEnvelope, RecordedRequest } from './emulator';
import { newSigner } from './emulator/state';
import { emulatorCredentials, emulatorSuite } from './harness';

const suite = emulatorSuite();

const UNKNOWN_GUID = '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5';

/** A PDF that differs from the sample, so files can be told apart by their bytes. */
const annexPdf = () => Buffer.concat([suite.emulator.samplePdf, Buffer.from('\n% annex\n')]);

/** An envelope of an account, with the given files and signers, straight in the emulator's state. */
function seedEnvelope(
	files: Array<{ fileName: string; data: Buffer }> = [
		{ fileName: 'contract.pdf', data: suite.emulator.samplePdf },
	],
	accountId = suite.emulator.demo.accountId,
): EmulatedEnvelope {
	return suite.emulator.state.createEnvelope(suite.emulator.state.account(accountId)!, { files });
}

const { apiRequests: apiCalls } = suite;

function expectDownloadRequest(request: RecordedRequest, path: string) {
	expect(request.method).toBe('GET');
	expect(request.path).toBe(path);
	expect(request.query).toEqual({});
	expect(request.rawBody.length).toBe(0);
	expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
}

const run = suite.runner('document');

describe('document: download (original file)', () => {
	it('downloads the original file into the output binary field, typed and named from the answer', async () => {
		const envelope = seedEnvelope();
		const result = await run({
			operation: 'download',
			documentId: envelope.documentId,
			binaryPropertyName: 'original',
		});

		expect(result.error).toBeUndefined();
		expect(apiCalls()).toHaveLength(1);
		expectDownloadRequest(apiCalls()[0], `/api/v1/documents/${envelope.documentId}`);
		expect(result.items).toHaveLength(1);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toEqual({
			documentId: envelope.documentId,
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
			fileSize: suite.emulator.samplePdf.length,
		});
		expect(item.binary?.original).toMatchObject({
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
			fileExtension: 'pdf',
		});
		expect((await result.binary(0, 'original')).equals(suite.emulator.samplePdf)).toBe(true);
	});

	it('downloads one file per input item, each paired with its item', async () => {
		const a = seedEnvelope([{ fileName: 'a.pdf', data: suite.emulator.samplePdf }]);
		const b = seedEnvelope([{ fileName: 'b.pdf', data: annexPdf() }]);
		const result = await run(
			{ operation: 'download', documentId: '={{ $json.doc }}', binaryPropertyName: 'data' },
			[{ json: { doc: a.documentId } }, { json: { doc: b.documentId } }],
		);

		expect(result.error).toBeUndefined();
		expect(apiCalls()).toHaveLength(2);
		expect(result.items.map((i) => [i.pairedItem, i.json.fileName])).toEqual([
			[{ item: 0 }, 'a.pdf'],
			[{ item: 1 }, 'b.pdf'],
		]);
		expect((await result.binary(0, 'data')).equals(suite.emulator.samplePdf)).toBe(true);
		expect((await result.binary(1, 'data')).equals(annexPdf())).toBe(true);
	});

	it('reports an unknown document (HTTP 404 with a JSON answer)', async () => {
		const result = await run({ operation: 'download', documentId: UNKNOWN_GUID });
		expect(apiCalls()).toHaveLength(1);
		expect(result.error?.message).toBe('The item was not found (error 404)');
		expect(result.error?.description).toBe('Service message: DocumentNotFound');
		expect(result.items).toHaveLength(0);
	});

	it('refuses a Document ID that is not an ID, before sending', async () => {
		const result = await run({ operation: 'download', documentId: 'contract.pdf' });
		expect(result.error?.message).toMatch(/^Document ID must be an ID like .*got "contract.pdf"/);
		const empty = await run({ operation: 'download', documentId: '={{ $json.nothing }}' });
		expect(empty.error?.message).toBe('Document ID is required');
		expect(apiCalls()).toHaveLength(0);
	});

	it('continues on fail: an error item for the bad document, the file for the good one', async () => {
		const envelope = seedEnvelope();
		const result = await run(
			{ operation: 'download', documentId: '={{ $json.doc }}' },
			[{ json: { doc: UNKNOWN_GUID } }, { json: { doc: envelope.documentId } }],
			{ continueOnFail: true },
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json.error).toBe('The item was not found (error 404)');
		expect(result.items[0].binary).toBeUndefined();
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect((await result.binary(1, 'data')).equals(suite.emulator.samplePdf)).toBe(true);
	});
});

describe('document: downloadSigned', () => {
	it('downloads a single-file envelope as the signed PDF', async () => {
		const envelope = seedEnvelope([{ fileName: 'lease.pdf', data: suite.emulator.samplePdf }]);
		const result = await run({ operation: 'downloadSigned', documentId: envelope.documentId });

		expect(result.error).toBeUndefined();
		expectDownloadRequest(apiCalls()[0], `/api/v1/documents/${envelope.documentId}/signed`);
		expect(result.items[0].json).toMatchObject({
			documentId: envelope.documentId,
			fileName: 'lease.pdf',
			mimeType: 'application/pdf',
		});
		expect(result.items[0].binary?.data).toMatchObject({
			mimeType: 'application/pdf',
			fileExtension: 'pdf',
		});
		const bytes = await result.binary(0, 'data');
		expect(bytes.equals(suite.emulator.state.currentBytes(envelope, envelope.files[0]))).toBe(true);
		expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	});

	it('outputs a ZIP, typed and named as such, when the envelope holds several files', async () => {
		const envelope = seedEnvelope([
			{ fileName: 'main.pdf', data: suite.emulator.samplePdf },
			{ fileName: 'annex.pdf', data: annexPdf() },
		]);
		const result = await run({ operation: 'downloadSigned', documentId: envelope.files[1].fileId });

		expect(result.error).toBeUndefined();
		expectDownloadRequest(apiCalls()[0], `/api/v1/documents/${envelope.files[1].fileId}/signed`);
		expect(result.items[0].json).toMatchObject({
			fileName: `${envelope.referenceNumber}.zip`,
			mimeType: 'application/zip',
		});
		expect(result.items[0].binary?.data).toMatchObject({
			mimeType: 'application/zip',
			fileExtension: 'zip',
		});
		const entries = readZip(await result.binary(0, 'data'));
		expect(entries.map((e) => e.name)).toEqual(['main.pdf', 'annex.pdf']);
		expect(entries[1].data.equals(annexPdf())).toBe(true);
	});

	it('downloads the signatures so far once a signer has signed', async () => {
		const envelope = seedEnvelope();
		envelope.signers.push(
			newSigner({ name: 'Jane Doe', email: 'jane@example.com', signeOrder: 1 }),
		);
		await suite.emulator.sign(envelope.envelopeId);
		const result = await run({ operation: 'downloadSigned', documentId: envelope.documentId });
		expect(result.error).toBeUndefined();
		const bytes = await result.binary(0, 'data');
		expect(bytes.equals(suite.emulator.samplePdf)).toBe(false);
		expect(bytes.toString('latin1')).toContain(SIGNED_MARKER);
	});
});

describe('document: getCompleted (Base64 answer)', () => {
	it('turns the Base64 file of a completed envelope into a PDF binary with the service file name', async () => {
		const envelope = seedEnvelope([{ fileName: 'final.pdf', data: suite.emulator.samplePdf }]);
		await suite.emulator.sign(envelope.envelopeId);
		const result = await run({
			operation: 'getCompleted',
			documentId: envelope.documentId,
			binaryPropertyName: 'signed',
		});

		expect(result.error).toBeUndefined();
		expectDownloadRequest(
			apiCalls()[0],
			`/api/v1/documents/${envelope.documentId}/completed/base64`,
		);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		const expected = suite.emulator.state.currentBytes(envelope, envelope.files[0]);
		expect(result.items[0].json).toEqual({
			documentId: envelope.documentId,
			fileName: 'final.pdf',
			contentType: 'application/pdf',
			mimeType: 'application/pdf',
			fileSize: expected.length,
		});
		expect(result.items[0].json).not.toHaveProperty('file');
		expect((await result.binary(0, 'signed')).equals(expected)).toBe(true);
	});

	it('adds the service message when Include Response Wrapper is on', async () => {
		const envelope = seedEnvelope();
		await suite.emulator.sign(envelope.envelopeId);
		const result = await run({
			operation: 'getCompleted',
			documentId: envelope.documentId,
			options: { includeResponseWrapper: true },
		});
		expect(result.items[0].json).toMatchObject({
			message: 'Success',
			returnUrl: null,
			fileName: 'contract.pdf',
		});
		expect(result.items[0].binary?.data).toBeDefined();
	});

	it('reports an envelope that is not completed yet (error 100 with HTTP 200)', async () => {
		const envelope = seedEnvelope();
		envelope.signers.push(
			newSigner({ name: 'Jane Doe', email: 'jane@example.com', signeOrder: 1 }),
		);
		const result = await run({ operation: 'getCompleted', documentId: envelope.documentId });
		expect(apiCalls()).toHaveLength(1);
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
		// The editor shows httpCode as the error code: the service's, not the HTTP status (200).
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('100');
	});
});

describe('document: getContent (Base64 answer)', () => {
	it('turns the Base64 content into a binary', async () => {
		const envelope = seedEnvelope([{ fileName: 'draft.pdf', data: annexPdf() }]);
		const result = await run({ operation: 'getContent', documentId: envelope.documentId });

		expect(result.error).toBeUndefined();
		expectDownloadRequest(apiCalls()[0], `/api/v1/documents/${envelope.documentId}/content-base64`);
		expect(result.items[0].json).toMatchObject({
			documentId: envelope.documentId,
			fileName: 'draft.pdf',
			mimeType: 'application/pdf',
		});
		expect((await result.binary(0, 'data')).equals(annexPdf())).toBe(true);
	});

	it('reports a document of another account (error 14) when read with that account’s credential', async () => {
		const other = suite.emulator.addAccount();
		suite.harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				clientId: other.clientId,
				clientSecret: other.clientSecret,
				username: other.username,
				password: other.password,
				accountId: other.accountId,
				accountSecret: other.accountSecret,
			}),
			'cred-2',
		);
		const demoDocument = seedEnvelope();
		const ownDocument = seedEnvelope(
			[{ fileName: 'mine.pdf', data: suite.emulator.samplePdf }],
			other.accountId,
		);

		const denied = await run(
			{ operation: 'getContent', documentId: demoDocument.documentId },
			undefined,
			{
				credentialId: 'cred-2',
			},
		);
		expect(denied.error?.message).toBe(
			'The user is not authorized to read this document (error 14)',
		);
		expect(denied.error?.description).toBe('Service message: The user is unauthorized');
		expect((denied.error as unknown as { httpCode: string }).httpCode).toBe('14');

		const allowed = await run(
			{ operation: 'getContent', documentId: ownDocument.documentId },
			undefined,
			{
				credentialId: 'cred-2',
			},
		);
		expect(allowed.error).toBeUndefined();
		expect(allowed.items[0].json.fileName).toBe('mine.pdf');
		// Both calls went out with the second credential, as the second account.
		const tokens = new Set(apiCalls().map((r) => r.headers.authorization));
		expect(tokens.size).toBe(1);
		expect(apiCalls().every((r) => r.account === other.accountId)).toBe(true);
	});

	it('continues on fail with one unauthorized and one readable document', async () => {
		const other = suite.emulator.addAccount();
		const foreign = seedEnvelope(undefined, other.accountId);
		const mine = seedEnvelope([{ fileName: 'mine.pdf', data: suite.emulator.samplePdf }]);
		const result = await run(
			{ operation: 'getContent', documentId: '={{ $json.doc }}' },
			[{ json: { doc: mine.documentId } }, { json: { doc: foreign.documentId } }],
			{ continueOnFail: true },
		);
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toMatchObject({
			pairedItem: { item: 0 },
			json: { fileName: 'mine.pdf' },
		});
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.error).toBe(
			'The user is not authorized to read this document (error 14)',
		);
	});
});

describe('document downloads: Options → File Name', () => {
	it.each(['download', 'downloadSigned', 'getCompleted', 'getContent'])(
		'%s names the output file as asked, per item',
		async (operation) => {
			const a = seedEnvelope([{ fileName: 'a.pdf', data: suite.emulator.samplePdf }]);
			const b = seedEnvelope([{ fileName: 'b.pdf', data: annexPdf() }]);
			await suite.emulator.sign(a.envelopeId);
			await suite.emulator.sign(b.envelopeId);

			const result = await run(
				{
					operation,
					documentId: '={{ $json.doc }}',
					options: { fileName: '=contract-{{ $json.ref }}' },
				},
				[{ json: { doc: a.documentId, ref: 'A-1' } }, { json: { doc: b.documentId, ref: 'B-2' } }],
			);

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.fileName)).toEqual([
				'contract-A-1.pdf',
				'contract-B-2.pdf',
			]);
			expect(result.items.map((item) => item.binary?.data.fileName)).toEqual([
				'contract-A-1.pdf',
				'contract-B-2.pdf',
			]);
			expect((await result.binary(1, 'data')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
		},
	);

	it('keeps the extension of what arrived: a ZIP stays .zip whatever the name says', async () => {
		const envelope = seedEnvelope([
			{ fileName: 'main.pdf', data: suite.emulator.samplePdf },
			{ fileName: 'annex.pdf', data: annexPdf() },
		]);
		const result = await run({
			operation: 'downloadSigned',
			documentId: envelope.documentId,
			options: { fileName: 'bundle.pdf' },
		});
		expect(result.items[0].json).toMatchObject({
			fileName: 'bundle.zip',
			mimeType: 'application/zip',
		});
		expect(result.items[0].binary?.data).toMatchObject({
			fileName: 'bundle.zip',
			fileExtension: 'zip',
		});
	});

	it('an empty File Name keeps the name the service gives', async () => {
		const envelope = seedEnvelope([{ fileName: 'lease.pdf', data: suite.emulator.samplePdf }]);
		const result = await run({
			operation: 'download',
			documentId: envelope.documentId,
			options: { fileName: '  ' },
		});
		expect(result.items[0].json.fileName).toBe('lease.pdf');
	});
});
