/**
 * Webhook → Get Many, and how an error answer of the service becomes an error (nodes/ESignature/resources/webhook/getAll.ts).
 */
import { webhookSuite } from './testing';

const { suite, createWebhook } = webhookSuite();

describe('webhook: getAll', () => {
	it('lists webhooks as items, and cuts the list at the limit', async () => {
		await createWebhook('https://example.com/1');
		await createWebhook('https://example.com/2');
		await createWebhook('https://example.com/3');
		const all = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll', returnAll: true },
		});
		expect(all.items).toHaveLength(3);
		expect(all.items.map((item) => item.json.webhookUrl)).toEqual([
			'https://example.com/1',
			'https://example.com/2',
			'https://example.com/3',
		]);
		const limited = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll', returnAll: false, limit: 2 },
		});
		expect(limited.items).toHaveLength(2);
	});

	it('keeps the whole wrapper when asked', async () => {
		await createWebhook('https://example.com/1');
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'getAll',
				options: { includeResponseWrapper: true },
			},
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ errorCode: 0, message: 'Success' });
		expect((result.items[0].json.data as unknown[]).length).toBe(1);
	});

	it('turns an HTTP 200 with a non-zero errorCode into an error that carries the code and message', async () => {
		suite.emulator.failNext(1, 200, {
			data: null,
			errorCode: 28,
			message: 'QuotaExceeded',
			returnUrl: null,
		});
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll', returnAll: true },
		});
		expect(result.error?.message).toBe('The account has used up its quota (error 28)');
		expect(result.error?.description).toBe('Service message: QuotaExceeded');
		expect(JSON.stringify(result.error)).not.toContain(
			suite.harness.credentials().accessToken as string,
		);
	});

	it('still produces a clear error for an error code it does not know', async () => {
		suite.emulator.failNext(1, 400, { data: null, errorCode: 777, message: 'SomethingNew' });
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll' },
		});
		expect(result.error?.message).toBe('The service returned error 777 (error 777)');
		expect(result.error?.description).toBe('Service message: SomethingNew');
	});
});
