/**
 * Webhook → Get Logs: the deliveries of callbacks, filtered (nodes/ESignature/resources/webhook/getLogs.ts).
 */
import { webhookSuite } from './testing';

const { suite, failedDeliveries } = webhookSuite();

describe('webhook: getLogs', () => {
	it('finds the deliveries of a callback, the failed one and its resending, in the filtered logs', async () => {
		const { hook, envelopeId } = await failedDeliveries();

		const resend = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'resend', requestId: envelopeId },
		});
		expect(resend.error).toBeUndefined();

		const logs = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'getLogs',
				filters: { requestId: envelopeId, webhookStatus: 4, webhookUrl: hook.webhookUrl },
			},
		});
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks/logs')).toHaveLength(1);
		expect(logs.items.length).toBe(2);
		for (const item of logs.items) {
			expect(item.json).toMatchObject({
				requestId: envelopeId,
				webhookStatus: 'FAILEDFROMCLIENT (4)',
				httpStatusCode: 0,
			});
		}
		const unfiltered = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getLogs' },
		});
		expect(unfiltered.items).toHaveLength(3);
		const succeeded = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getLogs', filters: { webhookStatus: 1 } },
		});
		expect(succeeded.items).toHaveLength(0);
	});
});
