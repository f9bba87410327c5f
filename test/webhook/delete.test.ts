/**
 * Webhook → Delete (nodes/ESignature/resources/webhook/delete.ts).
 */
import { byId } from '../harness';
import { webhookSuite } from './testing';

const { suite, createWebhook } = webhookSuite();

describe('webhook: delete', () => {
	it('deletes a webhook, and maps the 404 of an unknown one', async () => {
		const created = await createWebhook('https://example.com/del');
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'delete', webhookId: byId(created.id) },
		});
		expect(result.items[0].json).toMatchObject({ success: true });
		expect(suite.emulator.requestsTo('DELETE', `/api/v1/webhooks/${created.id}`)).toHaveLength(1);
		expect(suite.emulator.webhooks()).toHaveLength(0);

		const again = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'delete', webhookId: byId(created.id) },
		});
		expect(again.error?.message).toBe(`Webhook "${created.id}" was not found (error 404)`);
		expect(again.error?.description).toContain('Service message:');
	});
});
