import { randomBytes } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { TEMPLATE_ID, TEMPLATES, ZERO_GUID } from './emulator';
import type { RecordedRequest } from './emulator';
import { emulatorSuite, type InputItem } from './harness';

const suite = emulatorSuite();

const UNKNOWN_GUID = '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5';
let referenceCounter = 0;
/** Reference numbers are unique per account: every test takes fresh ones. */
const reference = (label = 'REF') => `${label}-${Date.now()}-${++referenceCounter}`;

const pdfItem = (fileName = 'contract.pdf', json: IDataObject = {}, property = 'data'): InputItem => ({
	json,
	binary: { [property]: { data: suite.emulator.samplePdf, fileName, mimeType: 'application/pdf' } },
});

/** Another valid PDF, so tests can tell files apart by their bytes. */
const otherPdf = () => Buffer.concat([suite.emulator.samplePdf, Buffer.from('\n% annex\n')]);

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

const { apiRequests: envelopeCalls } = suite;

function expectBearer(request: RecordedRequest) {
	expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
}

function expectJson(request: RecordedRequest) {
	expect(request.headers['content-type']).toMatch(/^application\/json/);
	expectBearer(request);
}

function expectMultipart(request: RecordedRequest) {
	expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
	expectBearer(request);
}

async function createWebhook(): Promise<string> {
	const result = await suite.harness.run({
		parameters: { resource: 'webhook', operation: 'create', webhookUrl: 'https://example.com/esign-hook' },
	});
	expect(result.error).toBeUndefined();
	return result.items[0].json.id as string;
}

/** An envelope of the demo account, made through the node's own Create operation. */
async function createEnvelope(files = 1): Promise<{ envelopeId: string; documentId: string }> {
	const binary: InputItem['binary'] = {};
	const names: string[] = [];
	for (let i = 0; i < files; i++) {
		names.push(`file${i}`);
		binary[`file${i}`] = { data: suite.emulator.samplePdf, fileName: `doc-${i}.pdf`, mimeType: 'application/pdf' };
	}
	const result = await suite.harness.run({
		parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: names.join(',') },
		items: [{ binary }],
	});
	expect(result.error).toBeUndefined();
	suite.emulator.clearRequests();
	return result.items[0].json as { envelopeId: string; documentId: string };
}

const run = suite.runner('envelope');

describe('envelope: create (multipart upload)', () => {
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
		expect(request.files[0]).toMatchObject({ field: 'files', fileName: 'contract.pdf', contentType: 'application/pdf' });
		expect(request.files[0].data.equals(suite.emulator.samplePdf)).toBe(true);

		expect(result.items).toHaveLength(1);
		const output = result.items[0];
		expect(output.pairedItem).toEqual({ item: 0 });
		expect(output.json).toMatchObject({ documentId: fileId, referenceNumber: ref });
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

	it('uploads one part per binary field named, in order, and omits every empty optional parameter', async () => {
		const result = await run(
			{ operation: 'create', inputDataFieldName: ' data , annex ', webhookId: byId(''), additionalFields: {} },
			[
				{
					binary: {
						data: { data: suite.emulator.samplePdf, fileName: 'main.pdf', mimeType: 'application/pdf' },
						annex: { data: otherPdf(), fileName: 'annex.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.body).toEqual({});
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

	it('sends Is for External Workflow as false when it is set to false', async () => {
		const result = await run({ operation: 'create', additionalFields: { isForExternalWorkFlow: false } }, [pdfItem()]);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ IsForExternalWorkFlow: 'false' });
	});

	it('accepts the webhook ID as a plain string from an expression', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const result = await run({ operation: 'create', webhookId: '={{ $json.hook }}' }, [pdfItem('a.pdf', { hook: webhookId })]);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ WebhookId: webhookId });
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
			expect(suite.emulator.envelope(item.json.envelopeId as string)!.files[0].fileName).toBe(`doc-${i}.pdf`);
		});
	});

	it('refuses a missing binary field before sending, naming the field and the properties the item has', async () => {
		const result = await run({ operation: 'create', inputDataFieldName: 'data, annex' }, [pdfItem()]);
		expect(result.error?.message).toBe('Input Binary Fields: the input item has no binary property "annex"');
		expect(result.error?.description).toContain('data');
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('refuses an empty Input Binary Fields and an item without binary data before sending', async () => {
		const empty = await run({ operation: 'create', inputDataFieldName: ' , ' }, [pdfItem()]);
		expect(empty.error?.message).toMatch(/^Input Binary Fields is empty/);
		const noBinary = await run({ operation: 'create' }, [{ json: { a: 1 } }]);
		expect(noBinary.error?.message).toBe('Input Binary Fields: the input item has no binary property "data"');
		expect(noBinary.error?.description).toMatch(/no binary data/);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('refuses a File ID or a Webhook that is not an ID, before sending', async () => {
		const badFile = await run({ operation: 'create', additionalFields: { fileId: 'abc' } }, [pdfItem()]);
		expect(badFile.error?.message).toMatch(/^File ID must be an ID like .*got "abc"/);
		const badHook = await run({ operation: 'create', webhookId: byId('={{ $json.hook }}') }, [
			pdfItem('a.pdf', { hook: 'not-a-guid' }),
		]);
		expect(badHook.error?.message).toMatch(/^Webhook must be an ID like .*got "not-a-guid"/);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('lets n8n refuse a typed webhook ID that is not an ID, but accepts an empty one', async () => {
		await expect(run({ operation: 'create', webhookId: byId('not-a-guid') }, [pdfItem()])).rejects.toThrow(
			/Not a webhook ID/,
		);
		const empty = await run({ operation: 'create', webhookId: byId('  ') }, [pdfItem()]);
		expect(empty.error).toBeUndefined();
		expect(envelopeCalls()).toHaveLength(1);
		expect(envelopeCalls()[0].body).toEqual({});
	});

	it('reports a file the service refuses (error 8, HTTP 400) with its validation details', async () => {
		const result = await run({ operation: 'create' }, [
			{ binary: { data: { data: Buffer.from('hello'), fileName: 'notes.txt', mimeType: 'text/plain' } } },
		]);
		expect(envelopeCalls()).toHaveLength(1);
		expect(envelopeCalls()[0].files[0]).toMatchObject({ fileName: 'notes.txt', contentType: 'text/plain' });
		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
		expect(result.error?.description).toContain("files: The file 'notes.txt' is not a PDF document.");
		expect(result.items).toHaveLength(0);
	});

	it('reports a reused reference number (error 227 with HTTP 200)', async () => {
		const ref = reference();
		const first = await run({ operation: 'create', additionalFields: { referenceNumber: ref } }, [pdfItem()]);
		expect(first.error).toBeUndefined();
		const again = await run({ operation: 'create', additionalFields: { referenceNumber: ref } }, [pdfItem()]);
		expect(again.error?.message).toBe(
			'The reference number is already used by another envelope of this account (error 227)',
		);
		expect(again.error?.description).toContain('Service message: DuplicatedReferenceNumber');
		expect((again.error as unknown as { httpCode: string }).httpCode).toBe('200');
	});

	it('reports error 116 (no file found, HTTP 400) with the service message', async () => {
		suite.emulator.failNext(1, 400, {
			data: { documentId: ZERO_GUID, envelopeId: ZERO_GUID, destinations: null, referenceNumber: null, creatorFields: null },
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
		expect(result.items[0].json.error).toBe('Input Binary Fields: the input item has no binary property "data"');
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
		expect(result.items[0]).toMatchObject({ pairedItem: { item: 0 }, json: { referenceNumber: fresh } });
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.error).toMatch(/error 227/);
		expect(envelopeCalls()).toHaveLength(2);
	});

	it('keeps the whole service answer when Include Response Wrapper is on', async () => {
		const result = await run({ operation: 'create', options: { includeResponseWrapper: true } }, [pdfItem()]);
		expect(result.items[0].json).toMatchObject({ errorCode: 0, message: 'Success', returnUrl: null });
		expect((result.items[0].json.data as IDataObject).envelopeId).toEqual(expect.any(String));
	});
});

describe('envelope: createFromBase64', () => {
	it('encodes the binary field and sends the spec body with a `files` object', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const ref = reference();
		const fileId = '8a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
		const result = await run(
			{
				operation: 'createFromBase64',
				fileInput: 'binary',
				inputDataFieldName: 'pdf',
				webhookId: byId(webhookId),
				additionalFields: { fileId, workflowId: 'wf-7', referenceNumber: ref },
			},
			[pdfItem('offer.pdf', {}, 'pdf')],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/initiate-base64');
		expectJson(request);
		expect(request.body).toEqual({
			webhookId,
			workflowId: 'wf-7',
			referenceNumber: ref,
			files: { fileId, file: suite.emulator.samplePdf.toString('base64'), fileName: 'offer.pdf' },
		});
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ documentId: fileId, referenceNumber: ref, envelopeId: expect.any(String) }),
				pairedItem: { item: 0 },
			},
		]);
		expect(suite.emulator.envelope(result.items[0].json.envelopeId as string)!.files[0].data.equals(suite.emulator.samplePdf)).toBe(
			true,
		);
	});

	it('omits every empty optional field, including an empty File ID inside `files`', async () => {
		const result = await run({ operation: 'createFromBase64', webhookId: byId(''), additionalFields: { fileId: '' } }, [
			pdfItem('x.pdf'),
		]);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			files: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'x.pdf' },
		});
		expect(result.items[0].json.referenceNumber).toEqual(expect.any(String));
	});

	it('sends a binary file under the File Name given instead of its own name', async () => {
		const result = await run({ operation: 'createFromBase64', fileName: ' renamed.pdf ' }, [pdfItem('scan.pdf')]);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			files: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'renamed.pdf' },
		});
	});

	it('takes Base64 the user gives (data URL prefix and line breaks allowed) and sends it canonical', async () => {
		const base64 = suite.emulator.samplePdf.toString('base64');
		const wrapped = `data:application/pdf;base64,${base64.replace(/(.{60})/g, '$1\n')}`;
		const result = await run({
			operation: 'createFromBase64',
			fileInput: 'base64',
			fileBase64: wrapped,
			fileName: 'given.pdf',
		});
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ files: { file: base64, fileName: 'given.pdf' } });
	});

	it('refuses Base64 that does not decode and a missing file name, before sending', async () => {
		const bad = await run({ operation: 'createFromBase64', fileInput: 'base64', fileBase64: 'abc$%', fileName: 'a.pdf' });
		expect(bad.error?.message).toBe('File (Base64) is not valid Base64');
		const noName = await run({
			operation: 'createFromBase64',
			fileInput: 'base64',
			fileBase64: suite.emulator.samplePdf.toString('base64'),
			fileName: ' ',
		});
		expect(noName.error?.message).toBe('File Name is required');
		const noBinary = await run({ operation: 'createFromBase64', inputDataFieldName: 'pdf' }, [pdfItem()]);
		expect(noBinary.error?.message).toBe('Input Binary Field: the input item has no binary property "pdf"');
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports the service refusing the content (HTTP 400, error 400)', async () => {
		suite.emulator.failNext(1, 400, { data: null, errorCode: 400, message: 'File content is required' });
		const result = await run({ operation: 'createFromBase64' }, [pdfItem()]);
		expect(result.error?.message).toBe('The service rejected the request (error 400)');
		expect(result.error?.description).toBe('Service message: File content is required');
	});

	it('reports Base64 content that is not a PDF (error 8)', async () => {
		const result = await run({
			operation: 'createFromBase64',
			fileInput: 'base64',
			fileBase64: Buffer.from('plain text').toString('base64'),
			fileName: 'a.txt',
		});
		expect(envelopeCalls()).toHaveLength(1);
		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
		expect(result.error?.description).toContain('files.file');
	});
});

describe('envelope: large documents', () => {
	/** A PDF of a few megabytes of random bytes: longer than one decoding slice, and no repeating pattern to hide a seam. */
	const largePdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024 + 7)]);

	it('sends a multi-megabyte binary to both endpoints byte for byte', async () => {
		const pdf = largePdf();
		const item = { binary: { data: { data: pdf, fileName: 'large.pdf', mimeType: 'application/pdf' } } };

		const multipart = await run({ operation: 'create' }, [item]);
		const base64 = await run({ operation: 'createFromBase64' }, [item]);

		expect(multipart.error).toBeUndefined();
		expect(base64.error).toBeUndefined();
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(upload.files).toHaveLength(1);
		expect(upload.files[0].data.equals(pdf)).toBe(true);
		const [json] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate-base64');
		expect((json.body as { files: { file: string } }).files.file).toBe(pdf.toString('base64'));
	});

	it('uploads a multi-megabyte file given as Base64 text (with line breaks) byte for byte', async () => {
		const pdf = largePdf();
		// Line breaks every 76 characters, as MIME tools write it.
		const wrapped = pdf.toString('base64').replace(/.{76}/g, '$&\n');
		const filesJson = JSON.stringify([{ file: wrapped, fileName: 'wrapped.pdf' }]);
		const result = await run({ operation: 'create', fileInput: 'base64', filesJson });

		expect(result.error).toBeUndefined();
		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(upload.files[0].data.equals(pdf)).toBe(true);
	});
});

describe('envelope: createFromTemplate', () => {
	it('sends templateId, userOnlySigner and webhookId as multipart form fields and outputs the destinations', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const result = await run({
			operation: 'createFromTemplate',
			templateId: TEMPLATE_ID,
			userOnlySigner: false,
			webhookId: byId(webhookId),
		});

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/initiate-by-template');
		expectMultipart(request);
		expect(request.body).toEqual({ templateId: TEMPLATE_ID, userOnlySigner: 'false', webhookId });
		expect(request.files).toHaveLength(0);
		const template = TEMPLATES.find((t) => t.id === TEMPLATE_ID)!;
		const output = result.items[0].json;
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect((output.destinations as IDataObject[]).map((d) => d.destinationEmail)).toEqual(
			template.destinations.map((d) => d.email),
		);
		expect(suite.emulator.envelope(output.envelopeId as string)!.templateId).toBe(TEMPLATE_ID);
	});

	it('sends userOnlySigner true and leaves out an empty webhook', async () => {
		const result = await run({ operation: 'createFromTemplate', templateId: ` ${TEMPLATE_ID} `, userOnlySigner: true });
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ templateId: TEMPLATE_ID, userOnlySigner: 'true' });
		expect(result.items[0].json.destinations).toHaveLength(1);
	});

	it('reports an unknown template (HTTP 404, error 404)', async () => {
		const result = await run({ operation: 'createFromTemplate', templateId: UNKNOWN_GUID });
		expect(result.error?.message).toBe('The item was not found (error 404)');
		expect(result.error?.description).toBe('Service message: Template not found');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	it('refuses a Template ID that is not an ID, before sending', async () => {
		const result = await run({ operation: 'createFromTemplate', templateId: 'my-template' });
		expect(result.error?.message).toMatch(/^Template ID must be an ID like/);
		const empty = await run({ operation: 'createFromTemplate', templateId: '={{ $json.none }}' });
		expect(empty.error?.message).toBe('Template ID is required');
		expect(envelopeCalls()).toHaveLength(0);
	});
});

describe('envelope: createBulk (several documents, Base64)', () => {
	it('encodes every binary field and outputs one item per document with the envelope ID', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const ref = reference();
		const result = await run(
			{
				operation: 'createBulk',
				inputDataFieldName: 'data,annex',
				webhookId: byId(webhookId),
				additionalFields: { referenceNumber: ref, workflowId: 'wf-9' },
			},
			[
				{
					binary: {
						data: { data: suite.emulator.samplePdf, fileName: 'one.pdf', mimeType: 'application/pdf' },
						annex: { data: otherPdf(), fileName: 'two.pdf', mimeType: 'application/pdf' },
					},
				},
			],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/bulk/initiate-base64');
		expectJson(request);
		expect(request.body).toEqual({
			webhookId,
			workflowId: 'wf-9',
			referenceNumber: ref,
			files: [
				{ file: suite.emulator.samplePdf.toString('base64'), fileName: 'one.pdf' },
				{ file: otherPdf().toString('base64'), fileName: 'two.pdf' },
			],
		});
		expect(result.items).toHaveLength(2);
		const envelopeId = result.items[0].json.envelopeId as string;
		const envelope = suite.emulator.envelope(envelopeId)!;
		result.items.forEach((item, i) => {
			expect(item.pairedItem).toEqual({ item: 0 });
			expect(item.json).toEqual({
				envelopeId,
				documentId: envelope.files[i].fileId,
				documentName: ['one.pdf', 'two.pdf'][i],
				referenceNumber: ref,
			});
		});
	});

	it('takes a JSON list of Base64 files and omits empty optional fields', async () => {
		const filesJson = JSON.stringify([
			{ file: suite.emulator.samplePdf.toString('base64'), fileName: 'a.pdf' },
			{ File: otherPdf().toString('base64'), FileName: 'b.pdf' },
		]);
		const result = await run({ operation: 'createBulk', fileInput: 'base64', filesJson });
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			files: [
				{ file: suite.emulator.samplePdf.toString('base64'), fileName: 'a.pdf' },
				{ file: otherPdf().toString('base64'), fileName: 'b.pdf' },
			],
		});
		expect(result.items.map((i) => i.json.documentName)).toEqual(['a.pdf', 'b.pdf']);
	});

	it('refuses bad JSON, an empty list, bad Base64 and a missing file name before sending', async () => {
		const cases: Array<[string, RegExp]> = [
			['[{', /^Files \(JSON\) is not valid JSON/],
			['[]', /^Files \(JSON\) must be a non-empty array/],
			[JSON.stringify([{ file: '###', fileName: 'a.pdf' }]), /^Files \(JSON\), file 1: file is not valid Base64$/],
			[JSON.stringify([{ file: 'JVBERi0=' }]), /^Files \(JSON\), file 1: fileName is required$/],
			[JSON.stringify(['x']), /^Files \(JSON\), file 1 must be an object/],
		];
		for (const [filesJson, message] of cases) {
			const result = await run({ operation: 'createBulk', fileInput: 'base64', filesJson });
			expect(result.error?.message).toMatch(message);
		}
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('keeps the whole answer as one item when Include Response Wrapper is on', async () => {
		const result = await run({ operation: 'createBulk', options: { includeResponseWrapper: true } }, [pdfItem()]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ errorCode: 0, message: 'Success' });
		expect((result.items[0].json.data as IDataObject).bulkFileResponse).toHaveLength(1);
	});

	it('reports "at least one envelope is required" (HTTP 400, error 400)', async () => {
		suite.emulator.failNext(1, 400, { data: null, errorCode: 400, message: 'At least one envelope is required' });
		const result = await run({ operation: 'createBulk' }, [pdfItem()]);
		expect(result.error?.message).toBe('The service rejected the request (error 400)');
		expect(result.error?.description).toBe('Service message: At least one envelope is required');
	});

	it('splits the results of two input items, each paired with its own item', async () => {
		const result = await run({ operation: 'createBulk', inputDataFieldName: '={{ $json.fields }}' }, [
			{
				json: { fields: 'data' },
				binary: { data: { data: suite.emulator.samplePdf, fileName: 'first.pdf', mimeType: 'application/pdf' } },
			},
			{
				json: { fields: 'data, extra' },
				binary: {
					data: { data: suite.emulator.samplePdf, fileName: 'second-a.pdf', mimeType: 'application/pdf' },
					extra: { data: suite.emulator.samplePdf, fileName: 'second-b.pdf', mimeType: 'application/pdf' },
				},
			},
		]);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.pairedItem, i.json.documentName])).toEqual([
			[{ item: 0 }, 'first.pdf'],
			[{ item: 1 }, 'second-a.pdf'],
			[{ item: 1 }, 'second-b.pdf'],
		]);
		expect(result.items[1].json.envelopeId).toBe(result.items[2].json.envelopeId);
		expect(result.items[0].json.envelopeId).not.toBe(result.items[1].json.envelopeId);
	});
});

describe('envelope: createAndInvite', () => {
	const future = '2099-06-30T12:00:00.000Z';

	it('sends the PascalCase body with Files, Destinations (with DailyNotify) and the flags, and outputs the returnUrl', async () => {
		const result = await run(
			{
				operation: 'createAndInvite',
				inputDataFieldName: 'data',
				destinationsInput: 'fields',
				destinations: {
					destination: [
						{
							name: 'Jane Doe',
							email: 'jane@example.com',
							phoneNumber: '+966500000001',
							authenticationType: 3,
							options: { availableTo: future, dailyNotify: true, consentOnly: false, allowSignAnywhere: true },
						},
						{ name: 'Omar', email: 'omar@example.com', signOrder: 5 },
					],
				},
				invitationSubject: 'Please sign',
				invitationMessage: 'The contract is ready.',
				additionalFields: { isReturnUrl: true },
			},
			[pdfItem('deal.pdf')],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/bulk/initiate-and-invite');
		expectJson(request);
		expect(request.body).toEqual({
			Files: [{ File: suite.emulator.samplePdf.toString('base64'), fileName: 'deal.pdf' }],
			Destinations: [
				{
					DestinationName: 'Jane Doe',
					DestinationEmail: 'jane@example.com',
					DestinationPhoneNumber: '+966500000001',
					SigneOrder: 1,
					AvailableTo: '2099-06-30T12:00:00Z',
					ConsentOnly: false,
					AuthenticationType: 3,
					AllowUserToSignAnyWhere: true,
					DailyNotify: true,
				},
				// Options not added are not sent.
				{
					DestinationName: 'Omar',
					DestinationEmail: 'omar@example.com',
					SigneOrder: 5,
					AuthenticationType: 0,
				},
			],
			SaveAsDraft: false,
			InvitationMessage: 'The contract is ready.',
			InvitationSubject: 'Please sign',
			SendUserInvitation: true,
			IsReturnUrl: true,
		});
		expect(request.body).not.toHaveProperty('WebhookId');

		const output = result.items[0];
		expect(output.pairedItem).toEqual({ item: 0 });
		const envelopeId = output.json.envelopeId as string;
		expect(output.json.returnUrl).toBe(`/dashboard/envelopes/${envelopeId}`);
		expect((output.json.destinations as IDataObject[]).map((d) => d.destinationEmail)).toEqual([
			'jane@example.com',
			'omar@example.com',
		]);
		const sent = suite.emulator.notifications.filter((n) => n.envelopeId === envelopeId && n.kind === 'invitation');
		expect(sent.map((n) => n.to).sort()).toEqual(['jane@example.com', 'omar@example.com']);
	});

	it('saves as draft without invitations, with signers from JSON, a webhook and no empty texts', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const result = await run(
			{
				operation: 'createAndInvite',
				destinationsInput: 'json',
				destinationsJson: JSON.stringify([{ destinationName: 'Lina', destinationEmail: 'lina@example.com' }]),
				webhookId: byId(webhookId),
				additionalFields: { saveAsDraft: true, sendUserInvitation: false },
			},
			[pdfItem()],
		);
		expect(result.error).toBeUndefined();
		const body = envelopeCalls()[0].body as IDataObject;
		expect(body).toMatchObject({
			Destinations: [{ DestinationName: 'Lina', DestinationEmail: 'lina@example.com', SigneOrder: 1 }],
			SaveAsDraft: true,
			WebhookId: webhookId,
			SendUserInvitation: false,
			IsReturnUrl: false,
		});
		expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['InvitationMessage']));
		expect(body).not.toHaveProperty('InvitationSubject');
		expect(result.items[0].json).not.toHaveProperty('returnUrl');
		const envelopeId = result.items[0].json.envelopeId as string;
		expect(suite.emulator.notifications.filter((n) => n.envelopeId === envelopeId)).toHaveLength(0);
	});

	it('refuses missing signers, a bad e-mail and a past expiry before sending', async () => {
		const none = await run({ operation: 'createAndInvite', destinations: {} }, [pdfItem()]);
		expect(none.error?.message).toBe('Signers: add at least one signer');
		const badEmail = await run(
			{ operation: 'createAndInvite', destinations: { destination: [{ name: 'X', email: 'x@' }] } },
			[pdfItem()],
		);
		expect(badEmail.error?.message).toBe('Signers, signer 1: Email must be an e-mail address, got "x@"');
		const past = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'X', email: 'x@example.com', options: { availableTo: '2001-01-01T00:00:00Z' } }] },
			},
			[pdfItem()],
		);
		expect(past.error?.message).toMatch(/^Signers, signer 1: Available To is in the past/);
		const noFile = await run(
			{ operation: 'createAndInvite', destinations: { destination: [{ name: 'X', email: 'x@example.com' }] } },
			[{ json: {} }],
		);
		expect(noFile.error?.message).toBe('Input Binary Fields: the input item has no binary property "data"');
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports a general error (error 100 with HTTP 200)', async () => {
		suite.emulator.failNext(1, 200, { data: null, errorCode: 100, message: 'GeneralError' });
		const result = await run(
			{ operation: 'createAndInvite', destinations: { destination: [{ name: 'X', email: 'x@example.com' }] } },
			[pdfItem()],
		);
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
		expect(result.error?.description).toBe('Service message: GeneralError');
	});
});

describe('envelope: addFiles', () => {
	it('uploads the named binary fields as "files" parts to the envelope path', async () => {
		const { envelopeId } = await createEnvelope();
		const result = await run(
			{ operation: 'addFiles', envelopeId, inputDataFieldName: 'annex1,annex2' },
			[
				{
					binary: {
						annex1: { data: otherPdf(), fileName: 'annex-1.pdf', mimeType: 'application/pdf' },
						annex2: { data: suite.emulator.samplePdf, fileName: 'annex-2.pdf', mimeType: 'application/pdf' },
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
		expect(result.items).toEqual([{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } }]);
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
		expect(result.error?.message).toBe('The item was not found (error 404)');
	});
});

describe('envelope: cancel', () => {
	it('posts {envelopId} (spelled so) to the envelope path and outputs success', async () => {
		const { envelopeId } = await createEnvelope();
		const result = await run({ operation: 'cancel', envelopeId });

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/api/v1/envelopes/${envelopeId}/cancel`);
		expectJson(request);
		expect(request.body).toEqual({ envelopId: envelopeId });
		expect(result.items).toEqual([{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } }]);
		expect(suite.emulator.envelope(envelopeId)!.status).toBe('Cancelled');
	});

	it('reports cancelling a completed envelope (error 100, HTTP 400)', async () => {
		const { envelopeId } = await createEnvelope();
		await suite.emulator.sign(envelopeId);
		const result = await run({ operation: 'cancel', envelopeId });
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('400');
	});

	it('cancels several envelopes, one per item, and reports the bad one with continue on fail', async () => {
		const a = await createEnvelope();
		const b = await createEnvelope();
		const result = await run(
			{ operation: 'cancel', envelopeId: '={{ $json.id }}' },
			[{ json: { id: a.envelopeId } }, { json: { id: 'nope' } }, { json: { id: b.envelopeId } }],
			true,
		);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toEqual({ success: true, message: 'Success' });
		expect(result.items[1].json.error).toMatch(/^Envelope ID must be an ID like/);
		expect(result.items[2].json).toEqual({ success: true, message: 'Success' });
		expect(envelopeCalls()).toHaveLength(2);
		expect(suite.emulator.envelope(b.envelopeId)!.status).toBe('Cancelled');
	});
});

describe('envelope: getStatus', () => {
	it('gets the status record of the envelope', async () => {
		const result = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
			},
			[pdfItem()],
		);
		const envelopeId = result.items[0].json.envelopeId as string;
		await suite.emulator.sign(envelopeId, 'jane@example.com');
		suite.emulator.clearRequests();

		const status = await run({ operation: 'getStatus', envelopeId });
		expect(status.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`/api/v1/envelopes/${envelopeId}/status`);
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectBearer(request);
		expect(status.items).toEqual([
			{
				json: {
					envelopeId,
					status: 'Completed',
					createdAt: expect.any(String),
					signers: [{ name: 'Jane', email: 'jane@example.com', status: 'Signed', signedAt: expect.any(String) }],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('reports an unknown envelope (data null) as not found', async () => {
		const result = await run({ operation: 'getStatus', envelopeId: UNKNOWN_GUID });
		expect(envelopeCalls()).toHaveLength(1);
		expect(result.error?.message).toBe('The requested item was not found');
		expect(result.error?.description).toMatch(/does not exist or belongs to another account/);
	});

	it('reports an envelope of another account as not found', async () => {
		const other = suite.emulator.addAccount();
		const account = suite.emulator.state.account(other.accountId)!;
		const foreign = suite.emulator.state.createEnvelope(account, { files: [{ fileName: 'x.pdf', data: suite.emulator.samplePdf }] });
		const result = await run({ operation: 'getStatus', envelopeId: foreign.envelopeId });
		expect(result.error?.message).toBe('The requested item was not found');
	});

	it('refuses an empty Envelope ID before sending', async () => {
		const result = await run({ operation: 'getStatus', envelopeId: '={{ $json.id }}' }, [{ json: { id: ' ' } }]);
		expect(result.error?.message).toBe('Envelope ID is required');
		expect(envelopeCalls()).toHaveLength(0);
	});
});

describe('envelope: extendInvitations', () => {
	async function invitedEnvelope(): Promise<string> {
		const result = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
			},
			[pdfItem()],
		);
		suite.emulator.clearRequests();
		return result.items[0].json.envelopeId as string;
	}

	it('puts {envelopeId, availableTo} with the date in ISO 8601 UTC', async () => {
		const envelopeId = await invitedEnvelope();
		const result = await run({ operation: 'extendInvitations', envelopeId, availableTo: '2099-01-31T20:00:00+03:00' });

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/api/v1/envelopes/extend-invitations');
		expectJson(request);
		expect(request.body).toEqual({ envelopeId, availableTo: '2099-01-31T17:00:00Z' });
		expect(result.items).toEqual([{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } }]);
		expect(suite.emulator.envelope(envelopeId)!.signers[0].availableTo?.toISOString()).toBe('2099-01-31T17:00:00.000Z');
	});

	it("reads a date without offset (as n8n's date picker gives it) in the workflow's timezone", async () => {
		const envelopeId = await invitedEnvelope();
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'extendInvitations', envelopeId, availableTo: '2099-01-31T20:00:00' },
			timezone: 'Asia/Riyadh',
		});
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ envelopeId, availableTo: '2099-01-31T17:00:00Z' });
	});

	it('refuses a past date and a date that is not one, before sending', async () => {
		const envelopeId = await invitedEnvelope();
		const past = await run({ operation: 'extendInvitations', envelopeId, availableTo: '2020-01-01T00:00:00Z' });
		expect(past.error?.message).toBe('Available To is in the past (2020-01-01T00:00:00.000Z): choose a future date');
		const invalid = await run({ operation: 'extendInvitations', envelopeId, availableTo: 'next week' });
		expect(invalid.error?.message).toBe('Available To is not a valid date: "next week"');
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports error 16 when the date has passed by the time the service reads it (HTTP 200, data false)', async () => {
		const envelopeId = await invitedEnvelope();
		const soon = new Date(Date.now() + 1500).toISOString();
		suite.emulator.setLatency(2500);
		try {
			const result = await run({ operation: 'extendInvitations', envelopeId, availableTo: soon });
			expect(envelopeCalls()).toHaveLength(1);
			expect(result.error?.message).toBe('The "Available To" date is in the past (error 16)');
			expect(result.error?.description).toBe('Service message: AvailableTo is in the past');
			expect((result.error as unknown as { httpCode: string }).httpCode).toBe('200');
		} finally {
			suite.emulator.setLatency(0);
		}
	});
});
