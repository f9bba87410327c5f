import type { Emulator } from './emulator';
import { emulatorSuite } from './harness';

/** The webhook resource through n8n-core's routing engine against the emulator. */

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('webhook resource', () => {
	const suite = emulatorSuite({ resetEach: 'reset', forgetTokens: true, freshHarness: true });

	async function createWebhook(webhookUrl: string, isDefault = false) {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl,
				headerToken: 'secret-token-1',
				isDefault,
			},
		});
		expect(result.error).toBeUndefined();
		return result.items[0].json as { id: string; webhookUrl: string };
	}

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
		expect(missing.error?.message).toBe('The requested item was not found');
	});

	it('refuses a webhook ID that is not an ID, without sending', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'get', webhookId: byId('={{ $json.id }}') },
			items: [{ json: { id: 'abc' } }],
		});
		expect(result.error?.message).toContain('Webhook must be an ID like');
		expect(suite.emulator.requests.filter((r) => r.path.startsWith('/api/'))).toHaveLength(0);
	});

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
		expect(unknown.error?.message).toBe('The requested item was not found');
		expect(suite.emulator.requestsTo('PUT', '/api/v1/webhooks')).toHaveLength(0);
	});

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
		expect(again.error?.message).toBe('The item was not found (error 404)');
		expect(again.error?.description).toContain('Service message:');
	});

	it('resends a callback by its request ID and finds the deliveries in the filtered logs', async () => {
		const hook = await createWebhook('http://127.0.0.1:9/unreachable', true);
		const created = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://example.com/unused',
			},
		});
		expect(created.error).toBeUndefined();
		// An envelope completed at the emulator calls the default webhook, which cannot be reached: a failed delivery.
		const envelopeId = await emulatorEnvelope(suite.emulator);
		await suite.emulator.sign(envelopeId);
		const otherEnvelopeId = await emulatorEnvelope(suite.emulator);
		await suite.emulator.sign(otherEnvelopeId);

		const resend = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'resend', requestId: envelopeId },
		});
		expect(resend.error).toBeUndefined();
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks/recall')[0].body).toEqual({
			requestId: envelopeId,
		});
		expect(resend.items[0].json).toMatchObject({ success: true });

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
		expect(String(result.items[1].json.error)).toContain('Callback Request ID must be an ID like');
		expect(suite.emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(1);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
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

/** An envelope created straight at the emulator's API (the envelope operations have tests of their own). */
async function emulatorEnvelope(emulator: Emulator): Promise<string> {
	const { demo } = emulator;
	const tokenResponse = await fetch(`${emulator.url}/Authentication/Authority/Token`, {
		method: 'POST',
		headers: {
			Authorization: `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`,
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: new URLSearchParams({
			grant_type: 'integration',
			username: demo.username,
			password: demo.password,
			accountId: demo.accountId,
			accountSecret: demo.accountSecret,
		}),
	});
	const { access_token } = (await tokenResponse.json()) as { access_token: string };
	const response = await fetch(`${emulator.url}/api/v1/envelopes/initiate-base64`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			referenceNumber: `REF-${Date.now()}`,
			files: { file: emulator.samplePdf.toString('base64'), fileName: 'a.pdf' },
		}),
	});
	const { data } = (await response.json()) as { data: { envelopeId: string; documentId: string } };
	await fetch(`${emulator.url}/api/v1/invitations`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			DocumentId: data.documentId,
			Destinations: [
				{ DestinationName: 'Sam Signer', DestinationEmail: 'sam@example.com', SigneOrder: 1 },
			],
		}),
	});
	return data.envelopeId;
}
