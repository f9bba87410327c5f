/**
 * Webhook → Update (nodes/ESignature/resources/webhook/update.ts).
 */
import { byId } from '../harness';
import { webhookSuite } from './testing';

const { suite, createWebhook } = webhookSuite();

describe('webhook: update', () => {
	it('updates URL and default flag, never the header token', async () => {
		const created = await createWebhook('https://example.com/old');
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'update',
				webhookId: byId(created.id),
				updateFields: { webhookUrl: 'https://example.com/new', isDefault: true },
			},
		});
		expect(result.error).toBeUndefined();
		expect(suite.emulator.requestsTo('PUT', '/api/v1/webhooks')[0].body).toEqual({
			id: created.id,
			webhookUrl: 'https://example.com/new',
			isDefault: true,
		});
		// Both fields given: nothing to read first.
		expect(suite.emulator.requestsTo('GET', `/api/v1/webhooks/${created.id}`)).toHaveLength(0);
		expect(result.items[0].json).toEqual({ success: true, message: 'Success' });
		expect(suite.emulator.webhooks()[0]).toMatchObject({
			webhookUrl: 'https://example.com/new',
			headerToken: 'secret-token-1',
		});
	});

	it('keeps the default flag when only the URL changes, and the URL when only the flag changes', async () => {
		const created = await createWebhook('https://example.com/default', true);
		await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'update',
				webhookId: byId(created.id),
				updateFields: { webhookUrl: 'https://example.com/moved' },
			},
		});
		expect(suite.emulator.requestsTo('PUT', '/api/v1/webhooks')[0].body).toEqual({
			id: created.id,
			webhookUrl: 'https://example.com/moved',
			isDefault: true,
		});
		await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'update',
				webhookId: byId(created.id),
				updateFields: { isDefault: false },
			},
		});
		expect(suite.emulator.requestsTo('PUT', '/api/v1/webhooks')[1].body).toEqual({
			id: created.id,
			webhookUrl: 'https://example.com/moved',
			isDefault: false,
		});
	});

	it('refuses an update with nothing to change, and reports an unknown webhook as not found', async () => {
		const created = await createWebhook('https://example.com/x');
		const nothing = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'update', webhookId: byId(created.id) },
		});
		expect(nothing.error?.message).toBe(
			'Update Fields: add the Webhook URL or Use as Account Default to change',
		);
		const unknown = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'update',
				webhookId: byId('00000000-0000-4000-8000-000000000001'),
				updateFields: { isDefault: true },
			},
		});
		expect(unknown.error?.message).toBe(
			'Webhook "00000000-0000-4000-8000-000000000001" was not found',
		);
		expect(suite.emulator.requestsTo('PUT', '/api/v1/webhooks')).toHaveLength(0);
	});
});
