/**
 * Signing routes (signing.ts): direct signing (v2 sign, with its callback), sign by template and identity-provider
 * signing. Which webhook a callback goes to and failed deliveries are tested in ../events.test.ts.
 */
import { TEMPLATE_ID, TEMPLATE_WITH_RECIPIENT_FIELDS_ID } from '../fixtures';
import { pdfSigners } from '../pdf';
import {
	call,
	createEnvelope,
	createWebhook,
	emu,
	invite,
	pdfBase64,
	receiverForEachTest,
	useEmulator,
} from '../testing';

useEmulator();

const signres = (email: string, first = 'Ali') => ({
	firstNameArabic: 'علي',
	firstNameEnglish: first,
	secondNameArabic: 'محمد',
	secondNameEnglish: 'Mohammed',
	familyNameArabic: 'السعيد',
	familyNameEnglish: 'Alsaeed',
	nationalId: '1000000001',
	mobileNumber: '+966500000001',
	emailAddress: email,
});

describe('direct signing: POST /api/v2/sign', () => {
	const receiver = receiverForEachTest();

	it('POST /api/v2/sign signs, completes and delivers the callback with the raw Authorization header', async () => {
		await createWebhook(receiver.url, 'secret-token');
		const { envelopeId, documentId, referenceNumber } = await createEnvelope();
		await invite(documentId, 'a@example.com', 'b@example.com');
		const first = await call('POST', '/api/v2/sign', {
			json: { documentId, signres: [signres('a@example.com', 'Ali')] },
		});
		expect(first.json).toMatchObject({ errorCode: 0, message: 'Success', data: true });
		expect(emu.envelope(envelopeId)!.status).toBe('In-progress');
		expect(receiver.received).toHaveLength(0);
		const second = await call('POST', '/api/v2/sign', {
			json: { documentId, signres: [{ ...signres('b@example.com', 'Badr'), authType: 'nafath' }] },
		});
		expect(second.json.errorCode).toBe(0);
		expect(emu.envelope(envelopeId)!.status).toBe('Completed');
		expect(receiver.received).toHaveLength(1);
		const [{ headers, body }] = receiver.received;
		expect(headers.authorization).toBe('secret-token');
		expect(headers['content-type']).toContain('application/json');
		expect(body).toMatchObject({
			RequestId: envelopeId,
			Status: 1,
			ReferencNumber: referenceNumber,
			Fields: [],
		});
		expect(body.Files).toEqual([{ FileName: 'contract.pdf', File: expect.any(String) }]);
		const signedFile = Buffer.from(body.Files[0].File, 'base64');
		expect(pdfSigners(signedFile)).toEqual(['Signer 1', 'Signer 2']);
		expect(body.Signatory[0]).toEqual({
			Id: expect.any(String),
			Status: 'SIGNED',
			FullName: 'Signer 1',
			FullNameAr: 'علي محمد السعيد',
			NationalId: '1000000001',
			SignOrder: 1,
			Email: 'a@example.com',
			PhoneNumber: '+966500000001',
			AuthenticationType: 'WITHOUTVALIDATION',
			// Not given: null, never invented.
			Gender: null,
			Nationlity: null,
			RejectReason: null,
		});
		expect(emu.deliveries).toEqual([
			expect.objectContaining({
				requestId: envelopeId,
				webhookUrl: receiver.url,
				httpStatusCode: 200,
				ok: true,
			}),
		]);
		expect(emu.deliveries[0].headers.authorization).toBe('secret-token');
	});

	it('POST /api/v2/sign adds unknown signers and answers 100 for empty signres or unknown documents', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const empty = await call('POST', '/api/v2/sign', { json: { documentId, signres: [] } });
		expect(empty.status).toBe(200);
		expect(empty.json).toMatchObject({ errorCode: 100, message: 'GeneralError' });
		const unknown = await call('POST', '/api/v2/sign', {
			json: {
				documentId: '11111111-2222-4333-8444-555555555555',
				signres: [signres('a@example.com')],
			},
		});
		expect(unknown.json).toMatchObject({ errorCode: 100, message: 'GeneralError' });
		const ok = await call('POST', '/api/v2/sign', {
			json: { documentId, signres: [signres('new@example.com')] },
		});
		expect(ok.json.errorCode).toBe(0);
		expect(emu.envelope(envelopeId)).toMatchObject({
			status: 'Completed',
			signers: [
				expect.objectContaining({
					email: 'new@example.com',
					status: 'Signed',
					nationalId: '1000000001',
				}),
			],
		});
		// no webhook registered: no delivery
		expect(emu.deliveries).toHaveLength(0);
	});
});

describe('sign by template', () => {
	it('answers 209 for a template with recipient fields and 404 for an unknown template', async () => {
		const recipient = await call('POST', '/api/v2/sign/by-template', {
			json: {
				templateId: TEMPLATE_WITH_RECIPIENT_FIELDS_ID,
				signres: [signres('a@example.com')],
				templateFields: [],
			},
		});
		expect(recipient.status).toBe(200);
		expect(recipient.json).toMatchObject({
			errorCode: 209,
			data: null,
			message: expect.stringMatching(/recipient/),
		});
		const unknown = await call('POST', '/api/v2/sign/by-template', {
			json: {
				templateId: '99999999-2222-4333-8444-555555555555',
				signres: [signres('a@example.com')],
			},
		});
		expect(unknown.status).toBe(404);
		expect(unknown.json).toMatchObject({ errorCode: 404, message: 'Template not found' });
	});

	it('creates a completed envelope', async () => {
		const res = await call('POST', '/api/v2/sign/by-template', {
			json: {
				templateId: TEMPLATE_ID,
				signres: [signres('a@example.com')],
				templateFields: [{ fieldName: 'ContractNumber', value: 'C-1' }],
				ReferenceNumber: 'TPL-1',
				Password: '',
			},
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({
			documentId: expect.any(String),
			envelopeId: expect.any(String),
			referenceNumber: 'TPL-1',
		});
		const envelope = emu.envelope(res.json.data.envelopeId)!;
		expect(envelope.status).toBe('Completed');
		expect(envelope.templateFields).toEqual([{ fieldName: 'ContractNumber', value: 'C-1' }]);
		const duplicate = await call('POST', '/api/v2/sign/by-template', {
			json: {
				templateId: TEMPLATE_ID,
				signres: [signres('a@example.com')],
				ReferenceNumber: 'TPL-1',
			},
		});
		expect(duplicate.json.errorCode).toBe(227);
	});
});

describe('identity-provider signing', () => {
	const requestId = '12345678-1234-4234-8234-123456789abc';
	const idpBody = (file = pdfBase64()) => ({
		requestId,
		file: { file, fileName: 'idp.pdf', password: null },
		signatureAppearance: {
			isVisible: true,
			pageNumber: 1,
			rect: { x1: 10, y1: 10, width: 100, height: 40 },
			appearanceImageBase64: '',
			extraText: 'ok',
		},
		config: {
			showAccountName: true,
			showRequestId: true,
			showSignDate: true,
			showPageNumber: false,
		},
	});

	it('v1 answers 100 until the signer authenticated, then returns the signed PDF in Base64', async () => {
		const before = await call('POST', '/api/v1/esign/idp/sign', { json: idpBody() });
		expect(before.status).toBe(200);
		expect(before.json).toMatchObject({
			errorCode: 100,
			data: null,
			message: 'Users must authenticate through the identity provider first',
		});
		emu.authenticateIdentity(requestId);
		const after = await call('POST', '/api/v1/esign/idp/sign', { json: idpBody() });
		expect(after.json.errorCode).toBe(0);
		const signed = Buffer.from(after.json.data, 'base64');
		expect(signed.equals(emu.signedPdf(emu.samplePdf, [emu.demo.username]))).toBe(true);
		const bad = await call('POST', '/api/v1/esign/idp/sign', {
			json: idpBody(Buffer.from('no pdf').toString('base64')),
		});
		expect(bad.json.errorCode).toBe(8);
	});

	it('v2 signs with the signres names', async () => {
		emu.authenticateIdentity(requestId);
		const res = await call('POST', '/api/v2/esign/idp/sign', {
			json: { ...idpBody(), signres: [signres('a@example.com', 'Sara')] },
		});
		expect(res.json.errorCode).toBe(0);
		expect(pdfSigners(Buffer.from(res.json.data, 'base64'))).toEqual(['Sara Mohammed Alsaeed']);
		const missing = await call('POST', '/api/v2/esign/idp/sign', { json: idpBody() });
		expect(missing.json.errorCode).toBe(8);
	});
});
