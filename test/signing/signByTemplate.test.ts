/**
 * Signing → Sign by Template (nodes/ESignature/resources/signing/signByTemplate.ts).
 */
import { TEMPLATE_ID, TEMPLATE_WITH_RECIPIENT_FIELDS_ID } from '../emulator';
import { UNKNOWN_GUID } from '../harness';
import { jane, signingSuite } from './testing';

const { suite, run, apiRequests } = signingSuite();

describe('signing: signByTemplate', () => {
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

	it('sends the password exactly as entered, spaces included, and leaves an empty one out', async () => {
		await run({
			operation: 'signByTemplate',
			templateId: TEMPLATE_ID,
			signers: { signer: [jane] },
			additionalFields: { password: ' pdf secret ' },
		});
		await run({
			operation: 'signByTemplate',
			templateId: TEMPLATE_ID,
			signers: { signer: [jane] },
			additionalFields: { password: '' },
		});
		const [given, empty] = apiRequests();
		expect((given.body as { Password?: string }).Password).toBe(' pdf secret ');
		expect(empty.body).not.toHaveProperty('Password');
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
			templateId: UNKNOWN_GUID,
			signers: { signer: [jane] },
		});
		expect(result.error?.message).toBe(`Template ID "${UNKNOWN_GUID}" was not found (error 404)`);
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
