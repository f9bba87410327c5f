/**
 * Add Files (addFiles.ts): more documents for an envelope before its invitations go out.
 */
import { envelopeSuite, expectMultipart, UNKNOWN_GUID } from './testing';

const { suite, run, envelopeCalls, pdfItem, otherPdf, createEnvelope } = envelopeSuite();

describe('envelope: addFiles', () => {
	it('uploads the named binary fields as "files" parts to the envelope path', async () => {
		const { envelopeId } = await createEnvelope();
		const result = await run(
			{ operation: 'addFiles', envelopeId, inputDataFieldName: 'annex1,annex2' },
			[
				{
					binary: {
						annex1: { data: otherPdf(), fileName: 'annex-1.pdf', mimeType: 'application/pdf' },
						annex2: {
							data: suite.emulator.samplePdf,
							fileName: 'annex-2.pdf',
							mimeType: 'application/pdf',
						},
					},
				},
			],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/api/v1/envelopes/${envelopeId}/files`);
		expectMultipart(request);
		expect(request.body).toEqual({});
		expect(request.files.map((f) => [f.field, f.fileName, f.contentType])).toEqual([
			['files', 'annex-1.pdf', 'application/pdf'],
			['files', 'annex-2.pdf', 'application/pdf'],
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.envelope(envelopeId)!.files.map((f) => f.fileName)).toEqual([
			'doc-0.pdf',
			'annex-1.pdf',
			'annex-2.pdf',
		]);
	});

	it('refuses an Envelope ID that is not an ID, before sending', async () => {
		const result = await run({ operation: 'addFiles', envelopeId: '42' }, [pdfItem()]);
		expect(result.error?.message).toMatch(/^Envelope ID must be an ID like .*got "42"/);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports files added after the invitations went out (error 100 with HTTP 200)', async () => {
		const { envelopeId } = await createEnvelope();
		suite.emulator.envelope(envelopeId)!.invitationsSent = true;
		const result = await run({ operation: 'addFiles', envelopeId }, [pdfItem()]);
		expect(envelopeCalls()).toHaveLength(1);
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
	});

	it('reports an envelope of nobody (HTTP 404)', async () => {
		const result = await run({ operation: 'addFiles', envelopeId: UNKNOWN_GUID }, [pdfItem()]);
		expect(result.error?.message).toBe(`Envelope ID "${UNKNOWN_GUID}" was not found (error 404)`);
	});
});
