/**
 * Identity Provider Signing → Sign: the PDF signed for a signer who authenticated (nodes/ESignature/resources/identitySigning/sign.ts).
 */
import { randomUUID } from 'node:crypto';
import { SIGNED_MARKER, pdfSigners } from '../emulator';
import { UNKNOWN_GUID } from '../harness';
import { identitySigningSuite, PNG } from './testing';

const { suite, run, apiRequests, pdfItem, authenticated } = identitySigningSuite();

describe('identitySigning: sign', () => {
	it('sends the PDF from a binary field and outputs the signed PDF as binary', async () => {
		const requestId = authenticated();
		const result = await run({ operation: 'sign', requestId });
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/esign/idp/sign');
		expect(request.headers['content-type']).toContain('application/json');
		expect(request.body).toEqual({
			requestId,
			file: {
				file: suite.emulator.samplePdf.toString('base64'),
				fileName: 'contract.pdf',
				password: null,
			},
		});
		expect(result.items).toHaveLength(1);
		const [item] = result.items;
		expect(item.pairedItem).toEqual({ item: 0 });
		expect(item.json).toMatchObject({
			requestId,
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
		});
		expect(item.binary?.data).toMatchObject({
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
		});
		const signed = await result.binary(0, 'data');
		expect(item.json.fileSize).toBe(signed.length);
		expect(
			signed.subarray(0, suite.emulator.samplePdf.length).equals(suite.emulator.samplePdf),
		).toBe(true);
		expect(signed.toString('latin1')).toContain(SIGNED_MARKER);
		expect(pdfSigners(signed)).toEqual([suite.emulator.demo.username]);
	});

	it('sends appearance and details settings, an image from a binary field, and a password', async () => {
		const requestId = authenticated();
		const result = await run(
			{
				operation: 'sign',
				requestId,
				inputDataFieldName: 'document',
				fileName: 'agreement.pdf',
				filePassword: 'open-sesame',
				signatureAppearance: {
					isVisible: true,
					pageNumber: 2,
					x1: 100,
					y1: 120.5,
					width: 180,
					height: 60,
					appearanceImageBinaryField: 'signature',
					extraText: 'Signed in Riyadh',
				},
				config: {
					showAccountName: true,
					showRequestId: false,
					showSignDate: true,
					showPageNumber: false,
				},
				binaryPropertyName: 'signed',
			},
			{
				items: [
					{
						binary: {
							document: {
								data: suite.emulator.samplePdf,
								fileName: 'scan.pdf',
								mimeType: 'application/pdf',
							},
							signature: { data: PNG, fileName: 'sig.png', mimeType: 'image/png' },
						},
					},
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			requestId,
			file: {
				file: suite.emulator.samplePdf.toString('base64'),
				fileName: 'agreement.pdf',
				password: 'open-sesame',
			},
			signatureAppearance: {
				isVisible: true,
				pageNumber: 2,
				rect: { x1: 100, y1: 120.5, width: 180, height: 60 },
				appearanceImageBase64: PNG.toString('base64'),
				extraText: 'Signed in Riyadh',
			},
			config: {
				showAccountName: true,
				showRequestId: false,
				showSignDate: true,
				showPageNumber: false,
			},
		});
		expect(result.items[0].binary?.signed?.fileName).toBe('agreement.pdf');
		expect((await result.binary(0, 'signed')).toString('latin1')).toContain(SIGNED_MARKER);
	});

	it('names the signed PDF after the link its document was downloaded from, as the request named it', async () => {
		const requestId = authenticated();
		const result = await run({
			operation: 'sign',
			requestId,
			fileInput: 'url',
			fileUrl: `${suite.emulator.url}/sample/contract.pdf`,
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests().at(-1)?.body).toMatchObject({ file: { fileName: 'contract.pdf' } });
		expect(result.items[0].json).toMatchObject({ requestId, fileName: 'contract.pdf' });
		expect(result.items[0].binary?.data?.fileName).toBe('contract.pdf');
	});

	it('takes the PDF and the appearance image as Base64 text', async () => {
		const requestId = authenticated();
		const base64 = suite.emulator.samplePdf.toString('base64');
		const result = await run(
			{
				operation: 'sign',
				requestId,
				fileInput: 'base64',
				fileBase64: `data:application/pdf;base64,${base64.replace(/(.{76})/g, '$1\n')}`,
				signatureAppearance: { appearanceImageBase64: PNG.toString('base64') },
			},
			{ items: [{ json: {} }] },
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			requestId,
			file: { file: base64, fileName: 'document.pdf', password: null },
			signatureAppearance: { appearanceImageBase64: PNG.toString('base64') },
		});
		expect(result.items[0].binary?.data?.fileName).toBe('document.pdf');
	});

	it('reports a signer who has not authenticated with the identity provider (error 100 on HTTP 200)', async () => {
		const result = await run({ operation: 'sign', requestId: randomUUID() });
		expect(apiRequests()).toHaveLength(1);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(
			'The service could not sign: the signer has not authenticated with the identity provider yet, or signing failed (error 100)',
		);
		expect(result.error?.description).toContain(
			'Users must authenticate through the identity provider first',
		);
	});

	it.each([
		['a malformed request ID', { requestId: 'req-1' }, /Request ID must be an ID/],
		[
			'a missing binary field',
			{ requestId: UNKNOWN_GUID, inputDataFieldName: 'pdf' },
			/Input Binary Field: the input item has no binary property "pdf"/,
		],
		[
			'Base64 that does not decode',
			{ requestId: UNKNOWN_GUID, fileInput: 'base64', fileBase64: 'not base64!' },
			/File \(Base64\) is not valid Base64/,
		],
		[
			'half a signature box',
			{ requestId: UNKNOWN_GUID, signatureAppearance: { x1: 10, y1: 10 } },
			/Signature Appearance: Width is missing/,
		],
		[
			'a page number below 1',
			{ requestId: UNKNOWN_GUID, signatureAppearance: { pageNumber: 0 } },
			/Signature Appearance: Page Number must be 1 or more/,
		],
		[
			'a missing image binary field',
			{ requestId: UNKNOWN_GUID, signatureAppearance: { appearanceImageBinaryField: 'sig' } },
			/Appearance Image Binary Field: the input item has no binary property "sig"/,
		],
		[
			'an image given twice',
			{
				requestId: UNKNOWN_GUID,
				signatureAppearance: {
					appearanceImageBinaryField: 'data',
					appearanceImageBase64: 'AAAA',
				},
			},
			/either as a binary field or as Base64, not both/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'sign', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('signs several items and continues on fail with paired items', async () => {
		const requestId = authenticated();
		const result = await run(
			{ operation: 'sign', requestId: '={{ $json.requestId }}' },
			{
				items: [
					{ ...pdfItem('first.pdf'), json: { requestId: randomUUID() } },
					{ ...pdfItem('second.pdf'), json: { requestId } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toMatchObject({
			json: {
				details: {
					code: 100,
					serviceMessage: 'Users must authenticate through the identity provider first',
				},
			},
			pairedItem: { item: 0 },
		});
		expect(result.items[1]).toMatchObject({
			json: { requestId, fileName: 'second.pdf' },
			pairedItem: { item: 1 },
		});
		expect((await result.binary(1, 'data')).toString('latin1')).toContain(SIGNED_MARKER);
	});
});
