/**
 * Webhook → Get (nodes/ESignature/resources/webhook/get.ts).
 */
import { byId } from '../harness';
import { webhookSuite } from './testing';

const { suite, createWebhook } = webhookSuite();

describe('webhook: get', () => {
	it('gets a webhook by ID, and reports an unknown ID as not found', async () => {
		const created = await createWebhook('https://example.com/get');
		const found = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'get', webhookId: byId(created.id) },
		});
		expect(suite.emulator.requestsTo('GET', `/api/v1/webhooks/${created.id}`)).toHaveLength(1);
		expect(found.items[0].json).toMatchObject({
			id: created.id,
			webhookUrl: 'https://example.com/get',
		});

		const missing = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'get',
				webhookId: byId('00000000-0000-4000-8000-000000000001'),
			},
		});
		expect(missing.error?.message).toBe(
			'Webhook "00000000-0000-4000-8000-000000000001" was not found',
		);
	});

	it('refuses a webhook ID that is not an ID, without sending', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'get', webhookId: byId('={{ $json.id }}') },
			items: [{ json: { id: 'abc' } }],
		});
		expect(result.error?.message).toContain('Webhook must be an ID like');
		expect(suite.emulator.requests.filter((r) => r.path.startsWith('/api/'))).toHaveLength(0);
	});
});
