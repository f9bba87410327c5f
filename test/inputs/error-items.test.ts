/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Errors the next node can read: with Continue On Fail every error item carries the code, its meaning and the
 * service's message as fields, on the regular output and on the error output, paired with the item it belongs to;
 * and the editor's "Error code" is the service's code.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import { SIGNING_ERRORS as signErrors } from '../../nodes/ESignature/resources/identitySigning/shared';
import { ENVELOPE_ID_SOURCE } from '../../nodes/ESignature/fields/builderHints';
import { KNOWN_CR_NUMBER, TEMPLATE_ID } from '../emulator';
import { inputsSuite, paired } from './testing';

const { suite, run, fileItem, apiRequests, envelopes } = inputsSuite();

const IDP_NOT_AUTHENTICATED = 'Users must authenticate through the identity provider first';

function authenticatedRequest(): string {
	const requestId = randomUUID();
	suite.emulator.authenticateIdentity(requestId);
	return requestId;
}

describe('error items of service errors', () => {
	const idpSign = {
		resource: 'identitySigning',
		operation: 'sign',
		requestId: '={{ $json.requestId }}',
	};
	const unauthenticatedDetails = {
		kind: 'service',
		code: 100,
		meaning:
			'The service could not sign: the signer has not authenticated with the identity provider yet, or signing failed',
		serviceMessage: IDP_NOT_AUTHENTICATED,
		httpStatus: 200,
		description: `Service message: ${IDP_NOT_AUTHENTICATED}`,
	};

	it('carry the code, its meaning and the service message on the regular output, paired with their item', async () => {
		const ok = authenticatedRequest();
		const result = await run(
			idpSign,
			[
				fileItem(undefined, 'a.pdf', { requestId: randomUUID() }),
				fileItem(undefined, 'b.pdf', { requestId: ok }),
			],
			{
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(paired(result.items)[0]).toEqual({
			json: {
				error: `${unauthenticatedDetails.meaning} (error 100)`,
				details: unauthenticatedDetails,
			},
			pairedItem: { item: 0 },
		});
		expect(result.items[1]).toMatchObject({
			json: { requestId: ok, fileName: 'b.pdf' },
			pairedItem: { item: 1 },
		});
	});

	it('carry the same fields on the error output, beside the fields of their input item', async () => {
		const ok = authenticatedRequest();
		const failing = randomUUID();
		const result = await run(
			idpSign,
			[
				fileItem(undefined, 'a.pdf', { requestId: failing }),
				fileItem(undefined, 'b.pdf', { requestId: ok }),
			],
			{
				onError: 'continueErrorOutput',
			},
		);
		expect(result.error).toBeUndefined();
		const [success, errors] = result.outputs;
		expect(success.map((item) => [item.json.requestId, item.pairedItem])).toEqual([
			[ok, { item: 1 }],
		]);
		expect(paired(errors)).toEqual([
			{
				json: {
					requestId: failing,
					error: `${unauthenticatedDetails.meaning} (error 100)`,
					details: unauthenticatedDetails,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it.each([
		[
			'the general error (Signing → Sign)',
			async () => ({
				resource: 'signing',
				operation: 'sign',
				documentId: randomUUID(),
				signersInput: 'fields',
				signers: { signer: [{ emailAddress: 'a@example.com' }] },
			}),
			{ meaning: 'The service could not complete the operation', serviceMessage: 'GeneralError' },
		],
		[
			'a signer not yet authenticated (Identity Provider Signing → Sign)',
			async () => ({ resource: 'identitySigning', operation: 'sign', requestId: randomUUID() }),
			{ meaning: unauthenticatedDetails.meaning, serviceMessage: IDP_NOT_AUTHENTICATED },
		],
		[
			'cancelling a completed envelope (Envelope → Cancel)',
			async () => {
				const created = await run({ resource: 'envelope', operation: 'create' }, [fileItem()]);
				const envelopeId = created.items[0].json.envelopeId as string;
				await suite.emulator.sign(envelopeId);
				return { resource: 'envelope', operation: 'cancel', envelopeId };
			},
			{
				meaning:
					'The service could not cancel the envelope: a completed envelope cannot be cancelled',
				serviceMessage: 'GeneralError',
			},
		],
	])('tell the meanings of error 100 apart: %s', async (_case, parameters, expected) => {
		const result = await run(await parameters(), [fileItem()], { continueOnFail: true });
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBe(`${expected.meaning} (error 100)`);
		expect(result.items[0].json.details).toMatchObject({ code: 100, ...expected });
	});

	it("word error 100 as the operation's file declares it (the errors sign.ts's routing is given), in the message and the details", async () => {
		const declared = signErrors as Record<number, string>;
		const before = declared[100];
		declared[100] = 'As declared in sign.ts';
		try {
			const result = await run(
				idpSign,
				[fileItem(undefined, 'a.pdf', { requestId: randomUUID() })],
				{
					continueOnFail: true,
				},
			);
			expect(paired(result.items)).toEqual([
				{
					json: {
						error: 'As declared in sign.ts (error 100)',
						details: { ...unauthenticatedDetails, meaning: 'As declared in sign.ts' },
					},
					pairedItem: { item: 0 },
				},
			]);
		} finally {
			declared[100] = before;
		}
	});

	it('show the service code as the error code in the editor, not the HTTP status', async () => {
		const result = await run({
			resource: 'commercialRegistration',
			operation: 'check',
			commercialNumber: '7000000001',
		});
		expect(result.error?.message).toBe(
			'The commercial registration number is not registered with the Ministry of Commerce (error 149)',
		);
		// n8n's editor shows `httpCode` under "Error code"; the answer's HTTP status was 200.
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('149');
		expect(result.error?.description).toMatch(/^Service message: /);
		const known = await run({
			resource: 'commercialRegistration',
			operation: 'check',
			commercialNumber: KNOWN_CR_NUMBER,
		});
		expect(known.error).toBeUndefined();
	});

	it('keep every field on operations whose Simplify trims their items (Envelope → Get Status)', async () => {
		const result = await run(
			{
				resource: 'envelope',
				operation: 'getStatus',
				envelopeId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
			},
			[{ json: {} }],
			{ continueOnFail: true },
		);
		// Simplify leaves out empty fields of the operation's items, never of an error item's details.
		expect(result.items[0].json).toEqual({
			error: 'Envelope ID "3f2504e0-4f89-11d3-9a0c-0305e82c3301" was not found',
			details: {
				kind: 'service',
				code: 404,
				meaning: 'The requested item was not found',
				serviceMessage: null,
				httpStatus: null,
				description: `The service answered without data. ${ENVELOPE_ID_SOURCE} It must belong to the credential's account: the service finds no ID of another account.`,
			},
		});
	});

	it('name the reference number that exists on error 227', async () => {
		const reference = `REF-${randomUUID()}`;
		const create = {
			resource: 'envelope',
			operation: 'createFromBase64',
			additionalFields: { referenceNumber: reference },
		};
		expect((await run(create, [fileItem()])).error).toBeUndefined();
		const again = await run(create, [fileItem()], { continueOnFail: true });
		expect(again.items[0].json).toEqual({
			error: `The reference number is already used by another envelope of this account: "${reference}" (error 227)`,
			details: expect.objectContaining({
				code: 227,
				referenceNumber: reference,
				serviceMessage: 'DuplicatedReferenceNumber',
			}),
		});
		expect(String((again.items[0].json.details as IDataObject).description)).toContain(
			'give a new reference number',
		);
		expect(envelopes().filter((envelope) => envelope.referenceNumber === reference)).toHaveLength(
			1,
		);
	});
});

describe('error items of input errors', () => {
	const createMany = {
		resource: 'webhook',
		operation: 'createMany',
		webhooks: {
			webhook: [{ webhookUrl: '={{ $json.url }}' }, { webhookUrl: 'https://example.com/second' }],
		},
	};
	const inputDetails = (meaning: string) => ({
		kind: 'input',
		code: 'INVALID_INPUT',
		meaning,
		serviceMessage: null,
		httpStatus: null,
		description: null,
	});

	it('are paired with their item when the operation splits its answer (Webhook → Create Many), and nothing is sent for it', async () => {
		const result = await run(
			createMany,
			[{ json: { url: 'https://example.com/first' } }, { json: { url: 'not a url' } }],
			{
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		const message =
			'Webhooks, webhook 1: Webhook URL must be an http:// or https:// URL, got text that is not a URL';
		expect(paired(result.items)).toEqual([
			{
				json: expect.objectContaining({ webhookUrl: 'https://example.com/first' }),
				pairedItem: { item: 0 },
			},
			{
				json: expect.objectContaining({ webhookUrl: 'https://example.com/second' }),
				pairedItem: { item: 0 },
			},
			{ json: { error: message, details: inputDetails(message) }, pairedItem: { item: 1 } },
		]);
		expect(apiRequests()).toHaveLength(1);
	});

	it('go to the error output with their fields, paired with their item', async () => {
		const result = await run(
			createMany,
			[{ json: { url: 'https://example.com/first' } }, { json: { url: 'ftp://example.com' } }],
			{
				onError: 'continueErrorOutput',
			},
		);
		const [success, errors] = result.outputs;
		expect(success.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		const message =
			'Webhooks, webhook 1: Webhook URL must be an http:// or https:// URL, got one starting with "ftp://example.com"';
		expect(paired(errors)).toEqual([
			{
				json: { url: 'ftp://example.com', error: message, details: inputDetails(message) },
				pairedItem: { item: 1 },
			},
		]);
	});

	it('are paired with their own item when earlier items output nothing (Webhook → Get Delivery Logs)', async () => {
		const result = await run(
			{
				resource: 'webhook',
				operation: 'getLogs',
				filters: { requestId: '={{ $json.requestId }}' },
			},
			[{ json: { requestId: randomUUID() } }, { json: { requestId: 'abc' } }],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		// Item 0's filter matches no delivery: the one output item is item 1's error.
		expect(paired(result.items)).toEqual([
			{
				json: {
					error:
						'Filters: Envelope ID must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got "abc"',
					details: expect.objectContaining({ kind: 'input', code: 'INVALID_INPUT' }),
				},
				pairedItem: { item: 1 },
			},
		]);
		expect(apiRequests()).toHaveLength(1);
	});

	it('stop the node with the item named when Continue On Fail is off, and send nothing for any item refused', async () => {
		const result = await run(createMany, [
			{ json: { url: 'https://example.com/first' } },
			{ json: { url: 'not a url' } },
		]);
		expect(result.error?.message).toBe(
			'Webhooks, webhook 1: Webhook URL must be an http:// or https:// URL, got text that is not a URL',
		);
		expect((result.error as unknown as { context: { itemIndex: number } }).context.itemIndex).toBe(
			1,
		);
		expect(apiRequests()).toHaveLength(1);
	});
});

describe('error items of a failed connection', () => {
	afterEach(() => suite.emulator.setLatency(0));

	it('say that the service did not answer in time, paired with their item', async () => {
		suite.emulator.setLatency(1500);
		const result = await run(
			{
				resource: 'envelope',
				operation: 'getStatus',
				envelopeId: randomUUID(),
				requestOptions: { timeout: 200 },
			},
			[{ json: {} }],
			{ continueOnFail: true },
		);
		expect(paired(result.items)).toEqual([
			{
				json: {
					error:
						"The service did not answer in time (the Timeout of the node's request options) (ECONNABORTED)",
					details: {
						kind: 'connection',
						code: 'ECONNABORTED',
						meaning:
							"The service did not answer in time (the Timeout of the node's request options)",
						serviceMessage: null,
						httpStatus: null,
						description: null,
					},
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('on a create, say that the envelope may exist and which reference number makes running it again safe', async () => {
		suite.emulator.setLatency(600);
		const before = envelopes().length;
		const result = await run(
			{ resource: 'envelope', operation: 'createFromBase64', requestOptions: { timeout: 150 } },
			[fileItem()],
			{ continueOnFail: true },
		);
		const details = result.items[0].json.details as IDataObject;
		expect(details).toMatchObject({ kind: 'connection', code: 'ECONNABORTED' });
		// The service finishes the request the node gave up on: the reference named is the one the envelope has.
		while (envelopes().length === before) await new Promise((resolve) => setTimeout(resolve, 10));
		const { referenceNumber } = envelopes()[before];
		expect(details.description).toBe(
			`The service may have created the envelope before the connection ended. Running this item again is safe: its request carries reference number "${referenceNumber}", and the service refuses a second envelope with it (error 227).`,
		);
	});

	it('on a create without a reference number, say to check the service before running it again', async () => {
		suite.emulator.setLatency(600);
		const result = await run(
			{
				resource: 'envelope',
				operation: 'createFromTemplate',
				templateId: TEMPLATE_ID,
				requestOptions: { timeout: 150 },
			},
			[{ json: {} }],
			{ continueOnFail: true },
		);
		expect(String((result.items[0].json.details as IDataObject).description)).toMatch(
			/^The service may have created the envelope before the connection ended\. Check the service before running this item again/,
		);
	});
});
