/**
 * Fault injection of the Emulator class (index.ts: failNext, setLatency), applied to API requests before dispatch.
 * The same faults over HTTP are tested with the control routes (routes/control.test.ts).
 */
import { call, clientCredentialsToken, emu, useEmulator } from './testing';

useEmulator();

describe('fault injection', () => {
	it('fails the next N API requests with the given status, not token requests', async () => {
		emu.failNext(2, 503);
		const fresh = await clientCredentialsToken();
		const first = await call('GET', '/api/v1/webhooks', { token: fresh });
		expect(first.status).toBe(503);
		expect(first.json).toEqual({
			data: null,
			errorCode: 503,
			message: 'InjectedFault',
			returnUrl: null,
			stateValidationErrors: null,
			signature: '',
		});
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(503);
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
	});

	it('uses a custom fault body', async () => {
		emu.failNext(1, 429, { error: 'slow down' });
		const res = await call('GET', '/api/v1/webhooks');
		expect(res.status).toBe(429);
		expect(res.json).toEqual({ error: 'slow down' });
	});

	it('delays API responses', async () => {
		emu.setLatency(300);
		const started = Date.now();
		await call('GET', '/api/v1/webhooks');
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
		emu.setLatency(0);
	});
});
