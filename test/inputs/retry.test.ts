/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Creates are safe to retry (docs/delivery-guarantees.md#retrying-creates): n8n's Retry On Fail runs every item of the node
 * again, and a retried execution runs the failed node again from the start. Neither may create a second envelope for
 * an item, and every item must get its envelope's ID, or an error that names the reference number that exists.
 */
import type { IDataObject } from 'n8n-workflow';

import { declarationOf } from '../../nodes/ESignature/routing/operation';
import { TEMPLATE_ID } from '../emulator';
import type { InputItem } from '../harness';
import { actionOperations } from '../harness/operations';
import { inputsSuite } from './testing';

const { suite, run, fileItem, envelopes, requestsTo } = inputsSuite();
const envelopeCreates = Object.fromEntries(
	actionOperations()
		.filter(({ option }) => declarationOf(option.routing)?.createsEnvelope)
		.map(({ key, option }) => [key, declarationOf(option.routing)]),
);

// n8n reads a Wait Between Tries of 0 as its default of 1,000 ms: 1 ms keeps the tests quick.
const RETRY = { retryOnFail: { maxTries: 2, waitBetweenTries: 1 } };
const INITIATE = '/api/v1/envelopes/initiate';
const INITIATE_BASE64 = '/api/v1/envelopes/initiate-base64';

const documents = (count: number, json: (index: number) => IDataObject = () => ({})): InputItem[] =>
	Array.from({ length: count }, (_, index) => fileItem(undefined, `doc-${index}.pdf`, json(index)));

/** Runs `check` every few milliseconds until it holds (no assertion on time: it only orders the test's steps). */
async function until(check: () => boolean): Promise<void> {
	while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Each output item is the envelope of its own input item: its document carries the item's file name. */
function expectOwnEnvelopes(
	items: Array<{ json: IDataObject; pairedItem?: unknown }>,
	count: number,
) {
	expect(items.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: count }, (_, item) => ({ item })),
	);
	items.forEach((item, index) => {
		const envelope = suite.emulator.envelope(item.json.envelopeId as string);
		expect(envelope?.files[0].fileName).toBe(`doc-${index}.pdf`);
	});
	expect(new Set(items.map((item) => item.json.envelopeId)).size).toBe(count);
}

describe('Retry On Fail on Envelope → Create', () => {
	it('5 items, one answered 500: 5 envelopes, each item with its own, and only the failed item sent again', async () => {
		const before = envelopes().length;
		suite.emulator.failNext(1, 500, undefined, INITIATE);
		const result = await run({ resource: 'envelope', operation: 'create' }, documents(5), RETRY);
		expect(result.error).toBeUndefined();
		expect(envelopes().length - before).toBe(5);
		expect(result.items).toHaveLength(5);
		expectOwnEnvelopes(result.items, 5);
		expect(requestsTo(INITIATE)).toHaveLength(6);
	});

	it('the same with reference numbers the user gives: 5 envelopes, 5 IDs output, no error 227', async () => {
		const before = envelopes().length;
		const stamp = Date.now();
		suite.emulator.failNext(1, 500, undefined, INITIATE);
		const result = await run(
			{
				resource: 'envelope',
				operation: 'create',
				additionalFields: { referenceNumber: '={{ $json.ref }}' },
			},
			documents(5, (index) => ({ ref: `ORDER-${stamp}-${index}` })),
			RETRY,
		);
		expect(result.error).toBeUndefined();
		expect(envelopes().length - before).toBe(5);
		expectOwnEnvelopes(result.items, 5);
		expect(result.items.map((item) => item.json.referenceNumber)).toEqual(
			[0, 1, 2, 3, 4].map((index) => `ORDER-${stamp}-${index}`),
		);
	});

	it('with Continue On Fail too: the failed item is retried and no envelope is made twice', async () => {
		const before = envelopes().length;
		suite.emulator.failNext(1, 500, undefined, INITIATE);
		const result = await run({ resource: 'envelope', operation: 'create' }, documents(3), {
			...RETRY,
			continueOnFail: true,
		});
		// n8n retries a node that continues on fail only when its first output item is an error, so the failed item
		// may end as an error item; either way every envelope is output once and none is made twice.
		const ids = result.items.map((item) => item.json.envelopeId).filter(Boolean);
		expect(new Set(ids).size).toBe(ids.length);
		expect(envelopes().length - before).toBe(ids.length);
		expect(ids.length + result.items.filter((item) => item.json.error).length).toBe(3);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	it('a new run of the same workflow is a new execution: it creates new envelopes', async () => {
		const before = envelopes().length;
		const first = await run({ resource: 'envelope', operation: 'create' }, documents(2));
		const second = await run({ resource: 'envelope', operation: 'create' }, documents(2));
		expect(envelopes().length - before).toBe(4);
		const references = [...first.items, ...second.items].map(
			(item) => item.json.referenceNumber as string,
		);
		expect(new Set(references).size).toBe(4);
		references.forEach((reference) =>
			expect(reference).toMatch(/^n8n-runexec-\d+-item[12]-[0-9a-f]{8}$/),
		);
	});
});

describe('Retry On Fail on every create', () => {
	const signer = { name: 'Jane Doe', email: 'jane@example.com' };
	it.each([
		[
			'Create From Base64',
			INITIATE_BASE64,
			{ resource: 'envelope', operation: 'createFromBase64' },
		],
		[
			'Create With Several Documents',
			'/api/v1/envelopes/bulk/initiate-base64',
			{ resource: 'envelope', operation: 'createBulk' },
		],
		[
			'Create From Template',
			'/api/v1/envelopes/initiate-by-template',
			{ resource: 'envelope', operation: 'createFromTemplate', templateId: TEMPLATE_ID },
		],
		[
			'Create and Invite',
			'/api/v1/envelopes/bulk/initiate-and-invite',
			{
				resource: 'envelope',
				operation: 'createAndInvite',
				destinationsInput: 'fields',
				destinations: { destination: [signer] },
			},
		],
		[
			'Signing → Sign by Template',
			'/api/v2/sign/by-template',
			{
				resource: 'signing',
				operation: 'signByTemplate',
				templateId: TEMPLATE_ID,
				signersInput: 'fields',
				signers: { signer: [{ emailAddress: 'jane@example.com' }] },
			},
		],
	])('%s: 3 items, one answered 500, 3 envelopes', async (_name, path, parameters) => {
		const before = envelopes().length;
		const invitations = suite.emulator.notifications.length;
		suite.emulator.failNext(1, 500, undefined, path);
		const result = await run(parameters, documents(3), RETRY);
		expect(result.error).toBeUndefined();
		expect(envelopes().length - before).toBe(3);
		expect(requestsTo(path)).toHaveLength(4);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(new Set(result.items.map((item) => item.json.envelopeId)).size).toBe(3);
		if (parameters.operation === 'createAndInvite')
			expect(suite.emulator.notifications.length - invitations).toBe(3);
	});
});

describe('a retried execution (n8n\'s "Retry" of a failed execution)', () => {
	it('creates only the envelope the failed execution did not, and outputs all of them', async () => {
		const before = envelopes().length;
		suite.emulator.failNext(1, 500, undefined, INITIATE);
		const failed = await run({ resource: 'envelope', operation: 'create' }, documents(5));
		expect(failed.error?.message).toBe('The service returned error 500 (error 500)');
		expect(envelopes().length - before).toBe(4);

		const retried = await failed.retry();
		expect(retried.error).toBeUndefined();
		expect(envelopes().length - before).toBe(5);
		expectOwnEnvelopes(retried.items, 5);
		expect(requestsTo(INITIATE)).toHaveLength(6);
		// The retry is a new execution, yet every reference is derived from the first one.
		const [firstExecution] = retried.items.map(
			(item) => /^n8n-run(exec-\d+)-/.exec(item.json.referenceNumber as string)?.[1],
		);
		expect(firstExecution).toBeDefined();
		expect(
			retried.items.every((item) =>
				(item.json.referenceNumber as string).startsWith(`n8n-run${firstExecution}-`),
			),
		).toBe(true);
		expect(retried.run.data.resultData.metadata).toEqual({ eSignatureRun: firstExecution });
	});
});

describe('a create whose answer was lost (the request timed out after the service created the envelope)', () => {
	afterEach(() => suite.emulator.setLatency(0));

	/** The first attempt reaches the service, which answers after the node gave up; the retry comes later. */
	async function lostAnswer(parameters: IDataObject, extras: IDataObject = {}) {
		const before = envelopes().length;
		suite.emulator.setLatency(800);
		const running = run(
			{
				resource: 'envelope',
				operation: 'createFromBase64',
				requestOptions: { timeout: 200 },
				...parameters,
			},
			[fileItem()],
			{ retryOnFail: { maxTries: 2, waitBetweenTries: 1500 }, ...extras },
		);
		await until(() => requestsTo(INITIATE_BASE64).length === 1);
		suite.emulator.setLatency(0);
		const result = await running;
		expect(requestsTo(INITIATE_BASE64)).toHaveLength(2);
		const created = envelopes().slice(before);
		expect(created).toHaveLength(1);
		return { result, reference: created[0].referenceNumber };
	}

	it('is refused on retry with error 227 naming the derived reference and how to find the envelope', async () => {
		const { result, reference } = await lostAnswer({});
		expect(reference).toMatch(/^n8n-runexec-\d+-item1-[0-9a-f]{8}$/);
		expect(result.error?.message).toBe(
			`The reference number is already used by another envelope of this account: "${reference}" (error 227)`,
		);
		expect(result.error?.description).toContain(
			`The node derived reference number "${reference}" from this execution and item, so an earlier attempt of this item`,
		);
		expect(result.error?.description).toContain('Nothing new was created.');
		expect(result.error?.description).toContain(
			`find the envelope by "${reference}" in the service's portal`,
		);
	});

	it('gives the next node the reference number as a field with Continue On Fail', async () => {
		const { result, reference } = await lostAnswer(
			{ additionalFields: { referenceNumber: '={{ "LOST-" + $execution.id }}' } },
			{ continueOnFail: true },
		);
		expect(reference).toMatch(/^LOST-exec-\d+$/);
		expect(result.items).toHaveLength(1);
		expect(result.items[0]).toMatchObject({
			json: {
				details: {
					kind: 'service',
					code: 227,
					referenceNumber: reference,
					serviceMessage: 'DuplicatedReferenceNumber',
				},
			},
			pairedItem: { item: 0 },
		});
	});
});

describe('which operations are retry-safe creates', () => {
	it('every operation that posts to an endpoint that creates an envelope declares it in its file (createsEnvelope)', () => {
		// The contract's endpoints that make a new envelope: initiate, its Base64, bulk and template forms,
		// initiate-and-invite, and signing by template.
		const creating = /\/(initiate[\w-]*|sign\/by-template)$/;
		const posting = actionOperations()
			.filter(({ option }) => {
				const request = option.routing?.request;
				return request?.method === 'POST' && creating.test(String(request.url ?? ''));
			})
			.map(({ key }) => key);

		expect(posting.sort()).toEqual(Object.keys(envelopeCreates).sort());
		expect(posting).toHaveLength(6);
	});
});
