/**
 * Webhook → Create Many: several webhooks in one request (nodes/ESignature/resources/webhook/createMany.ts).
 */
import { webhookSuite } from './testing';

const { suite } = webhookSuite();

describe('webhook: createMany', () => {
	it('creates many webhooks in one request and outputs one item each, in order', async () => {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'createMany',
				webhooks: {
					webhook: [
						{ webhookUrl: 'https://example.com/one', headerToken: 't1', isDefault: false },
						{ webhookUrl: 'https://example.com/two', headerToken: '', isDefault: true },
					],
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks/bulk')[0].body).toEqual([
			{ webhookUrl: 'https://example.com/one', headerToken: 't1', isDefault: false },
			{ webhookUrl: 'https://example.com/two', isDefault: true },
		]);
		expect(result.items.map((item) => item.json.webhookUrl)).toEqual([
			'https://example.com/one',
			'https://example.com/two',
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
	});
});
