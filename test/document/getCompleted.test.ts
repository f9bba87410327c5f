/**
 * Document → Get Completed: the Base64 answer of a completed envelope (nodes/ESignature/resources/document/getCompleted.ts).
 */
import { newSigner } from '../emulator/state';
import { documentSuite, expectDownloadRequest } from './testing';

const { suite, run, apiCalls } = documentSuite();

describe('document: getCompleted (Base64 answer)', () => {
	it('turns the Base64 file of a completed envelope into a PDF binary with the service file name', async () => {
		const envelope = suite.seedEnvelope({
			files: [{ fileName: 'final.pdf', data: suite.emulator.samplePdf }],
		});
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
		const envelope = suite.seedEnvelope();
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
		const envelope = suite.seedEnvelope();
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
