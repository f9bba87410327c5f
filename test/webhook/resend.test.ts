/**
 * Webhook → Resend: a callback again, by its request ID (nodes/ESignature/resources/webhook/resend.ts).
 */
import { webhookSuite } from './testing';

const { suite, failedDeliveries } = webhookSuite();

describe('webhook: resend', () => {
	it('resends a callback by its request ID', async () => {
		const { envelopeId } = await failedDeliveries();

		const resend = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'resend', requestId: envelopeId },
		});
		expect(resend.error).toBeUndefined();
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks/recall')[0].body).toEqual({
			requestId: envelopeId,
		});
		expect(resend.items[0].json).toMatchObject({ success: true });
	});

	it('maps an unknown callback request ID to an error, and continues on fail with paired items', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'resend', requestId: '={{ $json.requestId }}' },
			items: [
				{ json: { requestId: '00000000-0000-4000-8000-000000000009' } },
				{ json: { requestId: 'not-an-id' } },
			],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json.error).toBeDefined();
		expect(String(result.items[0].json.error)).toContain('error 404');
		expect(String(result.items[1].json.error)).toContain('Envelope ID must be an ID like');
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(1);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
