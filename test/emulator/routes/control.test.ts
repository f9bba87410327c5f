/**
 * Control routes (control.ts): scenario steps, identities, token expiry, faults, reset and state inspection over
 * HTTP, without authentication.
 */
import {
	call,
	clientCredentialsToken,
	createEnvelope,
	createWebhook,
	emu,
	invite,
	pdfForm,
	setToken,
	startReceiver,
	useEmulator,
} from '../testing';
import type { ParsedJson } from '../../harness/json';

useEmulator();

describe('HTTP control endpoints', () => {
	const control = async (method: string, path: string, body?: unknown) => {
		const res = await fetch(`${emu.url}/_emulator${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, json: (await res.json()) as ParsedJson };
	};

	it('signs and rejects envelopes, with callbacks', async () => {
		const receiver = await startReceiver();
		try {
			await createWebhook(receiver.url, 'ctl');
			const a = await createEnvelope();
			await invite(a.documentId, 'a@example.com', 'b@example.com');
			const one = await control('POST', `/envelopes/${a.envelopeId}/sign`, {
				email: 'a@example.com',
			});
			expect(one.json).toMatchObject({ ok: true, envelope: { status: 'In-progress' } });
			const all = await control('POST', `/envelopes/${a.envelopeId}/sign`, {});
			expect(all.json.envelope.status).toBe('Completed');
			expect(receiver.received[0].body.Status).toBe(1);
			const b = await createEnvelope();
			await invite(b.documentId, 'c@example.com');
			const rejected = await control('POST', `/envelopes/${b.envelopeId}/reject`, { reason: 'No' });
			expect(rejected.json.envelope).toMatchObject({
				status: 'Rejected',
				signers: [expect.objectContaining({ status: 'Rejected', rejectReason: 'No' })],
			});
			expect(receiver.received[1].body.Status).toBe(2);
			const deliveries = await control('GET', '/deliveries');
			expect(deliveries.json).toHaveLength(2);
			const unknown = await control(
				'POST',
				'/envelopes/11111111-2222-4333-8444-555555555555/sign',
				{},
			);
			expect(unknown.status).toBe(404);
		} finally {
			await receiver.close();
		}
	});

	it('refuses tokens as HTTP 200 with an errorCode once switched, and as HTTP 401 again after a reset', async () => {
		expect(
			(await control('POST', '/tokens/refusal', { httpStatus: 200, errorCode: 3 })).json,
		).toEqual({
			ok: true,
			tokenRefusal: { httpStatus: 200, errorCode: 3 },
		});
		await control('POST', '/tokens/expire');
		const refused = await call('GET', '/api/v1/webhooks');
		expect(refused.status).toBe(200);
		expect(refused.json).toMatchObject({ data: null, errorCode: 3, message: 'Unauthorized' });
		expect((await control('POST', '/tokens/refusal', { httpStatus: 'x' })).status).toBe(400);
		await control('POST', '/reset');
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(401);
	});

	it('authenticates identities, expires tokens, injects faults and resets', async () => {
		expect(
			(await control('POST', '/identity/12345678-1234-4234-8234-123456789abc/authenticate')).json
				.ok,
		).toBe(true);
		expect(emu.state.identityAuthenticated.has('12345678-1234-4234-8234-123456789abc')).toBe(true);
		await control('POST', '/tokens/expire');
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(401);
		setToken(await clientCredentialsToken());
		await control('POST', '/faults', { count: 1, status: 500 });
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(500);
		await control('POST', '/faults', { latencyMs: 200 });
		const started = Date.now();
		await call('GET', '/api/v1/webhooks');
		expect(Date.now() - started).toBeGreaterThanOrEqual(180);
		await createWebhook('https://example.com/x');
		await control('POST', '/reset');
		expect(emu.webhooks()).toHaveLength(0);
		expect(emu.tokenRequests).toBe(0);
		expect(emu.state.faults.latencyMs).toBe(0);
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(401);
	});

	it('exposes requests, state and webhooks', async () => {
		const other = emu.addAccount({ clientId: 'second-client' });
		await createWebhook('https://example.com/demo');
		await call('POST', '/api/v1/webhooks', {
			token: await clientCredentialsToken(other),
			json: { webhookUrl: 'https://example.com/other' },
		});
		await call('POST', '/api/v1/envelopes/initiate', {
			form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'CTL-1' }),
		});
		const requests = await control('GET', '/requests');
		const initiate = requests.json.find(
			(r: { path: string }) => r.path === '/api/v1/envelopes/initiate',
		);
		expect(initiate).toMatchObject({
			method: 'POST',
			body: { ReferenceNumber: 'CTL-1' },
			account: emu.demo.accountId,
		});
		expect(Buffer.from(initiate.files[0].data, 'base64').equals(emu.samplePdf)).toBe(true);
		expect(initiate.headers['content-type']).toMatch(/^multipart\/form-data/);
		expect(typeof initiate.rawBody).toBe('string');
		const state = await control('GET', '/state');
		expect(state.json.tokenRequests).toBe(emu.tokenRequests);
		const demo = state.json.accounts.find(
			(a: { accountId: string }) => a.accountId === emu.demo.accountId,
		);
		expect(demo.envelopes[0]).toMatchObject({ referenceNumber: 'CTL-1', status: 'Pending' });
		const webhooks = await control('GET', '/webhooks');
		expect(webhooks.json.map((w: { webhookUrl: string }) => w.webhookUrl).sort()).toEqual([
			'https://example.com/demo',
			'https://example.com/other',
		]);
		expect(emu.webhooks(other.accountId)).toHaveLength(1);
	});

	it('sends a sample event to the newest test registration, or to the webhook named', async () => {
		const production = await startReceiver();
		const listening = await startReceiver();
		try {
			const none = await control('POST', '/test-event');
			expect(none).toMatchObject({ status: 404, json: { ok: false } });
			expect(none.json.error).toContain('Execute step');

			const productionId = await createWebhook(
				`${production.url}/webhook/0b7c/webhook`,
				'prod-secret',
				false,
			);
			await createWebhook(`${listening.url}/webhook-test/0b7c/webhook`, 'test-secret', false);
			await createWebhook('https://example.com/newer', 'other', false);

			// A browser opens the link with GET: the newest test registration gets a completed envelope's callback.
			const sent = await control('GET', '/test-event');
			expect(sent.json).toMatchObject({
				ok: true,
				event: 'completed',
				delivered: true,
				httpStatusCode: 200,
			});
			expect(sent.json.webhookUrl).toBe(`${listening.url}/webhook-test/0b7c/webhook`);
			expect(listening.received).toHaveLength(1);
			const [{ headers, body }] = listening.received;
			expect(headers.authorization).toBe('test-secret');
			expect(body).toMatchObject({
				RequestId: sent.json.envelopeId,
				Status: 1,
				ReferencNumber: sent.json.referenceNumber,
			});
			expect(body.Signatory.map((s: { Status: string }) => s.Status)).toEqual(['SIGNED', 'SIGNED']);
			expect(Buffer.from(body.Files[0].File, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
			expect(emu.envelope(sent.json.envelopeId)).toMatchObject({
				status: 'Completed',
				webhookId: sent.json.webhookId,
			});

			const rejected = await control('POST', '/test-event', {
				webhookId: productionId,
				event: 'rejected',
			});
			expect(rejected.json).toMatchObject({
				ok: true,
				event: 'rejected',
				webhookId: productionId,
				delivered: true,
			});
			expect(production.received.map((r) => r.body.Status)).toEqual([2]);
			expect(listening.received).toHaveLength(1);

			expect((await control('POST', '/test-event', { event: 'signed' })).status).toBe(400);
		} finally {
			await production.close();
			await listening.close();
		}
	});

	describe('the pages npm run dev prints, opened in a browser', () => {
		const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
		const open = async (path: string, accept?: string) => {
			const res = await fetch(`${emu.url}/_emulator${path}`, {
				headers: accept ? { accept } : {},
			});
			return { type: res.headers.get('content-type') ?? '', text: await res.text() };
		};
		/** The JSON a page shows in its <pre id="answer">. */
		const answerOf = (page: string) => {
			const pre = /<pre id="answer">([\s\S]*?)<\/pre>/.exec(page)?.[1] ?? '';
			return JSON.parse(
				pre.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
			) as ParsedJson;
		};

		it('test-event: a page saying what was sent, with the JSON a script gets; scripts still get JSON', async () => {
			const listening = await startReceiver();
			try {
				await createWebhook(`${listening.url}/webhook-test/0b7c/webhook`, 'test-secret', false);
				const page = await open('/test-event', BROWSER_ACCEPT);
				expect(page.type).toMatch(/^text\/html/);
				const answer = answerOf(page.text);
				expect(answer).toMatchObject({ ok: true, event: 'completed', delivered: true });
				expect(page.text).toContain('<title>Test event</title>');
				expect(page.text).toContain(
					`A completed event of envelope ${answer.envelopeId} was sent to ${listening.url}/webhook-test/0b7c/webhook: delivered (HTTP 200).`,
				);
				for (const accept of [undefined, 'application/json', '*/*']) {
					const script = await open('/test-event', accept);
					expect(script.type).toMatch(/^application\/json/);
					expect(JSON.parse(script.text)).toMatchObject({ ok: true, event: 'completed' });
				}
			} finally {
				await listening.close();
			}
		});

		it('test-event when the emulator may not reach n8n: the page says why the event cannot arrive, and how to test', async () => {
			const listening = await startReceiver();
			try {
				await createWebhook(`${listening.url}/webhook-test/0b7c/webhook`, 'test-secret', false);
				await control('POST', '/faults', { unreachable: true }); // as npm run dev --unreachable
				const page = await open('/test-event', BROWSER_ACCEPT);
				const text = page.text.replace(/\s+/g, ' ');
				const answer = answerOf(page.text);
				expect(answer).toMatchObject({ ok: true, delivered: false, httpStatusCode: 0 });
				expect(answer.reason).toMatch(/cannot reach/);
				expect(text).toContain('not delivered (HTTP 0).');
				expect(text).toContain(
					'The emulator is set not to reach n8n (<code>--unreachable</code>, or <code>faults.unreachable</code>), so a test event cannot arrive',
				);
				expect(text).toContain(
					'A published E-Signature Trigger fetches real events within about 2 minutes. To test in the editor, restart without <code>--unreachable</code>',
				);
				expect(listening.received).toHaveLength(0);
				// A script gets the reason in the JSON.
				expect(JSON.parse((await open('/test-event')).text).reason).toMatch(/cannot reach/);
			} finally {
				await listening.close();
			}
		});

		it('test-event that n8n refused: the page gives the reason', async () => {
			const refusing = await startReceiver(404);
			try {
				await createWebhook(`${refusing.url}/webhook-test/0b7c/webhook`, 'test-secret', false);
				const text = (await open('/test-event', BROWSER_ACCEPT)).text.replace(/\s+/g, ' ');
				expect(text).toContain('not delivered (HTTP 404).');
				expect(text).toContain('Why: HTTP 404 Not Found.');
				expect(text).not.toContain('set not to reach n8n');
			} finally {
				await refusing.close();
			}
		});

		it('test-event without a listening trigger: a page saying why nothing was sent', async () => {
			const page = await open('/test-event', BROWSER_ACCEPT);
			expect(page.type).toMatch(/^text\/html/);
			expect(page.text).toContain('No test event was sent:');
			expect(answerOf(page.text)).toMatchObject({ ok: false });
		});

		it('chat: a table of the messages, escaped, with the JSON; scripts still get JSON', async () => {
			expect((await open('/chat', BROWSER_ACCEPT)).text).toContain('No message yet');
			await fetch(`${emu.url}/_emulator/chat/signers`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ text: 'Sign here: <b>https://example.com/s/1</b>' }),
			});
			const page = await open('/chat', BROWSER_ACCEPT);
			expect(page.type).toMatch(/^text\/html/);
			expect(page.text).toMatch(
				/<td>signers<\/td>\s*<td>Sign here: &#60;b&#62;https:\/\/example.com\/s\/1/,
			);
			expect(answerOf(page.text)).toEqual([
				expect.objectContaining({
					channel: 'signers',
					body: { text: expect.stringContaining('Sign here') },
				}),
			]);
			const script = await open('/chat');
			expect(JSON.parse(script.text)).toEqual(answerOf(page.text));
		});
	});
});
