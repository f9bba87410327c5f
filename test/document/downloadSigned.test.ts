/**
 * Document → Download Signed: the signed PDF, or a ZIP of several files (nodes/ESignature/resources/document/downloadSigned.ts).
 */
import { SIGNED_MARKER, readZip } from '../emulator';
import { newSigner } from '../emulator/state';
import { documentSuite, expectDownloadRequest } from './testing';

const { suite, run, apiCalls, annexPdf } = documentSuite();

describe('document: downloadSigned', () => {
	it('downloads a single-file envelope as the signed PDF', async () => {
		const envelope = suite.seedEnvelope({
			files: [{ fileName: 'lease.pdf', data: suite.emulator.samplePdf }],
		});
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
		const envelope = suite.seedEnvelope({
			files: [
				{ fileName: 'main.pdf', data: suite.emulator.samplePdf },
				{ fileName: 'annex.pdf', data: annexPdf() },
			],
		});
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
		const envelope = suite.seedEnvelope();
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
