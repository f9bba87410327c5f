/**
 * Signing → Sign: direct signing of a document with the signer details (nodes/ESignature/resources/signing/sign.ts).
 */
import { type INodeProperties } from 'n8n-workflow';
import { ESignature } from '../../nodes/ESignature/ESignature.node';
import { UNKNOWN_GUID } from '../harness';
import { jane, janeFull, signingSuite } from './testing';

const { suite, run, apiRequests } = signingSuite();

describe('signing: sign', () => {
	it('signs a document with the signer details as signres', async () => {
		const envelope = suite.seedEnvelope({
			signers: [{ name: 'jane@example.com', email: 'jane@example.com' }],
		});
		const result = await run({
			operation: 'sign',
			documentId: envelope.documentId,
			signers: { signer: [{ ...janeFull, secondNameArabic: '' }] },
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v2/sign');
		expect(request.headers.authorization).toBe(`Bearer ${suite.harness.credentials().accessToken}`);
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
		const envelope = suite.seedEnvelope();
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
		const envelope = suite.seedEnvelope({
			signers: [{ name: 'sara@example.com', email: 'sara@example.com' }],
		});
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
		const envelope = suite.seedEnvelope({
			signers: [{ name: 'jane@example.com', email: 'jane@example.com' }],
		});
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
			documentId: UNKNOWN_GUID,
			signers: { signer: [jane] },
		});
		expect(apiRequests()).toHaveLength(1);
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
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
			{ documentId: UNKNOWN_GUID, signers: {} },
			/Signer Details: add at least one signer/,
		],
		[
			'a malformed e-mail',
			{ documentId: UNKNOWN_GUID, signers: { signer: [{ ...jane, emailAddress: 'jane' }] } },
			/Signer Details, signer 1: Email must be an e-mail address/,
		],
		// The same check in both modes: an Email, which the service matches the signer by, and nothing else.
		// An expression that gives nothing: n8n itself stops an empty required field typed in.
		[
			'a signer without e-mail',
			{
				documentId: UNKNOWN_GUID,
				signers: { signer: [{ ...jane, emailAddress: '={{ $json.missing }}' }] },
			},
			/^Signer Details, signer 1: Email is required$/,
		],
		[
			'a JSON signer without e-mail',
			{
				documentId: UNKNOWN_GUID,
				signersInput: 'json',
				signersJson: JSON.stringify([{ firstNameEnglish: 'Jane', emailAddress: ' ' }]),
			},
			/^Signer Details, signer 1: Email is required$/,
		],
		[
			'a JSON signer with a malformed e-mail',
			{
				documentId: UNKNOWN_GUID,
				signersInput: 'json',
				signersJson: JSON.stringify([jane, { ...jane, emailAddress: 'jane' }]),
			},
			/^Signer Details, signer 2: Email must be an e-mail address, got "jane"$/,
		],
		[
			'a JSON signer that is not an object',
			{ documentId: UNKNOWN_GUID, signersInput: 'json', signersJson: '[["jane@example.com"]]' },
			/^Signer Details, signer 1 must be an object$/,
		],
		// Switching to JSON and running must not send the example of the field.
		[
			'JSON left at its default',
			{ documentId: UNKNOWN_GUID, signersInput: 'json' },
			/^Signer Details: add at least one signer$/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'sign', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('signs for several items and continues on fail with paired items', async () => {
		const envelope = suite.seedEnvelope({
			signers: [{ name: 'jane@example.com', email: 'jane@example.com' }],
		});
		const result = await run(
			{ operation: 'sign', documentId: '={{ $json.documentId }}', signers: { signer: [jane] } },
			{
				items: [
					{ json: { documentId: UNKNOWN_GUID } },
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
