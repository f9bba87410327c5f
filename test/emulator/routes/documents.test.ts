/**
 * Document routes (documents.ts): original and signed downloads, completed Base64 and content Base64. The ZIP answer
 * for a multi-file envelope is tested with the ZIP writer, in ../zip.test.ts.
 */
import { pdfSigners } from '../pdf';
import { call, createEnvelope, emu, invite, useEmulator } from '../testing';

useEmulator();

describe('documents', () => {
	it('downloads the original and the signed bytes; 404 for unknown documents', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const original = await call('GET', `/api/v1/documents/${documentId}`);
		expect(original.status).toBe(200);
		expect(original.headers.get('content-type')).toBe('application/pdf');
		expect(original.headers.get('content-disposition')).toContain(
			'attachment; filename="contract.pdf"',
		);
		expect(original.buffer.equals(emu.samplePdf)).toBe(true);
		const unsigned = await call('GET', `/api/v1/documents/${documentId}/signed`);
		expect(unsigned.buffer.equals(emu.samplePdf)).toBe(true);
		await invite(documentId, 'a@example.com');
		await emu.sign(envelopeId);
		const signed = await call('GET', `/api/v1/documents/${documentId}/signed`);
		expect(signed.headers.get('content-type')).toBe('application/pdf');
		expect(signed.buffer.equals(emu.signedPdf(emu.samplePdf, ['Signer 1']))).toBe(true);
		const unknown = await call('GET', '/api/v1/documents/11111111-2222-4333-8444-555555555555');
		expect(unknown.status).toBe(404);
		expect(unknown.json).toMatchObject({ errorCode: 404, message: 'DocumentNotFound', data: null });
	});

	it('completed/base64: 100 before completion, the signed PDF afterwards', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const early = await call('GET', `/api/v1/documents/${documentId}/completed/base64`);
		expect(early.json).toMatchObject({ errorCode: 100, data: null });
		await emu.sign(envelopeId);
		const res = await call('GET', `/api/v1/documents/${documentId}/completed/base64`);
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({
			file: expect.any(String),
			fileName: 'contract.pdf',
			contentType: 'application/pdf',
		});
		expect(pdfSigners(Buffer.from(res.json.data.file, 'base64'))).toEqual(['Signer 1']);
	});

	it('content-base64 returns the content to its owner', async () => {
		const { documentId } = await createEnvelope();
		const res = await call('GET', `/api/v1/documents/${documentId}/content-base64`);
		expect(res.json.errorCode).toBe(0);
		expect(Buffer.from(res.json.data.file, 'base64').equals(emu.samplePdf)).toBe(true);
		expect(res.json.data).toMatchObject({
			fileName: 'contract.pdf',
			contentType: 'application/pdf',
		});
	});
});
