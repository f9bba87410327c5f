/**
 * Create Bulk (createBulk.ts): several documents in one envelope, as Base64.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, envelopeSuite, expectJson, reference } from './testing';

const { suite, run, envelopeCalls, pdfItem, otherPdf, createWebhook } = envelopeSuite();

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
						data: {
							data: suite.emulator.samplePdf,
							fileName: 'one.pdf',
							mimeType: 'application/pdf',
						},
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
				eventsTo: `webhook ${webhookId}`,
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
			referenceNumber: expect.stringMatching(/^n8n-/),
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
			[
				JSON.stringify([{ file: '###', fileName: 'a.pdf' }]),
				/^Files \(JSON\), file 1: file is not valid Base64$/,
			],
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
		const result = await run(
			{ operation: 'createBulk', options: { includeResponseWrapper: true } },
			[pdfItem()],
		);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ errorCode: 0, message: 'Success' });
		expect((result.items[0].json.data as IDataObject).bulkFileResponse).toHaveLength(1);
	});

	it('reports "at least one envelope is required" (HTTP 400, error 400)', async () => {
		suite.emulator.failNext(1, 400, {
			data: null,
			errorCode: 400,
			message: 'At least one envelope is required',
		});
		const result = await run({ operation: 'createBulk' }, [pdfItem()]);
		expect(result.error?.message).toBe('The service rejected the request (error 400)');
		expect(result.error?.description).toBe('Service message: At least one envelope is required');
	});

	it('splits the results of two input items, each paired with its own item', async () => {
		const result = await run(
			{ operation: 'createBulk', inputDataFieldName: '={{ $json.fields }}' },
			[
				{
					json: { fields: 'data' },
					binary: {
						data: {
							data: suite.emulator.samplePdf,
							fileName: 'first.pdf',
							mimeType: 'application/pdf',
						},
					},
				},
				{
					json: { fields: 'data, extra' },
					binary: {
						data: {
							data: suite.emulator.samplePdf,
							fileName: 'second-a.pdf',
							mimeType: 'application/pdf',
						},
						extra: {
							data: suite.emulator.samplePdf,
							fileName: 'second-b.pdf',
							mimeType: 'application/pdf',
						},
					},
				},
			],
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => [i.pairedItem, i.json.documentName])).toEqual([
			[{ item: 0 }, 'first.pdf'],
			[{ item: 1 }, 'second-a.pdf'],
			[{ item: 1 }, 'second-b.pdf'],
		]);
		expect(result.items[1].json.envelopeId).toBe(result.items[2].json.envelopeId);
		expect(result.items[0].json.envelopeId).not.toBe(result.items[1].json.envelopeId);
	});

	it('reports a reused reference number (error 227) naming it, as the other creates do', async () => {
		const ref = reference();
		const create = () =>
			run({ operation: 'createBulk', additionalFields: { referenceNumber: ref } }, [pdfItem()]);
		expect((await create()).error).toBeUndefined();

		const again = await create();

		expect(again.error?.message).toBe(
			`The reference number is already used by another envelope of this account: "${ref}" (error 227)`,
		);
		expect(again.error?.description).toContain(
			'To create another envelope, give a new reference number.',
		);
	});
});
