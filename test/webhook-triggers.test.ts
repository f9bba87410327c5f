/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Telling the E-Signature Trigger's webhooks apart from others: the Webhook picker (methods/listSearch.ts) and the
 * marks of Webhook → Get Many (resources/webhook/getAll.ts), through n8n-core against the emulator.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { emulatorSuite } from './harness';

const N8N = 'https://n8n.example.com';
const TRIGGER_ID = '0b7c1e2a-5d4f-4e8a-9b6c-3d2e1f0a9b8c';
const OTHER_TRIGGER_ID = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

describe('the trigger webhooks of an account', () => {
	const suite = emulatorSuite({ resetEach: 'reset', forgetTokens: true, freshHarness: true });

	async function createWebhook(webhookUrl: string, isDefault = false): Promise<string> {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'create', webhookUrl, isDefault },
		});
		expect(result.error).toBeUndefined();
		return String(result.items[0].json.id);
	}

	/** Webhooks of every kind, in the order the service lists them. */
	async function createMixedWebhooks() {
		return {
			listener: await createWebhook(`${N8N}/webhook-test/${TRIGGER_ID}/webhook`),
			plain: await createWebhook('https://crm.example.com/hooks/esign'),
			trigger: await createWebhook(`${N8N}/webhook/${TRIGGER_ID}/webhook`),
			defaultTrigger: await createWebhook(
				`http://127.0.0.1:5678/base/webhook/${OTHER_TRIGGER_ID}/webhook/`,
				true,
			),
			// n8n's Webhook node: a path of its own, not the trigger's.
			webhookNode: await createWebhook(`${N8N}/webhook/${TRIGGER_ID}/orders`),
		};
	}

	it('the picker names what a webhook belongs to, the ID eventsTo names first: the account default first, then n8n triggers, other URLs, test listeners last', async () => {
		const ids = await createMixedWebhooks();

		const { results } = await suite.harness.listSearch('searchWebhooks');

		// Each label starts with the start of the service's ID (after its workflow, when known), as a create's eventsTo
		// names the webhook.
		const id8 = (id: string) => `webhook ${id.slice(0, 8)}`;
		expect(results).toEqual([
			{
				name: `${id8(ids.defaultTrigger)} · account default · n8n trigger 9f8e7d6c at 127.0.0.1:5678/base`,
				value: ids.defaultTrigger,
			},
			{ name: `${id8(ids.trigger)} · n8n trigger 0b7c1e2a at n8n.example.com`, value: ids.trigger },
			{ name: `${id8(ids.plain)} · https://crm.example.com/hooks/esign`, value: ids.plain },
			{
				name: `${id8(ids.webhookNode)} · ${N8N}/webhook/${TRIGGER_ID}/orders`,
				value: ids.webhookNode,
			},
			{
				name: `${id8(ids.listener)} · n8n test listener 0b7c1e2a at n8n.example.com`,
				value: ids.listener,
			},
		]);
	});

	it('the picker finds a webhook by its label, its full URL or its ID', async () => {
		const ids = await createMixedWebhooks();
		const found = async (filter: string) =>
			(await suite.harness.listSearch('searchWebhooks', filter)).results.map((r) => r.value);

		expect(await found('TEST LISTENER')).toEqual([ids.listener]);
		expect(await found(`${N8N}/webhook/${TRIGGER_ID}/webhook`)).toEqual([ids.trigger]);
		expect(await found(ids.plain)).toEqual([ids.plain]);
		expect(await found('crm.example')).toEqual([ids.plain]);
		expect(await found('nothing like it')).toEqual([]);
	});

	it('Get Many marks the webhooks of n8n triggers, and their test registrations', async () => {
		const ids = await createMixedWebhooks();

		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll', returnAll: true },
		});

		expect(result.error).toBeUndefined();
		const marks = Object.fromEntries(
			result.items.map(({ json }) => [
				json.id,
				{ n8nTrigger: json.n8nTrigger, testUrl: json.testUrl },
			]),
		);
		expect(marks).toEqual({
			[ids.listener]: { n8nTrigger: true, testUrl: true },
			[ids.plain]: { n8nTrigger: false, testUrl: false },
			[ids.trigger]: { n8nTrigger: true, testUrl: false },
			[ids.defaultTrigger]: { n8nTrigger: true, testUrl: false },
			[ids.webhookNode]: { n8nTrigger: false, testUrl: false },
		});
		expect(result.items[0].json).toMatchObject({
			webhookUrl: `${N8N}/webhook-test/${TRIGGER_ID}/webhook`,
			isDefault: false,
		});
	});

	it('Get Many leaves the whole wrapper as answered when asked for it', async () => {
		await createMixedWebhooks();
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'getAll',
				options: { includeResponseWrapper: true },
			},
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).not.toHaveProperty('n8nTrigger');
	});

	it('a pick the service no longer has comes back after the account default, marked out of date, not under its old label as if current', async () => {
		const ids = await createMixedWebhooks();
		const label = `webhook ${ids.trigger.slice(0, 8)} · n8n trigger 0b7c1e2a at n8n.example.com`;
		const picked = { __rl: true, mode: 'list', value: ids.trigger, cachedResultName: label };
		const list = async () =>
			(await suite.harness.listSearch('searchWebhooks', undefined, { webhookId: picked })).results;

		// Still at the service: listed once, in its place, the account default first.
		const current = await list();
		expect(current.filter((r) => r.value === ids.trigger)).toEqual([
			{ name: label, value: ids.trigger },
		]);
		expect(current[0].value).toBe(ids.defaultTrigger);

		const removed = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'delete', webhookId: ids.trigger },
		});
		expect(removed.error).toBeUndefined();
		const [first, second, ...rest] = await list();
		expect(first.value).toBe(ids.defaultTrigger);
		expect(second).toEqual({ name: `Out of date, pick again: ${label}`, value: ids.trigger });
		expect(rest.map((r) => r.value)).not.toContain(ids.trigger);
		expect(rest).toHaveLength(3);
	});

	it.each([
		['Envelope → Create', { resource: 'envelope', operation: 'create', fileInput: 'base64' }],
		['Webhook → Delete', { resource: 'webhook', operation: 'delete' }],
	])(
		'%s: a trigger picked while it has no webhook at the service is refused before any request, saying to publish it',
		async (_, parameters) => {
			const filesJson = JSON.stringify([
				{ file: suite.emulator.samplePdf.toString('base64'), fileName: 'a.pdf' },
			]);
			suite.emulator.clearRequests();
			const result = await suite.harness.run({
				parameters: {
					...parameters,
					filesJson,
					webhookId: {
						__rl: true,
						mode: 'list',
						value: 'unregistered-trigger:AbC123xyz:Contracts (draft)',
					},
				},
			});
			expect(result.error?.message).toBe(
				'Webhook names the E-Signature Trigger of workflow "Contracts (draft)", which has no webhook at the ' +
					'service yet',
			);
			expect(result.error?.description).toMatch(
				/^Its workflow is not published, or the service lost its webhook: publish the workflow \(again\)/,
			);
			expect(suite.emulator.requests.filter((r) => !r.path.includes('token'))).toEqual([]);
		},
	);

	it.each([
		[
			'an older value, without the name',
			'unregistered-trigger:AbC123xyz',
			'of workflow ID AbC123xyz, which',
		],
		[
			'a name with a control character',
			'unregistered-trigger:AbC123xyz:Con\u0007tracts',
			'Webhook has a control character',
		],
		['a name too long', `unregistered-trigger:AbC123xyz:${'x'.repeat(129)}`, 'must be an ID like'],
		[
			'a workflow ID of other characters',
			'unregistered-trigger:Ab/C:Contracts',
			'must be an ID like',
		],
	])('a picked trigger value is user input: %s', async (_, value, said) => {
		suite.emulator.clearRequests();
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'delete',
				webhookId: { __rl: true, mode: 'list', value },
			},
		});
		expect(result.error?.message).toContain(said);
		expect(suite.emulator.requests.filter((r) => !r.path.includes('token'))).toEqual([]);
	});

	describe('the n8n API Key goes only to an address the owner chose, or to n8n on this machine', () => {
		/** A stand-in for n8n's public API that records the key it is sent and answers these workflows. */
		async function n8nApi(
			workflows: IDataObject[] = [],
		): Promise<{ url: string; keys: string[]; close: () => void }> {
			const keys: string[] = [];
			const server = createServer((req, res) => {
				keys.push(String(req.headers['x-n8n-api-key'] ?? ''));
				res.setHeader('content-type', 'application/json');
				res.end(JSON.stringify({ data: workflows, nextCursor: null }));
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			const { port } = server.address() as AddressInfo;
			return { url: `http://127.0.0.1:${port}/`, keys, close: () => server.close() };
		}
		const withKey = (extra: IDataObject = {}) =>
			suite.harness.setCredentials({
				...suite.harness.credentials(),
				n8nApiKey: 'n8n-api-key-1',
				...extra,
			});

		it('is refused, unsent, where n8n is known only by WEBHOOK_URL (a tunnel, a CDN edge)', async () => {
			withKey();
			suite.harness.instanceBaseUrl = 'https://abc123.tunnel.example.com/';
			await expect(suite.harness.listSearch('searchWebhooks')).rejects.toThrow(
				"The n8n API Key is not sent: n8n's address https://abc123.tunnel.example.com is not this machine",
			);
		});

		it('is refused, unsent, at a chosen address over plain http', async () => {
			withKey({ n8nApiUrl: 'http://n8n.example.com' });
			await expect(suite.harness.listSearch('searchWebhooks')).rejects.toThrow(
				'The n8n API Key is not sent: the n8n API Address http://n8n.example.com does not use https',
			);
		});

		it('an unpublished trigger is listed by its workflow first, and picked, refused by that name', async () => {
			const trigger = (webhookId: string) => ({
				type: 'n8n-nodes-esignature.eSignatureTrigger',
				webhookId,
			});
			const api = await n8nApi([
				{ id: 'Wf1draft', name: 'Contracts (draft)', active: false, nodes: [trigger(TRIGGER_ID)] },
				{
					id: 'Wf2lost',
					name: 'Lost webhook',
					active: true,
					nodes: [trigger(OTHER_TRIGGER_ID)],
					activeVersion: { nodes: [trigger(OTHER_TRIGGER_ID)] },
				},
			]);
			try {
				withKey();
				suite.harness.instanceBaseUrl = api.url;
				const { results } = await suite.harness.listSearch('searchWebhooks');
				expect(results).toEqual([
					{
						name: '"Contracts (draft)" · not published: publish its workflow first · n8n trigger 0b7c1e2a',
						value: 'unregistered-trigger:Wf1draft:Contracts (draft)',
					},
					{
						name: '"Lost webhook" · no webhook at the service: publish its workflow again · n8n trigger 9f8e7d6c',
						value: 'unregistered-trigger:Wf2lost:Lost webhook',
					},
				]);
				const result = await suite.harness.run({
					parameters: {
						resource: 'webhook',
						operation: 'delete',
						webhookId: { __rl: true, mode: 'list', value: results[1].value },
					},
				});
				expect(result.error?.message).toBe(
					'Webhook names the E-Signature Trigger of workflow "Lost webhook", which has no webhook at the service yet',
				);
			} finally {
				api.close();
			}
		});

		it("is sent to n8n's own address on this machine", async () => {
			const api = await n8nApi();
			try {
				withKey();
				suite.harness.instanceBaseUrl = api.url;
				await suite.harness.listSearch('searchWebhooks');
				expect(api.keys).toEqual(['n8n-api-key-1']);
			} finally {
				api.close();
			}
		});
	});
});
