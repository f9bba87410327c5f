/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Authorization (auth.ts): the integration grant, the client-credentials grant and revocation, and bearer
 * authentication on /api.
 */
import { DEMO_CREDENTIALS, type DemoCredentials } from '../fixtures';
import { Emulator } from '../index';
import {
	call,
	clientCredentialsToken,
	createEnvelope,
	createWebhook,
	emu,
	pdfForm,
	setToken,
	token,
	useEmulator,
} from '../testing';

useEmulator();

function integrationRequest(
	creds: DemoCredentials,
	fields: Record<string, string> = {},
	basic?: string,
) {
	return fetch(`${emu.url}/Authentication/Authority/Token`, {
		method: 'POST',
		headers: {
			authorization:
				basic ??
				`Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
		},
		body: new URLSearchParams({
			grant_type: 'integration',
			username: creds.username,
			password: creds.password,
			accountId: creds.accountId,
			accountSecret: creds.accountSecret,
			...fields,
		}),
	});
}

describe('integration grant: POST /Authentication/Authority/Token', () => {
	it('issues a JWT-shaped bearer token without the wrapper', async () => {
		const before = emu.tokenRequests;
		const res = await integrationRequest(emu.demo);
		expect(res.status).toBe(200);
		const body = (await res.json()) as Record<string, unknown>;
		expect(body).toEqual({
			access_token: expect.any(String),
			token_type: 'Bearer',
			expires_in: 3600,
			scope: 'Integrationscope',
		});
		const [header, payload, signature] = (body.access_token as string).split('.');
		expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({
			alg: 'HS256',
			typ: 'JWT',
		});
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
		expect(claims).toMatchObject({
			sub: DEMO_CREDENTIALS.username,
			account: DEMO_CREDENTIALS.accountId,
			jti: expect.any(String),
		});
		expect(claims.exp - claims.iat).toBe(3600);
		expect(signature.length).toBeGreaterThan(20);
		expect(emu.tokenRequests).toBe(before + 1);
		const status = await call('GET', '/api/v1/webhooks', { token: body.access_token as string });
		expect(status.json.errorCode).toBe(0);
	});

	it('refuses a wrong or missing client with 401 invalid_client', async () => {
		const wrong = await integrationRequest({ ...emu.demo, clientSecret: 'nope' });
		expect(wrong.status).toBe(401);
		expect(await wrong.json()).toMatchObject({
			error: 'invalid_client',
			error_description: expect.any(String),
		});
		const missing = await integrationRequest(emu.demo, {}, '');
		expect(missing.status).toBe(401);
		expect(((await missing.json()) as { error: string }).error).toBe('invalid_client');
	});

	it('refuses wrong user fields with 400 invalid_grant and a wrong grant_type with unsupported_grant_type', async () => {
		for (const field of ['username', 'password', 'accountId', 'accountSecret']) {
			const res = await integrationRequest(emu.demo, { [field]: 'wrong' });
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({
				error: 'invalid_grant',
				error_description: expect.stringContaining(field),
			});
		}
		const grant = await integrationRequest(emu.demo, { grant_type: 'password' });
		expect(grant.status).toBe(400);
		expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
	});

	it('requires a form body', async () => {
		const res = await fetch(`${emu.url}/Authentication/Authority/Token`, {
			method: 'POST',
			headers: {
				authorization: `Basic ${Buffer.from('demo-client:demo-client-secret').toString('base64')}`,
				'content-type': 'application/json',
			},
			body: JSON.stringify({ grant_type: 'integration' }),
		});
		expect(res.status).toBe(400);
		expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
	});
});

describe('client credentials grant and revocation', () => {
	const tokenForm = (fields: Record<string, string>) =>
		fetch(`${emu.authUrl}/connect/token`, {
			method: 'POST',
			body: new URLSearchParams({
				grant_type: 'client_credentials',
				client_id: emu.demo.clientId,
				client_secret: emu.demo.clientSecret,
				scope: 'Integrationscope',
				...fields,
			}),
		});

	it('issues a token for the right client and scope', async () => {
		const before = emu.tokenRequests;
		const res = await tokenForm({});
		expect(res.status).toBe(200);
		expect(await res.json()).toMatchObject({
			token_type: 'Bearer',
			expires_in: 3600,
			scope: 'Integrationscope',
		});
		expect(emu.tokenRequests).toBe(before + 1);
	});

	it('refuses a bad client (401 invalid_client), a bad scope (400 invalid_scope) and a bad grant', async () => {
		const bad = await tokenForm({ client_secret: 'x' });
		expect(bad.status).toBe(401);
		expect(((await bad.json()) as { error: string }).error).toBe('invalid_client');
		const scope = await tokenForm({ scope: 'other' });
		expect(scope.status).toBe(400);
		expect(((await scope.json()) as { error: string }).error).toBe('invalid_scope');
		const grant = await tokenForm({ grant_type: 'integration' });
		expect(grant.status).toBe(400);
		expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
	});

	it('revokes a token: 200 empty body, then the token is refused; a bad client gets 401', async () => {
		const revoke = (fields: Record<string, string>) =>
			fetch(`${emu.authUrl}/connect/revocation`, {
				method: 'POST',
				body: new URLSearchParams(fields),
			});
		const badClient = await revoke({ token, client_id: emu.demo.clientId, client_secret: 'x' });
		expect(badClient.status).toBe(401);
		expect(((await badClient.json()) as { error: string }).error).toBe('invalid_client');
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
		const res = await revoke({
			token,
			client_id: emu.demo.clientId,
			client_secret: emu.demo.clientSecret,
		});
		expect(res.status).toBe(200);
		expect((await res.arrayBuffer()).byteLength).toBe(0);
		const after = await call('GET', '/api/v1/webhooks');
		expect(after.status).toBe(401);
	});
});

describe('bearer authentication on /api', () => {
	const unauthorized = {
		data: null,
		errorCode: 401,
		message: 'Unauthorized',
		returnUrl: null,
		stateValidationErrors: null,
		signature: '',
	};

	it('answers 401 with the wrapper for a missing or unknown token', async () => {
		const missing = await call('GET', '/api/v1/webhooks', { token: null });
		expect(missing.status).toBe(401);
		expect(missing.json).toEqual(unauthorized);
		const unknown = await call('POST', '/api/v1/envelopes/initiate', {
			token: 'abc.def.ghi',
			form: pdfForm([['f', 'a.pdf']]),
		});
		expect(unknown.status).toBe(401);
		expect(unknown.json).toEqual(unauthorized);
	});

	it('expires every issued token on expireAllTokens, while new tokens work', async () => {
		emu.expireAllTokens();
		const res = await call('GET', '/api/v1/webhooks');
		expect(res.status).toBe(401);
		expect(res.json.errorCode).toBe(401);
		setToken(await clientCredentialsToken());
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
	});

	it('expires tokens after their lifetime', async () => {
		const short = await Emulator.start({ tokenLifetimeSeconds: 1 });
		try {
			const res = await fetch(`${short.authUrl}/connect/token`, {
				method: 'POST',
				body: new URLSearchParams({
					grant_type: 'client_credentials',
					client_id: short.demo.clientId,
					client_secret: short.demo.clientSecret,
					scope: 'Integrationscope',
				}),
			});
			const issued = (await res.json()) as { access_token: string; expires_in: number };
			expect(issued.expires_in).toBe(1);
			const get = () =>
				fetch(`${short.url}/api/v1/webhooks`, {
					headers: { authorization: `Bearer ${issued.access_token}` },
				});
			expect((await get()).status).toBe(200);
			await new Promise((r) => setTimeout(r, 1100));
			expect((await get()).status).toBe(401);
		} finally {
			await short.stop();
		}
	});

	it('keeps accounts isolated', async () => {
		const other = emu.addAccount();
		expect(other.accountId).not.toBe(emu.demo.accountId);
		const otherToken = await clientCredentialsToken(other);
		const mine = await createEnvelope();
		// integration grant works for the added account too
		expect((await integrationRequest(other)).status).toBe(200);
		const status = await call('GET', `/api/v1/envelopes/${mine.envelopeId}/status`, {
			token: otherToken,
		});
		expect(status.json).toMatchObject({ errorCode: 0, data: null });
		const content = await call('GET', `/api/v1/documents/${mine.documentId}/content-base64`, {
			token: otherToken,
		});
		expect(content.status).toBe(200);
		expect(content.json).toMatchObject({
			errorCode: 14,
			message: 'The user is unauthorized',
			data: null,
		});
		const webhookId = await createWebhook('http://127.0.0.1:9/x');
		const foreign = await call('GET', `/api/v1/webhooks/${webhookId}`, { token: otherToken });
		expect(foreign.json).toMatchObject({ errorCode: 0, data: null });
		expect(emu.requestsTo('GET', `/api/v1/webhooks/${webhookId}`)[0].account).toBe(other.accountId);
	});
});
