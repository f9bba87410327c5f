/**
 * Create From Base64 (createFromBase64.ts): one document sent as Base64 in a JSON body.
 */
import { ESignature } from '../../nodes/ESignature/ESignature.node';
import { byId, envelopeSuite, expectJson, reference } from './testing';

const { suite, run, envelopeCalls, pdfItem, createWebhook } = envelopeSuite();

describe('envelope: createFromBase64', () => {
	it('writes the document into the JSON body with the other fields intact: text in any script, quotes, and a file of any length', async () => {
		// File lengths 3n, 3n+1 and 3n+2 end their Base64 with no, two and one "=".
		for (const extra of ['', '%', '%%']) {
			suite.emulator.clearRequests();
			const pdf = Buffer.concat([suite.emulator.samplePdf, Buffer.from(extra)]);
			const fileName = `عقد "٢" ${extra.length}.pdf`;
			const workflowId = 'سير "عمل" \\ 7';
			const result = await run(
				{
					operation: 'createFromBase64',
					inputDataFieldName: 'data',
					additionalFields: { workflowId },
				},
				[{ binary: { data: { data: pdf, fileName, mimeType: 'application/pdf' } } }],
			);

			expect(result.error).toBeUndefined();
			const [request] = envelopeCalls();
			expectJson(request);
			expect(request.headers['content-length']).toBe(String(request.rawBody.length));
			expect(request.body).toEqual({
				workflowId,
				referenceNumber: expect.stringMatching(/^n8n-/),
				files: { file: pdf.toString('base64'), fileName },
			});
		}
	});

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
				json: expect.objectContaining({
					documentId: fileId,
					referenceNumber: ref,
					envelopeId: expect.any(String),
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(
			suite.emulator
				.envelope(result.items[0].json.envelopeId as string)!
				.files[0].data.equals(suite.emulator.samplePdf),
		).toBe(true);
	});

	it('omits every empty optional field, including an empty File ID inside `files`', async () => {
		const result = await run(
			{ operation: 'createFromBase64', webhookId: byId(''), additionalFields: { fileId: '' } },
			[pdfItem('x.pdf')],
		);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			files: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'x.pdf' },
			// No Reference Number given: one derived from the execution and item (routing/idempotency.ts).
			referenceNumber: expect.stringMatching(/^n8n-/),
		});
		expect(result.items[0].json.referenceNumber).toEqual(expect.any(String));
	});

	it('sends a binary file under the File Name given instead of its own name', async () => {
		const result = await run({ operation: 'createFromBase64', fileName: ' renamed.pdf ' }, [
			pdfItem('scan.pdf'),
		]);
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({
			files: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'renamed.pdf' },
			referenceNumber: expect.stringMatching(/^n8n-/),
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
		expect(envelopeCalls()[0].body).toEqual({
			files: { file: base64, fileName: 'given.pdf' },
			referenceNumber: expect.stringMatching(/^n8n-/),
		});
	});

	it('refuses Base64 that does not decode and a missing file name, before sending', async () => {
		const bad = await run({
			operation: 'createFromBase64',
			fileInput: 'base64',
			fileBase64: 'abc$%',
			fileName: 'a.pdf',
		});
		expect(bad.error?.message).toBe('File (Base64) is not valid Base64');
		const noName = await run({
			operation: 'createFromBase64',
			fileInput: 'base64',
			fileBase64: suite.emulator.samplePdf.toString('base64'),
			fileName: ' ',
		});
		expect(noName.error?.message).toBe('File Name is required');
		const noBinary = await run({ operation: 'createFromBase64', inputDataFieldName: 'pdf' }, [
			pdfItem(),
		]);
		expect(noBinary.error?.message).toBe(
			'Input Binary Field: the input item has no binary property "pdf"',
		);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports the service refusing the content (HTTP 400, error 400)', async () => {
		suite.emulator.failNext(1, 400, {
			data: null,
			errorCode: 400,
			message: 'File content is required',
		});
		const result = await run({ operation: 'createFromBase64' }, [pdfItem()]);
		expect(result.error?.message).toBe('The service rejected the request (error 400)');
		expect(result.error?.description).toBe('Service message: File content is required');
	});

	it('refuses Base64 content that is not a PDF before sending', async () => {
		const result = await run({
			operation: 'createFromBase64',
			fileInput: 'base64',
			fileBase64: Buffer.from('plain text').toString('base64'),
			fileName: 'a.txt',
		});
		expect(envelopeCalls()).toHaveLength(0);
		expect(result.error?.message).toBe(
			'File (Base64): the file "a.txt" is not a PDF: it is plain text',
		);
	});

	it("without a Webhook, says where the envelope's events go: the account default, in the field's hint and the output", async () => {
		const result = await run({ operation: 'createFromBase64', inputDataFieldName: 'data' }, [
			pdfItem(),
		]);
		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.body).not.toHaveProperty('webhookId');
		expect(result.items[0].json.eventsTo).toBe('the account default webhook (no Webhook chosen)');

		const field = new ESignature().description.properties.find(
			(property) =>
				property.name === 'webhookId' &&
				property.displayOptions?.show?.operation?.includes('createFromBase64'),
		);
		expect(field?.hint).toBe(
			"Empty: this envelope's events go to the account default webhook (marked account default in the list)",
		);
	});

	it('a Webhook pick the service no longer has: an error that says to pick the trigger again', async () => {
		// The ID a saved workflow kept after the emulator of an earlier npm run dev forgot it (or the webhook was deleted).
		const gone = '7d1f0c2e-3b4a-4c5d-8e6f-9a0b1c2d3e4f';
		const result = await run(
			{ operation: 'createFromBase64', inputDataFieldName: 'data', webhookId: byId(gone) },
			[pdfItem()],
		);
		expect(result.error?.message).toBe(
			'The Webhook chosen is no longer registered at the service: pick the E-Signature Trigger again in the Webhook list ' +
				'(its webhook was deleted, or registered with an earlier run of the emulator) (error 8)',
		);
		expect(result.error?.description).toContain(gone);
		// The same create without the stale pick goes through.
		const other = await run({ operation: 'createFromBase64', inputDataFieldName: 'data' }, [
			pdfItem(),
		]);
		expect(other.error).toBeUndefined();
	});
});
