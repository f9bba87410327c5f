/**
 * Envelope routes (envelopes.ts): creation (multipart, Base64, template, bulk), adding files, cancellation, status.
 */
import { TEMPLATE_ID } from '../fixtures';
import { ZERO_GUID } from '../http';
import {
	call,
	clientCredentialsToken,
	createEnvelope,
	createWebhook,
	destination,
	emu,
	expectWrapperKeys,
	invite,
	pdfBase64,
	pdfForm,
	useEmulator,
} from '../testing';

useEmulator();

describe('POST /api/v1/envelopes/initiate', () => {
	it('creates an envelope from every file part and reads parameters from form fields or the query', async () => {
		const fileId = '11111111-2222-4333-8444-555555555555';
		const res = await call('POST', `/api/v1/envelopes/initiate?FileId=${fileId}`, {
			form: pdfForm(
				[
					['document', 'one.pdf'],
					['anything', 'two.pdf'],
				],
				{ referenceNumber: 'REF-MULTI', IsForExternalWorkFlow: 'false' },
			),
		});
		expect(res.status).toBe(200);
		expectWrapperKeys(res.json);
		expect(res.json).toMatchObject({ errorCode: 0, message: 'Success' });
		expect(res.json.data).toEqual({
			documentId: fileId,
			envelopeId: expect.any(String),
			destinations: null,
			referenceNumber: 'REF-MULTI',
			creatorFields: null,
		});
		const envelope = emu.envelope(res.json.data.envelopeId)!;
		expect(envelope.files.map((f) => f.fileName)).toEqual(['one.pdf', 'two.pdf']);
		expect(envelope.files[0].data.equals(emu.samplePdf)).toBe(true);
		expect(envelope.account).toBe(emu.demo.accountId);
		const recorded = emu.requestsTo('POST', '/api/v1/envelopes/initiate')[0];
		expect(recorded.files.map((f) => f.field)).toEqual(['document', 'anything']);
		expect(recorded.body).toMatchObject({ referenceNumber: 'REF-MULTI' });
		expect(recorded.query).toEqual({ FileId: fileId });
	});

	it('generates a reference number when none is given', async () => {
		const res = await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'a.pdf']]),
		});
		expect(res.json.data.referenceNumber).toMatch(/^REF-/);
	});

	it('answers 116 FileNotFoundInRequest with zero GUIDs when no file is sent', async () => {
		const form = new FormData();
		form.append('ReferenceNumber', 'x');
		const res = await call('POST', '/api/v1/envelopes/initiate', { form });
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({
			errorCode: 116,
			message: 'FileNotFoundInRequest',
			data: {
				documentId: ZERO_GUID,
				envelopeId: ZERO_GUID,
				destinations: null,
				referenceNumber: null,
				creatorFields: null,
			},
		});
	});

	it('refuses a non-PDF file, an unknown webhook and an empty FileId with errorCode 8', async () => {
		const notPdf = await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'notes.txt', Buffer.from('hello')]]),
		});
		expect(notPdf.status).toBe(400);
		expect(notPdf.json.errorCode).toBe(8);
		expect(JSON.stringify(notPdf.json.stateValidationErrors)).toContain('notes.txt');
		const hook = await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'a.pdf']], { WebhookId: '11111111-2222-4333-8444-555555555555' }),
		});
		expect(hook.json.errorCode).toBe(8);
		expect(hook.json.stateValidationErrors).toHaveProperty('WebhookId');
		const empty = await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'a.pdf']], { FileId: '' }),
		});
		expect(empty.json.errorCode).toBe(8);
		expect(empty.json.stateValidationErrors).toHaveProperty('FileId');
	});

	it('answers 227 DuplicatedReferenceNumber (HTTP 200) for a reused reference of the same account only', async () => {
		const first = await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'DUP-1' }),
		});
		expect(first.json.errorCode).toBe(0);
		const second = await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'DUP-1' }),
		});
		expect(second.status).toBe(200);
		expect(second.json).toMatchObject({
			errorCode: 227,
			message: 'DuplicatedReferenceNumber',
			data: null,
		});
		const other = emu.addAccount();
		const third = await call('POST', '/api/v1/envelopes/initiate', {
			token: await clientCredentialsToken(other),
			form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'DUP-1' }),
		});
		expect(third.json.errorCode).toBe(0);
	});
});

describe('POST /api/v1/envelopes/initiate-base64', () => {
	it('creates an envelope from files {fileId, file, fileName}, and in the live profile from File only', async () => {
		const webhookId = await createWebhook('http://127.0.0.1:9/x', '', false);
		const fileId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
		const res = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: {
				webhookId,
				referenceNumber: 'B64-1',
				files: { fileId, file: pdfBase64(), fileName: 'b64.pdf' },
			},
		});
		expect(res.json).toMatchObject({
			errorCode: 0,
			data: {
				documentId: fileId,
				referenceNumber: 'B64-1',
				destinations: null,
				creatorFields: null,
			},
		});
		expect(emu.envelope(res.json.data.envelopeId)).toMatchObject({ webhookId, status: 'Pending' });
		emu.setProfile('live');
		const refused = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: { referenceNumber: 'B64-2', files: { file: pdfBase64(), fileName: 'spec.pdf' } },
		});
		expect(refused.status).toBe(200);
		expect(refused.json).toMatchObject({
			errorCode: 8,
			stateValidationErrors: { File: ['File is required field'] },
		});
		const live = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: { referenceNumber: 'B64-2', File: { file: pdfBase64(), fileName: 'live.pdf' } },
		});
		expect(live.json.errorCode).toBe(0);
		expect(emu.state.account(emu.demo.accountId)!.envelopes.size).toBe(2);
		expect(emu.envelope(live.json.data.envelopeId)!.files[0].fileName).toBe('live.pdf');
	});

	it('answers 400 "File content is required" for missing content, and 8 for bad Base64 or non-PDF', async () => {
		const missing = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: { referenceNumber: 'x', files: { file: '', fileName: 'a.pdf' } },
		});
		expect(missing.status).toBe(400);
		expect(missing.json).toMatchObject({ errorCode: 400, message: 'File content is required' });
		const junk = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: { referenceNumber: 'x', files: { file: '%%%not base64', fileName: 'a.pdf' } },
		});
		expect(junk.json.errorCode).toBe(8);
		const text = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: {
				referenceNumber: 'x',
				files: { file: Buffer.from('plain text').toString('base64'), fileName: 'a.txt' },
			},
		});
		expect(text.json.errorCode).toBe(8);
		const emptyId = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: { referenceNumber: 'x', files: { fileId: '', file: pdfBase64(), fileName: 'a.pdf' } },
		});
		expect(emptyId.json.errorCode).toBe(8);
	});
});

describe('POST /api/v1/envelopes/initiate-by-template', () => {
	const templateForm = (fields: Record<string, string>) => {
		const form = new FormData();
		for (const [k, v] of Object.entries(fields)) form.append(k, v);
		return form;
	};

	it("creates an envelope with the template's destinations", async () => {
		const res = await call('POST', '/api/v1/envelopes/initiate-by-template', {
			form: templateForm({ templateId: TEMPLATE_ID, userOnlySigner: 'false' }),
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toMatchObject({
			documentId: expect.any(String),
			envelopeId: expect.any(String),
			creatorFields: null,
		});
		expect(res.json.data.destinations).toHaveLength(2);
		expect(res.json.data.destinations[0]).toMatchObject({
			destinationEmail: 'signer.one@example.com',
			signeOrder: 1,
			status: 'Pending',
		});
		expect(emu.envelope(res.json.data.envelopeId)!.signers).toHaveLength(2);
		const only = await call('POST', '/api/v1/envelopes/initiate-by-template', {
			form: templateForm({ templateId: TEMPLATE_ID, userOnlySigner: 'true' }),
		});
		expect(only.json.data.destinations).toEqual([
			expect.objectContaining({ destinationEmail: emu.demo.username }),
		]);
	});

	it('answers 404 for an unknown template and 8 for a bad templateId', async () => {
		const res = await call('POST', '/api/v1/envelopes/initiate-by-template', {
			form: templateForm({
				templateId: '99999999-2222-4333-8444-555555555555',
				userOnlySigner: 'false',
			}),
		});
		expect(res.status).toBe(404);
		expect(res.json).toMatchObject({ errorCode: 404, message: 'Template not found' });
		const bad = await call('POST', '/api/v1/envelopes/initiate-by-template', {
			form: templateForm({ templateId: 'nope' }),
		});
		expect(bad.json.errorCode).toBe(8);
	});
});

describe('bulk envelope creation', () => {
	it('bulk/initiate-base64 creates one envelope with a document per file', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-base64', {
			json: {
				webhookId: null,
				workflowId: '',
				referenceNumber: 'BULK-1',
				files: [
					{ file: pdfBase64(), fileName: 'a.pdf' },
					{ file: pdfBase64(), fileName: 'b.pdf' },
				],
			},
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({
			envelopeId: expect.any(String),
			bulkFileResponse: [
				{ documentId: expect.any(String), documentName: 'a.pdf', referenceNumber: 'BULK-1' },
				{ documentId: expect.any(String), documentName: 'b.pdf', referenceNumber: 'BULK-1' },
			],
			destinations: null,
		});
		expect(emu.envelope(res.json.data.envelopeId)!.documentId).toBe(
			res.json.data.bulkFileResponse[0].documentId,
		);
	});

	it('bulk/initiate-base64 answers 400 "At least one envelope is required" for no files', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-base64', {
			json: { referenceNumber: 'x', files: [] },
		});
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({
			errorCode: 400,
			message: 'At least one envelope is required',
		});
	});

	it('bulk/initiate-and-invite creates the envelope, the signers and sends invitations', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-and-invite', {
			json: {
				Files: [{ File: pdfBase64(), fileName: 'invite.pdf' }],
				Destinations: [destination('one@example.com', 1), destination('two@example.com', 2)],
				SaveAsDraft: false,
				WebhookId: null,
				InvitationMessage: 'Please sign',
				InvitationSubject: 'Contract',
				SendUserInvitation: true,
				IsReturnUrl: true,
			},
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toMatchObject({
			envelopeId: expect.any(String),
			documentId: expect.any(String),
			referenceNumber: expect.any(String),
		});
		expect(res.json.data.destinations).toEqual([
			{
				destinationId: expect.any(String),
				destinationName: 'Signer 1',
				destinationEmail: 'one@example.com',
				status: 'Pending',
			},
			{
				destinationId: expect.any(String),
				destinationName: 'Signer 2',
				destinationEmail: 'two@example.com',
				status: 'Pending',
			},
		]);
		expect(res.json.returnUrl).toBe(`/dashboard/envelopes/${res.json.data.envelopeId}`);
		expect(emu.notifications.map((n) => n.to)).toEqual(['one@example.com', 'two@example.com']);
		expect(emu.notifications[0]).toMatchObject({
			subject: 'Contract',
			message: 'Please sign',
			kind: 'invitation',
		});
	});

	it('bulk/initiate-and-invite keeps drafts unsent and answers 100 for no destinations', async () => {
		const draft = await call('POST', '/api/v1/envelopes/bulk/initiate-and-invite', {
			json: {
				Files: [{ File: pdfBase64(), fileName: 'd.pdf' }],
				Destinations: [destination('d@example.com', 1)],
				SaveAsDraft: true,
				IsReturnUrl: false,
			},
		});
		expect(draft.json).toMatchObject({ errorCode: 0, returnUrl: null });
		expect(emu.notifications).toHaveLength(0);
		const none = await call('POST', '/api/v1/envelopes/bulk/initiate-and-invite', {
			json: { Files: [{ File: pdfBase64(), fileName: 'd.pdf' }], Destinations: [] },
		});
		expect(none.json).toMatchObject({ errorCode: 100, message: 'GeneralError' });
	});
});

describe('envelope files, cancel and status', () => {
	it('adds files before invitations (data true) and refuses afterwards (100); no file gives 116', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const res = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, {
			form: pdfForm([['file', 'annex.pdf']]),
		});
		expect(res.json).toMatchObject({ errorCode: 0, message: 'Success', data: true });
		expect(emu.envelope(envelopeId)!.files.map((f) => f.fileName)).toEqual([
			'contract.pdf',
			'annex.pdf',
		]);
		const noFile = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, {
			form: new FormData(),
		});
		expect(noFile.status).toBe(400);
		expect(noFile.json).toMatchObject({ errorCode: 116, message: 'FileNotFoundInRequest' });
		const fieldOnly = new FormData();
		fieldOnly.append('note', 'x');
		const empty = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, { form: fieldOnly });
		expect(empty.status).toBe(400);
		expect(empty.json.errorCode).toBe(116);
		await invite(documentId, 'a@example.com');
		const late = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, {
			form: pdfForm([['file', 'late.pdf']]),
		});
		expect(late.json.errorCode).toBe(100);
		const unknown = await call(
			'POST',
			'/api/v1/envelopes/11111111-2222-4333-8444-555555555555/files',
			{ form: pdfForm([['file', 'x.pdf']]) },
		);
		expect(unknown.status).toBe(404);
	});

	it('reports status with signers', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com', 'b@example.com');
		const res = await call('GET', `/api/v1/envelopes/${envelopeId}/status`);
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({
			envelopeId,
			status: 'Pending',
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			signers: [
				{ name: 'Signer 1', email: 'a@example.com', status: 'Pending', signedAt: null },
				{ name: 'Signer 2', email: 'b@example.com', status: 'Pending', signedAt: null },
			],
		});
		await emu.sign(envelopeId, 'a@example.com');
		const partial = await call('GET', `/api/v1/envelopes/${envelopeId}/status`);
		expect(partial.json.data.status).toBe('In-progress');
		expect(partial.json.data.signers[0]).toMatchObject({
			status: 'Signed',
			signedAt: expect.any(String),
		});
		const unknown = await call(
			'GET',
			'/api/v1/envelopes/11111111-2222-4333-8444-555555555555/status',
		);
		expect(unknown.json).toMatchObject({ errorCode: 0, data: null });
		const bad = await call('GET', '/api/v1/envelopes/not-a-guid/status');
		expect(bad.json.errorCode).toBe(8);
	});

	it('cancels an active envelope, checks envelopId, and refuses a completed one with HTTP 400 errorCode 100', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const mismatch = await call('POST', `/api/v1/envelopes/${envelopeId}/cancel`, {
			json: { envelopId: '11111111-2222-4333-8444-555555555555' },
		});
		expect(mismatch.json.errorCode).toBe(8);
		const res = await call('POST', `/api/v1/envelopes/${envelopeId}/cancel`, {
			json: { envelopId: envelopeId },
		});
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.status).toBe('Cancelled');
		expect(
			emu.notifications.some((n) => n.kind === 'cancellation' && n.to === 'a@example.com'),
		).toBe(true);
		await expect(emu.sign(envelopeId)).rejects.toThrow(/Cancelled/);

		const done = await createEnvelope();
		await invite(done.documentId, 'b@example.com');
		await emu.sign(done.envelopeId);
		const completed = await call('POST', `/api/v1/envelopes/${done.envelopeId}/cancel`, {
			json: { envelopId: done.envelopeId },
		});
		expect(completed.status).toBe(400);
		expect(completed.json).toMatchObject({ errorCode: 100 });
		expect(emu.envelope(done.envelopeId)!.status).toBe('Completed');
	});
});
