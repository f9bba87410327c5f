/**
 * Webhook routes (webhooks.ts): management, delivery logs and recall.
 */
import {
	call,
	createEnvelope,
	createWebhook,
	emu,
	getWithBody,
	receiverForEachTest,
	useEmulator,
} from '../testing';

useEmulator();

describe('webhook management', () => {
	it('creates, lists, gets, updates and deletes webhooks', async () => {
		const created = await call('POST', '/api/v1/webhooks', {
			json: { webhookUrl: 'https://example.com/a', headerToken: 'tok-a' },
		});
		expect(created.json.errorCode).toBe(0);
		expect(created.json.data).toEqual({
			id: expect.any(String),
			webhookUrl: 'https://example.com/a',
			accountId: emu.demo.accountId,
			isDefault: false,
			headerToken: 'tok-a',
		});
		const id = created.json.data.id;
		const bulk = await call('POST', '/api/v1/webhooks/bulk', {
			json: [
				{ webhookUrl: 'https://example.com/b', headerToken: 'b', isDefault: true },
				{ webhookUrl: 'https://example.com/c', isDefault: true },
			],
		});
		expect(bulk.json.data.map((w: { webhookUrl: string }) => w.webhookUrl)).toEqual([
			'https://example.com/b',
			'https://example.com/c',
		]);
		const list = await call('GET', '/api/v1/webhooks');
		expect(list.json.data).toHaveLength(3);
		const got = await call('GET', `/api/v1/webhooks/${id}`);
		expect(got.json.data).toEqual(created.json.data);
		const missing = await call('GET', '/api/v1/webhooks/11111111-2222-4333-8444-555555555555');
		expect(missing.json).toMatchObject({ errorCode: 0, data: null });
		const updated = await call('PUT', '/api/v1/webhooks', {
			json: { id, webhookUrl: 'https://example.com/a2', isDefault: true, headerToken: 'changed' },
		});
		expect(updated.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.webhooks().find((w) => w.id === id)).toMatchObject({
			webhookUrl: 'https://example.com/a2',
			isDefault: true,
			headerToken: 'tok-a',
		});
		const deleted = await call('DELETE', `/api/v1/webhooks/${id}`);
		expect(deleted.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.webhooks()).toHaveLength(2);
	});

	it('answers 134 for an invalid URL, 8 for a missing one and 404 for unknown ids on PUT and DELETE', async () => {
		const invalidUrl = await call('POST', '/api/v1/webhooks', {
			json: { webhookUrl: 'ftp://example.com' },
		});
		expect(invalidUrl.json).toMatchObject({ errorCode: 134, message: 'InvalidWebhookUrl' });
		const bulkInvalid = await call('POST', '/api/v1/webhooks/bulk', {
			json: [{ webhookUrl: 'https://ok.example.com' }, { webhookUrl: 'nope' }],
		});
		expect(bulkInvalid.json.errorCode).toBe(134);
		expect(emu.webhooks()).toHaveLength(0);
		const missing = await call('POST', '/api/v1/webhooks', { json: { headerToken: 'x' } });
		expect(missing.json.errorCode).toBe(8);
		const put = await call('PUT', '/api/v1/webhooks', {
			json: {
				id: '11111111-2222-4333-8444-555555555555',
				webhookUrl: 'https://example.com',
				isDefault: false,
			},
		});
		expect(put.status).toBe(404);
		expect(put.json).toMatchObject({ errorCode: 404, message: 'WebhookNotFound' });
		const del = await call('DELETE', '/api/v1/webhooks/11111111-2222-4333-8444-555555555555');
		expect(del.status).toBe(404);
		expect(del.json.errorCode).toBe(404);
	});
});

describe('webhook logs and recall', () => {
	const receiver = receiverForEachTest();

	it('logs a FAILEDFROMCLIENT (4) delivery, recalls it (RECALL (2)) and filters logs by a JSON body on GET', async () => {
		receiver.answer = 401;
		await createWebhook(receiver.url, 'tok');
		const { envelopeId } = await createEnvelope();
		const second = await createEnvelope();
		await emu.sign(envelopeId);
		expect(emu.deliveries[0]).toMatchObject({ ok: false, httpStatusCode: 401 });
		let logs = await getWithBody('/api/v1/webhooks/logs', {});
		expect(logs.status).toBe(200);
		expect(logs.json.data).toEqual([
			{
				requestId: envelopeId,
				createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
				webhookStatus: 'FAILEDFROMCLIENT (4)',
				httpStatusCode: 401,
				webhookUrl: receiver.url,
				reasons: 'HTTP 401 Unauthorized',
			},
		]);
		receiver.answer = 200;
		const recall = await call('POST', '/api/v1/webhooks/recall', {
			json: { requestId: envelopeId },
		});
		expect(recall.json).toMatchObject({ errorCode: 0, data: true });
		expect(receiver.received).toHaveLength(2);
		expect(receiver.received[1].body).toEqual(receiver.received[0].body);
		await emu.sign(second.envelopeId);
		logs = await getWithBody('/api/v1/webhooks/logs', {});
		expect(logs.json.data.map((l: { webhookStatus: string }) => l.webhookStatus)).toEqual([
			'FAILEDFROMCLIENT (4)',
			'RECALL (2)',
			'SUCCESS (1)',
		]);
		const failed = await getWithBody('/api/v1/webhooks/logs', { webhookStatus: 4 });
		expect(failed.json.data).toHaveLength(1);
		const byRequest = await getWithBody('/api/v1/webhooks/logs', {
			requestId: second.envelopeId,
			webhookUrl: receiver.url,
			webhookStatus: null,
		});
		expect(byRequest.json.data).toEqual([
			expect.objectContaining({
				requestId: second.envelopeId,
				webhookStatus: 'SUCCESS (1)',
				httpStatusCode: 200,
				reasons: '',
			}),
		]);
		const none = await getWithBody('/api/v1/webhooks/logs', { webhookUrl: 'http://elsewhere/' });
		expect(none.json.data).toEqual([]);
		// without a body: everything
		const plain = await call('GET', '/api/v1/webhooks/logs');
		expect(plain.json.data).toHaveLength(3);
		const unknown = await call('POST', '/api/v1/webhooks/recall', {
			json: { requestId: '11111111-2222-4333-8444-555555555555' },
		});
		expect(unknown.json.errorCode).toBe(404);
	});
});
