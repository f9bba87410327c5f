/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import {
	SIGNED_MARKER,
	TEMPLATE_ID,
	TEMPLATE_WITH_RECIPIENT_FIELDS_ID,
	pdfSigners,
} from './emulator';
import { type EmulatedEnvelope, newSigner } from './emulator/state';
import { emulatorSuite, type InputItem, type RunExtras } from './harness';

/** Direct signing (signing) and identity-provider signing (identitySigning) through n8n-core's routing engine. */

const UNKNOWN_ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const suite = emulatorSuite();

const { apiRequests } = suite;

const jane = {
	firstNameEnglish: 'Jane',
	familyNameEnglish: 'Doe',
	emailAddress: 'jane@example.com',
};
const janeFull = {
	...jane,
	secondNameEnglish: 'Mary',
	firstNameArabic: 'جين',
	familyNameArabic: 'دو',
	nationalId: '1000000001',
	mobileNumber: '+966500000001',
	authType: 'SMS',
};

function newEnvelope(emails: string[] = []): EmulatedEnvelope {
	const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
	const envelope = suite.emulator.state.createEnvelope(account, {
		files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
	});
	envelope.signers.push(
		...emails.map((email, index) => newSigner({ name: email, email, signeOrder: index + 1 })),
	);
	return envelope;
}

describe('Signing resource', () => {
	const run = suite.runner('signing');

	describe('sign', () => {
		it('signs a document with the signer details as signres', async () => {
			const envelope = newEnvelope(['jane@example.com']);
			const result = await run({
				operation: 'sign',
				documentId: envelope.documentId,
				signers: { signer: [{ ...janeFull, secondNameArabic: '' }] },
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/api/v2/sign');
			expect(request.headers.authorization).toBe(
				`Bearer ${suite.harness.credentials().accessToken}`,
			);
			expect(request.headers['content-type']).toContain('application/json');
			// Empty fields are left out, not sent as ''.
			expect(request.body).toEqual({ documentId: envelope.documentId, signres: [janeFull] });
			expect(result.items).toEqual([
				{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
			]);
			expect(envelope.signers[0].status).toBe('Signed');
			expect(envelope.status).toBe('Completed');
		});

		it('takes the signer details as JSON', async () => {
			const envelope = newEnvelope();
			const result = await run({
				operation: 'sign',
				documentId: envelope.documentId,
				signersInput: 'json',
				signersJson: JSON.stringify([{ firstNameArabic: 'جين', emailAddress: 'jane@example.com' }]),
			});
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual({
				documentId: envelope.documentId,
				signres: [{ firstNameArabic: 'جين', emailAddress: 'jane@example.com' }],
			});
		});

		it('signs for a signer with Arabic names only', async () => {
			const envelope = newEnvelope(['sara@example.com']);
			const sara = {
				firstNameArabic: 'سارة',
				familyNameArabic: 'العتيبي',
				emailAddress: 'sara@example.com',
			};
			const result = await run({
				operation: 'sign',
				documentId: envelope.documentId,
				signers: { signer: [sara] },
			});
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual({ documentId: envelope.documentId, signres: [sara] });
			expect(envelope.signers[0].status).toBe('Signed');
		});

		it('sends JSON signer details in the spelling of the spec whatever their case, trimmed', async () => {
			const envelope = newEnvelope(['jane@example.com']);
			const result = await run({
				operation: 'sign',
				documentId: envelope.documentId,
				signersInput: 'json',
				signersJson: JSON.stringify([
					{ FirstNameEnglish: 'Jane', EmailAddress: ' jane@example.com ' },
				]),
			});
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual({
				documentId: envelope.documentId,
				signres: [{ firstNameEnglish: 'Jane', emailAddress: 'jane@example.com' }],
			});
		});

		it('starts the JSON field empty, requires the Email field, and requires no name', () => {
			const properties = new ESignature().description.properties.filter(
				(p) =>
					p.displayOptions?.show?.operation?.includes('sign') &&
					p.displayOptions?.show?.resource?.includes('signing'),
			);
			const json = properties.find((p) => p.name === 'signersJson')!;
			expect(json.default).toBe('');
			expect(JSON.parse(json.placeholder as string)).toEqual([
				expect.objectContaining({ emailAddress: expect.any(String) }),
			]);
			const fields = (
				properties.find((p) => p.name === 'signers')!.options as Array<{
					values: INodeProperties[];
				}>
			)[0].values;
			expect(fields.filter((f) => f.required).map((f) => f.name)).toEqual(['emailAddress']);
		});

		it('reports the general error of the service (error 100 on HTTP 200)', async () => {
			const result = await run({
				operation: 'sign',
				documentId: UNKNOWN_ID,
				signers: { signer: [jane] },
			});
			expect(apiRequests()).toHaveLength(1);
			expect(result.error?.message).toBe(
				'The service could not complete the operation (error 100)',
			);
			expect(result.error?.description).toContain('GeneralError');
		});

		it.each([
			[
				'a malformed document ID',
				{ documentId: 'doc-1', signers: { signer: [jane] } },
				/Document ID must be an ID/,
			],
			[
				'no signers',
				{ documentId: UNKNOWN_ID, signers: {} },
				/Signer Details: add at least one signer/,
			],
			[
				'a malformed e-mail',
				{ documentId: UNKNOWN_ID, signers: { signer: [{ ...jane, emailAddress: 'jane' }] } },
				/Signer Details, signer 1: Email must be an e-mail address/,
			],
			// The same check in both modes: an Email, which the service matches the signer by, and nothing else.
			// An expression that gives nothing: n8n itself stops an empty required field typed in.
			[
				'a signer without e-mail',
				{
					documentId: UNKNOWN_ID,
					signers: { signer: [{ ...jane, emailAddress: '={{ $json.missing }}' }] },
				},
				/^Signer Details, signer 1: Email is required$/,
			],
			[
				'a JSON signer without e-mail',
				{
					documentId: UNKNOWN_ID,
					signersInput: 'json',
					signersJson: JSON.stringify([{ firstNameEnglish: 'Jane', emailAddress: ' ' }]),
				},
				/^Signer Details, signer 1: Email is required$/,
			],
			[
				'a JSON signer with a malformed e-mail',
				{
					documentId: UNKNOWN_ID,
					signersInput: 'json',
					signersJson: JSON.stringify([jane, { ...jane, emailAddress: 'jane' }]),
				},
				/^Signer Details, signer 2: Email must be an e-mail address, got "jane"$/,
			],
			[
				'a JSON signer that is not an object',
				{ documentId: UNKNOWN_ID, signersInput: 'json', signersJson: '[["jane@example.com"]]' },
				/^Signer Details, signer 1 must be an object$/,
			],
			// Switching to JSON and running must not send the example of the field.
			[
				'JSON left at its default',
				{ documentId: UNKNOWN_ID, signersInput: 'json' },
				/^Signer Details: add at least one signer$/,
			],
		])('refuses %s before sending', async (_case, parameters, message) => {
			const result = await run({ operation: 'sign', ...parameters });
			expect(result.error?.message).toMatch(message);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('signs for several items and continues on fail with paired items', async () => {
			const envelope = newEnvelope(['jane@example.com']);
			const result = await run(
				{ operation: 'sign', documentId: '={{ $json.documentId }}', signers: { signer: [jane] } },
				{
					items: [
						{ json: { documentId: UNKNOWN_ID } },
						{ json: { documentId: envelope.documentId } },
					],
					continueOnFail: true,
				},
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toEqual([
				expect.objectContaining({
					json: {
						error: 'The service could not complete the operation (error 100)',
						details: expect.objectContaining({ code: 100, serviceMessage: 'GeneralError' }),
					},
					pairedItem: { item: 0 },
				}),
				{ json: { success: true, message: 'Success' }, pairedItem: { item: 1 } },
			]);
			expect(envelope.status).toBe('Completed');
		});
	});

	describe('signByTemplate', () => {
		it('signs a template with its fields, reference number and password', async () => {
			const result = await run({
				operation: 'signByTemplate',
				templateId: TEMPLATE_ID,
				signers: { signer: [jane] },
				templateFields: {
					field: [
						{ fieldName: 'ContractNumber', value: 'C-42' },
						{ fieldName: ' StartDate ', value: '2027-01-01' },
					],
				},
				additionalFields: { referenceNumber: 'REF-TPL-1', password: 'pdf-secret' },
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/api/v2/sign/by-template');
			expect(request.body).toEqual({
				templateId: TEMPLATE_ID,
				signres: [jane],
				templateFields: [
					{ fieldName: 'ContractNumber', value: 'C-42' },
					{ fieldName: 'StartDate', value: '2027-01-01' },
				],
				ReferenceNumber: 'REF-TPL-1',
				Password: 'pdf-secret',
			});
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json).toEqual({
				documentId: expect.any(String),
				envelopeId: expect.any(String),
				referenceNumber: 'REF-TPL-1',
			});
			const envelope = suite.emulator.envelope(result.items[0].json.envelopeId as string)!;
			expect(envelope.templateFields).toEqual([
				{ fieldName: 'ContractNumber', value: 'C-42' },
				{ fieldName: 'StartDate', value: '2027-01-01' },
			]);
			expect(envelope.password).toBe('pdf-secret');
			expect(envelope.status).toBe('Completed');
		});

		it('omits empty optional fields', async () => {
			const result = await run({
				operation: 'signByTemplate',
				templateId: TEMPLATE_ID,
				signers: { signer: [jane] },
			});
			expect(result.error).toBeUndefined();
			// Signing by template creates an envelope: the node gives it a reference number derived from the execution and item.
			expect(apiRequests()[0].body).toEqual({
				templateId: TEMPLATE_ID,
				signres: [jane],
				ReferenceNumber: expect.stringMatching(/^n8n-/),
			});
		});

		it('reports a template with recipient-filled fields (error 209 on HTTP 200)', async () => {
			const result = await run({
				operation: 'signByTemplate',
				templateId: TEMPLATE_WITH_RECIPIENT_FIELDS_ID,
				signers: { signer: [jane] },
			});
			expect(result.error?.message).toBe(
				'The template has fields the recipient must fill, so it cannot be signed directly (error 209)',
			);
			expect(result.error?.description).toContain('must be filled in by the recipient');
		});

		it('reports an unknown template (HTTP 404)', async () => {
			const result = await run({
				operation: 'signByTemplate',
				templateId: UNKNOWN_ID,
				signers: { signer: [jane] },
			});
			expect(result.error?.message).toBe('The item was not found (error 404)');
		});

		it('reports a reference number used before (error 227)', async () => {
			const parameters = {
				operation: 'signByTemplate',
				templateId: TEMPLATE_ID,
				signers: { signer: [jane] },
				additionalFields: { referenceNumber: 'REF-TWICE' },
			};
			expect((await run(parameters)).error).toBeUndefined();
			const second = await run(parameters);
			expect(second.error?.message).toBe(
				'The reference number is already used by another envelope of this account: "REF-TWICE" (error 227)',
			);
		});

		it.each([
			[
				'a malformed template ID',
				{ templateId: 'tpl', signers: { signer: [jane] } },
				/Template ID must be an ID/,
			],
			[
				'no signers',
				{ templateId: TEMPLATE_ID, signers: {} },
				/Signer Details: add at least one signer/,
			],
			[
				'a field without name',
				{
					templateId: TEMPLATE_ID,
					signers: { signer: [jane] },
					templateFields: { field: [{ fieldName: '', value: 'x' }] },
				},
				/Template Fields, field 1: Field Name is required/,
			],
		])('refuses %s before sending', async (_case, parameters, message) => {
			const result = await run({ operation: 'signByTemplate', ...parameters });
			expect(result.error?.message).toMatch(message);
			expect(suite.emulator.requests).toHaveLength(0);
		});
	});
});

describe('Identity provider signing resource', () => {
	const pdfItem = (fileName = 'contract.pdf'): InputItem => ({
		binary: { data: { data: suite.emulator.samplePdf, fileName, mimeType: 'application/pdf' } },
	});
	const run = (parameters: INodeParameters, extra: RunExtras = {}) =>
		suite.harness.run({
			parameters: { resource: 'identitySigning', ...parameters },
			items: [pdfItem()],
			...extra,
		});
	const authenticated = () => {
		const requestId = randomUUID();
		suite.emulator.authenticateIdentity(requestId);
		return requestId;
	};

	describe('sign', () => {
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
				{ requestId: UNKNOWN_ID, inputDataFieldName: 'pdf' },
				/Input Binary Field: the input item has no binary property "pdf"/,
			],
			[
				'Base64 that does not decode',
				{ requestId: UNKNOWN_ID, fileInput: 'base64', fileBase64: 'not base64!' },
				/File \(Base64\) is not valid Base64/,
			],
			[
				'half a signature box',
				{ requestId: UNKNOWN_ID, signatureAppearance: { x1: 10, y1: 10 } },
				/Signature Appearance: Width is missing/,
			],
			[
				'a page number below 1',
				{ requestId: UNKNOWN_ID, signatureAppearance: { pageNumber: 0 } },
				/Signature Appearance: Page Number must be 1 or more/,
			],
			[
				'a missing image binary field',
				{ requestId: UNKNOWN_ID, signatureAppearance: { appearanceImageBinaryField: 'sig' } },
				/Appearance Image Binary Field: the input item has no binary property "sig"/,
			],
			[
				'an image given twice',
				{
					requestId: UNKNOWN_ID,
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

	describe('signWithSigners', () => {
		it('adds the signer details and outputs the signed PDF', async () => {
			const requestId = authenticated();
			const result = await run({
				operation: 'signWithSigners',
				requestId,
				signers: { signer: [jane] },
				config: { showSignDate: true },
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/api/v2/esign/idp/sign');
			expect(request.body).toEqual({
				requestId,
				file: {
					file: suite.emulator.samplePdf.toString('base64'),
					fileName: 'contract.pdf',
					password: null,
				},
				config: { showSignDate: true },
				signres: [jane],
			});
			expect(pdfSigners(await result.binary(0, 'data'))).toEqual(['Jane Doe']);
			expect(result.items[0].json).toMatchObject({
				requestId,
				fileName: 'contract.pdf',
				mimeType: 'application/pdf',
			});
		});

		it('refuses an empty signer list before sending', async () => {
			const result = await run({
				operation: 'signWithSigners',
				requestId: authenticated(),
				signers: {},
			});
			expect(result.error?.message).toMatch(/Signer Details: add at least one signer/);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('reports a signer who has not authenticated (error 100)', async () => {
			const result = await run({
				operation: 'signWithSigners',
				requestId: randomUUID(),
				signers: { signer: [jane] },
			});
			expect(result.error?.message).toMatch(
				/^The service could not sign: the signer has not authenticated .*\(error 100\)$/,
			);
		});
	});

	// Last in the file: switches n8n's binary data to disk for the rest of this file's module registry.
	describe('binary data in filesystem mode', () => {
		let storagePath: string;

		beforeAll(async () => {
			storagePath = mkdtempSync(join(tmpdir(), 'esig-idp-binary-'));
			const service = Container.get(BinaryDataService);
			// config is private in the typings; n8n sets it from the environment at start.
			const { config } = service as unknown as {
				config: { mode: string; localStoragePath: string };
			};
			config.mode = 'filesystem';
			config.localStoragePath = storagePath;
			await service.init();
		});

		afterAll(() => rmSync(storagePath, { recursive: true, force: true }));

		it('reads the PDF from disk and writes the signed PDF to disk', async () => {
			const requestId = authenticated();
			const result = await run(
				{
					operation: 'sign',
					requestId,
					signatureAppearance: { appearanceImageBinaryField: 'signature' },
				},
				{
					items: [
						{
							binary: {
								data: {
									data: suite.emulator.samplePdf,
									fileName: 'disk.pdf',
									mimeType: 'application/pdf',
								},
								signature: { data: PNG, fileName: 'sig.png', mimeType: 'image/png' },
							},
						},
					],
				},
			);
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toMatchObject({
				file: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'disk.pdf' },
				signatureAppearance: { appearanceImageBase64: PNG.toString('base64') },
			});
			const binary = result.items[0].binary!.data;
			expect(binary.id).toMatch(/^filesystem/);
			expect(readdirSync(storagePath, { recursive: true }).length).toBeGreaterThan(0);
			expect((await result.binary(0, 'data')).toString('latin1')).toContain(SIGNED_MARKER);
		});
	});
});
