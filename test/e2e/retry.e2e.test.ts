/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Retry safety and error items in a real n8n (docs/delivery-guarantees.md#retrying-creates):
 *   1. Retry On Fail on a create of 5 items, one answered 500: 5 envelopes, each item with its own.
 *   2. A failed execution retried from the executions list: the retry (a new execution) creates only the missing
 *      envelope, because the first execution's ID travels in the execution's custom data.
 *   3. An error item on the error output keeps its details in n8n's own execution.
 */
import { assertSuccess, nodeOutput } from './n8n';
import { ON_N8N1 } from './n8n-line';
import { NODE_TYPE, type Stack, startStack } from './stack';
import { chain, ESIG_CREDENTIAL, manualTrigger, type NodeSpec } from './workflow-builder';
import type { ParsedJson } from '../harness/json';

jest.setTimeout(300_000);

const INITIATE_BASE64 = '/api/v1/envelopes/initiate-base64';

describe('E-Signature creates retried in n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
	});
	afterAll(async () => {
		await stack?.stop();
	});

	/** Manual trigger → five items { i } → Create From Base64 of the sample PDF, named doc-<i>.pdf. */
	function fiveCreates(name: string, settings: Partial<NodeSpec> = {}) {
		return chain(name, [
			manualTrigger(),
			{
				name: 'Five Items',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: {
					mode: 'raw',
					jsonOutput: '={{ { "docs": [0, 1, 2, 3, 4].map(i => ({ i })) } }}',
					options: {},
				},
			},
			{
				name: 'Split',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				parameters: { fieldToSplitOut: 'docs', options: {} },
			},
			{
				name: 'Create',
				type: NODE_TYPE,
				typeVersion: 1,
				credentials: ESIG_CREDENTIAL,
				parameters: {
					resource: 'envelope',
					operation: 'createFromBase64',
					fileInput: 'base64',
					fileBase64: stack.emulator.samplePdf.toString('base64'),
					fileName: '={{ "doc-" + $json.i + ".pdf" }}',
				},
				...settings,
			},
		]);
	}

	const envelopes = () => [
		...(stack.emulator.state.account(stack.emulator.demo.accountId)?.envelopes.values() ?? []),
	];

	function expectOwnEnvelopes(items: Array<{ json: ParsedJson }>) {
		expect(items).toHaveLength(5);
		items.forEach((item, index) =>
			expect(stack.emulator.envelope(item.json.envelopeId)?.files[0].fileName).toBe(
				`doc-${index}.pdf`,
			),
		);
		expect(new Set(items.map((item) => item.json.envelopeId)).size).toBe(5);
	}

	test('Retry On Fail, 5 items, one answered 500: 5 envelopes', async () => {
		const emu = stack.emulator;
		const wf = await stack.addWorkflow(
			fiveCreates('Retry On Fail creates', {
				retryOnFail: true,
				maxTries: 2,
				waitBetweenTries: 10,
			}),
		);
		const before = envelopes().length;
		emu.clearRequests();
		emu.failNext(1, 500, undefined, INITIATE_BASE64);
		const ex = assertSuccess(await stack.n8n.runWorkflow(wf.id));
		expect(envelopes().length - before).toBe(5);
		expectOwnEnvelopes(nodeOutput(ex, 'Create'));
		expect(emu.requestsTo('POST', INITIATE_BASE64)).toHaveLength(6);
	});

	test('a failed execution retried from the executions list creates only the missing envelope', async () => {
		const emu = stack.emulator;
		const wf = await stack.addWorkflow(fiveCreates('Retried execution creates'));
		const before = envelopes().length;
		emu.clearRequests();
		emu.failNext(1, 500, undefined, INITIATE_BASE64);
		const failed = await stack.n8n.runWorkflow(wf.id);
		expect(failed.status).toBe('error');
		expect(envelopes().length - before).toBe(4);

		const retry = await stack.n8n.rest('POST', `/executions/${failed.id}/retry`, {
			loadWorkflow: false,
		});
		const retried = assertSuccess(await stack.n8n.waitForExecution(String(retry.id)));
		expect(String(retried.id)).not.toBe(String(failed.id));
		expect(envelopes().length - before).toBe(5);
		const items = nodeOutput(retried, 'Create');
		expectOwnEnvelopes(items);
		expect(emu.requestsTo('POST', INITIATE_BASE64)).toHaveLength(6);
		// Every reference number is derived from the first execution, whose ID the retry found in its custom data.
		for (const item of items)
			expect(item.json.referenceNumber).toMatch(
				new RegExp(`^n8n-run${failed.id}-item\\d-[0-9a-f]{8}$`),
			);
	});

	test("an error item on the error output keeps its details (on n8n 1.x: the service's message)", async () => {
		const wf = await stack.addWorkflow(
			chain('Error output details', [
				manualTrigger(),
				{
					name: 'Check CR',
					type: NODE_TYPE,
					typeVersion: 1,
					credentials: ESIG_CREDENTIAL,
					onError: 'continueErrorOutput',
					parameters: {
						resource: 'commercialRegistration',
						operation: 'check',
						commercialNumber: '7000000001',
					},
				},
			]),
		);
		const ex = assertSuccess(await stack.n8n.runWorkflow(wf.id));
		expect(nodeOutput(ex, 'Check CR', 0, 0)).toHaveLength(0);
		const [item] = nodeOutput(ex, 'Check CR', 0, 1);
		const error =
			'The commercial registration number is not registered with the Ministry of Commerce (error 149)';
		// n8n 1.x sends only { error } or { error, message } to the error output (docs/n8n-notes.md#n8n-1x).
		if (ON_N8N1) expect(item.json).toEqual({ error, message: expect.stringMatching(/\S/) });
		else
			expect(item.json).toMatchObject({
				error,
				details: {
					kind: 'service',
					code: 149,
					httpStatus: 200,
					serviceMessage: expect.any(String),
				},
			});
	});
});
