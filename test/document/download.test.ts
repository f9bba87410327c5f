/**
 * Document → Download: the original file (nodes/ESignature/resources/document/download.ts).
 */
import { UNKNOWN_GUID } from '../harness';
import { documentSuite, expectDownloadRequest } from './testing';

const { suite, run, apiCalls, annexPdf } = documentSuite();

describe('document: download (original file)', () => {
	it('downloads the original file into the output binary field, typed and named from the answer', async () => {
		const envelope = suite.seedEnvelope();
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
		const a = suite.seedEnvelope({
			files: [{ fileName: 'a.pdf', data: suite.emulator.samplePdf }],
		});
		const b = suite.seedEnvelope({ files: [{ fileName: 'b.pdf', data: annexPdf() }] });
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
		// The download, then (after the not-found answer) whether the ID is an envelope's
		// (test/inputs/misplaced-ids.test.ts).
		expect(apiCalls().map((request) => request.path)).toEqual([
			`/api/v1/documents/${UNKNOWN_GUID}`,
			`/api/v1/envelopes/${UNKNOWN_GUID}/status`,
		]);
		expect(result.error?.message).toBe(`Document ID "${UNKNOWN_GUID}" was not found (error 404)`);
		expect(result.error?.description).toMatch(/^Service message: DocumentNotFound\n/);
		expect(result.items).toHaveLength(0);
	});

	it('refuses a Document ID that is not an ID, before sending', async () => {
		const result = await run({ operation: 'download', documentId: 'contract.pdf' });
		expect(result.error?.message).toMatch(/^Document ID must be an ID like .*got "contract.pdf"/);
		const empty = await run({ operation: 'download', documentId: '={{ $json.nothing }}' });
		expect(empty.error?.message).toBe(
			'Document ID is required: the expression {{ $json.nothing }} found no nothing in the input item',
		);
		expect(apiCalls()).toHaveLength(0);
	});

	it('continues on fail: an error item for the bad document, the file for the good one', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run(
			{ operation: 'download', documentId: '={{ $json.doc }}' },
			[{ json: { doc: UNKNOWN_GUID } }, { json: { doc: envelope.documentId } }],
			{ continueOnFail: true },
		);

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json.error).toBe(
			`Document ID "${UNKNOWN_GUID}" was not found (error 404)`,
		);
		expect(result.items[0].binary).toBeUndefined();
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect((await result.binary(1, 'data')).equals(suite.emulator.samplePdf)).toBe(true);
	});
});
