/**
 * Create (create.ts): a multipart upload of binary fields or Base64 files, one envelope per item.
 */
import type { IDataObject } from 'n8n-workflow';

import { ZERO_GUID } from '../emulator';
import { byId, envelopeSuite, expectMultipart, reference } from './testing';

const { suite, run, envelopeCalls, pdfItem, otherPdf, createWebhook } = envelopeSuite();

describe('envelope: create (multipart upload)', () => {
	it('sends the upload again, whole, when the service refuses the stored token and n8n renews it', async () => {
		await run({ operation: 'getStatus', envelopeId: '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5' }).catch(
			() => undefined,
		);
		suite.emulator.expireAllTokens();
		suite.emulator.clearRequests();
		const result = await run({ operation: 'create', inputDataFieldName: 'data' }, [
			pdfItem('renewed.pdf'),
		]);

		expect(result.error).toBeUndefined();
		const uploads = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		// The first attempt was refused (401) with the old token; the second, after renewal, carried the same bytes.
		expect(uploads.length).toBeGreaterThanOrEqual(2);
		expect(uploads.at(-1)!.files[0].data.equals(suite.emulator.samplePdf)).toBe(true);
		expect(uploads.at(-1)!.files[0].fileName).toBe('renewed.pdf');
		expect(result.items[0].json.envelopeId).toBeDefined();
	});

	it('uploads the file of the binary field as a "files" part with all optional parameters as form fields', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const ref = reference();
		const fileId = '5d7c1e0a-9b3f-4c21-8e6d-2a4b6c8d0e1f';
		const result = await run(
			{
				operation: 'create',
				inputDataFieldName: 'data',
				webhookId: byId(webhookId),
				additionalFields: {
					fileId,
					workflowId: 'wf-42',
					referenceNumber: ref,
					password: 's3cret',
					isForExternalWorkFlow: true,
				},
			},
			[pdfItem('contract.pdf')],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(envelopeCalls()).toHaveLength(1);
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/initiate');
		expect(request.query).toEqual({});
		expectMultipart(request);
		expect(request.body).toEqual({
			FileId: fileId,
			WebhookId: webhookId,
			WorkflowId: 'wf-42',
			ReferenceNumber: ref,
			Password: 's3cret',
			IsForExternalWorkFlow: 'true',
		});
		expect(request.files).toHaveLength(1);
		expect(request.files[0]).toMatchObject({
			field: 'files',
			fileName: 'contract.pdf',
			contentType: 'application/pdf',
		});
		expect(request.files[0].data.equals(suite.emulator.samplePdf)).toBe(true);

		expect(result.items).toHaveLength(1);
		const output = result.items[0];
		expect(output.pairedItem).toEqual({ item: 0 });
		// The service answers destinations and creatorFields null: Simplify (on by default) leaves them out.
		expect(output.json).toEqual({
			documentId: fileId,
			envelopeId: expect.any(String),
			referenceNumber: ref,
			// Where its events go: the Webhook chosen (without one, the account default: test/envelope/createFromBase64.test.ts).
			eventsTo: `webhook ${webhookId}`,
		});
		const envelope = suite.emulator.envelope(output.json.envelopeId as string)!;
		expect(envelope).toMatchObject({
			documentId: fileId,
			webhookId,
			workflowId: 'wf-42',
			password: 's3cret',
			isForExternalWorkFlow: true,
		});
		expect(output.json).not.toHaveProperty('errorCode');
	});

	it('outputs the envelope as the service answers it with Simplify off, nulls included', async () => {
		const result = await run({ operation: 'create', inputDataFieldName: 'data', simplify: false }, [
			pdfItem(),
		]);
		expect(result.items[0].json).toEqual({
			documentId: expect.any(String),
			envelopeId: expect.any(String),
			referenceNumber: expect.any(String),
			destinations: null,
			creatorFields: null,
			eventsTo: 'the account default webhook (no Webhook chosen)',
		});
	});

	it('uploads one part per binary field named, in order, and omits every empty optional parameter', async () => {
		const result = await run(
			{
				operation: 'create',
				inputDataFieldName: ' data , annex ',
				webhookId: byId(''),
				additionalFields: {},
			},
			[
				{
					binary: {
						data: {
							data: suite.emulator.samplePdf,
							fileName: 'main.pdf',
							mimeType: 'application/pdf',
						},
						annex: { data: otherPdf(), fileName: 'annex.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		// Without a Reference Number the node sends one derived from the execution and item (routing/idempotency.ts).
		expect(request.body).toEqual({
			ReferenceNumber: expect.stringMatching(/^n8n-runexec-\d+-item1-[0-9a-f]{8}$/),
		});
		expect(request.query).toEqual({});
		expect(request.files.map((f) => [f.field, f.fileName])).toEqual([
			['files', 'main.pdf'],
			['files', 'annex.pdf'],
		]);
		expect(request.files[1].data.equals(otherPdf())).toBe(true);
		const envelope = suite.emulator.envelope(result.items[0].json.envelopeId as string)!;
		expect(envelope.files.map((f) => f.fileName)).toEqual(['main.pdf', 'annex.pdf']);
		expect(envelope.isForExternalWorkFlow).toBe(false);
	});

	it('uploads Base64 files from Files (JSON) as "files" parts, typed from their bytes', async () => {
		const filesJson = JSON.stringify([
			{ file: suite.emulator.samplePdf.toString('base64'), fileName: 'from-text.pdf' },
			{ File: otherPdf().toString('base64'), FileName: 'annex.pdf' },
		]);
		const result = await run({ operation: 'create', fileInput: 'base64', filesJson });

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expectMultipart(request);
		expect(request.files.map((f) => [f.field, f.fileName, f.contentType])).toEqual([
			['files', 'from-text.pdf', 'application/pdf'],
			['files', 'annex.pdf', 'application/pdf'],
		]);
		expect(request.files[0].data.equals(suite.emulator.samplePdf)).toBe(true);
		expect(request.files[1].data.equals(otherPdf())).toBe(true);
	});

	it('sends Service External Workflow (IsForExternalWorkFlow) as false when it is set to false', async () => {
		const result = await run(
			{ operation: 'create', additionalFields: { isForExternalWorkFlow: false } },
			[pdfItem()],
		);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			IsForExternalWorkFlow: 'false',
			ReferenceNumber: expect.stringMatching(/^n8n-/),
		});
	});

	it('accepts the webhook ID as a plain string from an expression', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const result = await run({ operation: 'create', webhookId: '={{ $json.hook }}' }, [
			pdfItem('a.pdf', { hook: webhookId }),
		]);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			WebhookId: webhookId,
			ReferenceNumber: expect.stringMatching(/^n8n-/),
		});
	});

	it('creates one envelope per input item, each paired with its item', async () => {
		const refs = [reference('A'), reference('B'), reference('C')];
		const result = await run(
			{ operation: 'create', additionalFields: { referenceNumber: '={{ $json.ref }}' } },
			refs.map((ref, i) => pdfItem(`doc-${i}.pdf`, { ref })),
		);

		expect(result.error).toBeUndefined();
		expect(envelopeCalls()).toHaveLength(3);
		expect(result.items).toHaveLength(3);
		result.items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.referenceNumber).toBe(refs[i]);
			expect(suite.emulator.envelope(item.json.envelopeId as string)!.files[0].fileName).toBe(
				`doc-${i}.pdf`,
			);
		});
	});

	it('refuses a missing binary field before sending, naming the field and the properties the item has', async () => {
		const result = await run({ operation: 'create', inputDataFieldName: 'data, annex' }, [
			pdfItem(),
		]);
		expect(result.error?.message).toBe(
			'Input Binary Fields: the input item has no binary property "annex"',
		);
		expect(result.error?.description).toContain('data');
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('refuses an empty Input Binary Fields and an item without binary data before sending', async () => {
		const empty = await run({ operation: 'create', inputDataFieldName: ' , ' }, [pdfItem()]);
		expect(empty.error?.message).toMatch(/^Input Binary Fields is empty/);
		const noBinary = await run({ operation: 'create' }, [{ json: { a: 1 } }]);
		expect(noBinary.error?.message).toBe(
			'Input Binary Fields: the input item has no binary property "data"',
		);
		expect(noBinary.error?.description).toMatch(/no binary data/);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('refuses a File ID or a Webhook that is not an ID, before sending', async () => {
		const badFile = await run({ operation: 'create', additionalFields: { fileId: 'abc' } }, [
			pdfItem(),
		]);
		expect(badFile.error?.message).toMatch(/^File ID must be an ID like .*got "abc"/);
		const badHook = await run({ operation: 'create', webhookId: byId('={{ $json.hook }}') }, [
			pdfItem('a.pdf', { hook: 'not-a-guid' }),
		]);
		expect(badHook.error?.message).toMatch(/^Webhook must be an ID like .*got "not-a-guid"/);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('lets n8n refuse a typed webhook ID that is not an ID, but accepts an empty one', async () => {
		await expect(
			run({ operation: 'create', webhookId: byId('not-a-guid') }, [pdfItem()]),
		).rejects.toThrow(/Not a webhook ID/);
		const empty = await run({ operation: 'create', webhookId: byId('  ') }, [pdfItem()]);
		expect(empty.error).toBeUndefined();
		expect(envelopeCalls()).toHaveLength(1);
		expect(envelopeCalls()[0].body).toEqual({ ReferenceNumber: expect.stringMatching(/^n8n-/) });
	});

	it('refuses a file that is not a PDF before sending it', async () => {
		const result = await run({ operation: 'create' }, [
			{
				binary: {
					data: { data: Buffer.from('hello'), fileName: 'notes.txt', mimeType: 'text/plain' },
				},
			},
		]);
		expect(envelopeCalls()).toHaveLength(0);
		expect(result.error?.message).toBe(
			'Input Binary Fields: the file "notes.txt" is not a PDF: it is plain text',
		);
		expect(result.items).toHaveLength(0);
	});

	it('reports a request the service refuses (error 8, HTTP 400) with its validation details', async () => {
		suite.emulator.failNext(1, 400, {
			data: null,
			errorCode: 8,
			message: 'ValidationError',
			stateValidationErrors: { files: ["The file 'contract.pdf' is damaged."] },
		});
		const result = await run({ operation: 'create' }, [pdfItem()]);
		expect(envelopeCalls()).toHaveLength(1);
		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
		expect(result.error?.description).toContain("files: The file 'contract.pdf' is damaged.");
		expect(result.items).toHaveLength(0);
	});

	it('reports a reused reference number (error 227 with HTTP 200)', async () => {
		const ref = reference();
		const first = await run({ operation: 'create', additionalFields: { referenceNumber: ref } }, [
			pdfItem(),
		]);
		expect(first.error).toBeUndefined();
		const again = await run({ operation: 'create', additionalFields: { referenceNumber: ref } }, [
			pdfItem(),
		]);
		expect(again.error?.message).toBe(
			`The reference number is already used by another envelope of this account: "${ref}" (error 227)`,
		);
		expect(again.error?.description).toContain('Service message: DuplicatedReferenceNumber');
		expect(again.error?.description).toContain(
			'To create another envelope, give a new reference number.',
		);
		expect((again.error as unknown as { httpCode: string }).httpCode).toBe('227');
	});

	it('reports error 116 (no file found, HTTP 400) with the service message', async () => {
		suite.emulator.failNext(1, 400, {
			data: {
				documentId: ZERO_GUID,
				envelopeId: ZERO_GUID,
				destinations: null,
				referenceNumber: null,
				creatorFields: null,
			},
			errorCode: 116,
			message: 'FileNotFoundInRequest',
			returnUrl: null,
			stateValidationErrors: null,
			signature: '',
		});
		const result = await run({ operation: 'create' }, [pdfItem()]);
		expect(result.error?.message).toBe('No document file was found in the request (error 116)');
		expect(result.error?.description).toBe('Service message: FileNotFoundInRequest');
	});

	it('continues on fail: the failing item becomes an error item, the other item is created, both paired', async () => {
		const ref = reference();
		const result = await run(
			{ operation: 'create', additionalFields: { referenceNumber: '={{ $json.ref }}' } },
			[{ json: { ref: reference() } }, pdfItem('ok.pdf', { ref })],
			true,
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json.error).toBe(
			'Input Binary Fields: the input item has no binary property "data"',
		);
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.referenceNumber).toBe(ref);
		expect(envelopeCalls()).toHaveLength(1);
	});

	it('continues on fail after a service error on one item', async () => {
		const taken = reference();
		await run({ operation: 'create', additionalFields: { referenceNumber: taken } }, [pdfItem()]);
		suite.emulator.clearRequests();
		const fresh = reference();
		const result = await run(
			{ operation: 'create', additionalFields: { referenceNumber: '={{ $json.ref }}' } },
			[pdfItem('a.pdf', { ref: fresh }), pdfItem('b.pdf', { ref: taken })],
			true,
		);
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toMatchObject({
			pairedItem: { item: 0 },
			json: { referenceNumber: fresh },
		});
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.error).toMatch(/error 227/);
		expect(envelopeCalls()).toHaveLength(2);
	});

	it('keeps the whole service answer when Include Response Wrapper is on', async () => {
		const result = await run({ operation: 'create', options: { includeResponseWrapper: true } }, [
			pdfItem(),
		]);
		expect(result.items[0].json).toMatchObject({
			errorCode: 0,
			message: 'Success',
			returnUrl: null,
		});
		expect((result.items[0].json.data as IDataObject).envelopeId).toEqual(expect.any(String));
	});
});
