/**
 * Webhook → Create (nodes/ESignature/resources/webhook/create.ts).
 */
import { webhookSuite } from './testing';

const { suite } = webhookSuite();

describe('webhook: create', () => {
	it('sends the URL trimmed, a number as the header token text and "TRUE" from an expression as true', async () => {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: '  https://example.com/hook  ',
				headerToken: '={{ 1234 }}',
				isDefault: '={{ "TRUE" }}',
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = suite.emulator.requestsTo('POST', '/api/v1/webhooks');
		expect(request.body).toEqual({
			webhookUrl: 'https://example.com/hook',
			headerToken: '1234',
			isDefault: true,
		});
	});

	it('creates a webhook with its URL, header token and default flag', async () => {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://example.com/hook',
				headerToken: 'secret-token-1',
				isDefault: true,
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = suite.emulator.requestsTo('POST', '/api/v1/webhooks');
		expect(request.headers['content-type']).toContain('application/json');
		expect(request.body).toEqual({
			webhookUrl: 'https://example.com/hook',
			headerToken: 'secret-token-1',
			isDefault: true,
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			webhookUrl: 'https://example.com/hook',
			isDefault: true,
		});
		expect(result.items[0].json.id).toBe(suite.emulator.webhooks()[0].id);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('omits an empty header token', async () => {
		await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'create', webhookUrl: 'https://example.com/a' },
		});
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks')[0].body).toEqual({
			webhookUrl: 'https://example.com/a',
			isDefault: false,
		});
	});

	it('refuses a webhook URL that is not http(s), naming the field, without sending', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'create', webhookUrl: 'example.com/hook' },
		});
		expect(result.error?.message).toBe(
			'Webhook URL must be an http:// or https:// URL, got text that is not a URL',
		);
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks')).toHaveLength(0);
	});
});
