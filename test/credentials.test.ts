/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { obtainAccessToken } from '../credentials/accessToken';
import { ESignatureApi } from '../credentials/ESignatureApi.credentials';
import { emulatorCredentials, emulatorSuite, Harness } from './harness';
import { preAuthenticationHelper } from './harness/credentials-helper';

/** The credential type through n8n-core's real routing engine, against the emulator. */

const listWebhooks = { resource: 'webhook', operation: 'getAll' };

function items(count: number) {
	return Array.from({ length: count }, (_, index) => ({ json: { index } }));
}

describe('E-Signature API credential', () => {
	// The token cache lives as long as the process, like n8n's; the emulator just forgot every token it issued.
	const suite = emulatorSuite({
		resetEach: 'reset',
		forgetTokens: ['integration', 'clientCredentials'],
	});

	it('fetches a token once for many items (integration grant) and sends it as a bearer token', async () => {
		const harness = new Harness(suite.emulator);
		const result = await harness.run({ parameters: listWebhooks, items: items(5) });
		expect(result.error).toBeUndefined();

		const tokenCalls = suite.emulator.requestsTo('POST', '/Authentication/Authority/Token');
		expect(tokenCalls).toHaveLength(1);
		const [call] = tokenCalls;
		const basic = Buffer.from(
			`${suite.emulator.demo.clientId}:${suite.emulator.demo.clientSecret}`,
		).toString('base64');
		expect(call.headers.authorization).toBe(`Basic ${basic}`);
		expect(call.headers['content-type']).toContain('application/x-www-form-urlencoded');
		expect(call.body).toEqual({
			grant_type: 'integration',
			username: suite.emulator.demo.username,
			password: suite.emulator.demo.password,
			accountId: suite.emulator.demo.accountId,
			accountSecret: suite.emulator.demo.accountSecret,
		});

		const apiCalls = suite.emulator.requestsTo('GET', '/api/v1/webhooks');
		expect(apiCalls).toHaveLength(5);
		const token = harness.credentials().accessToken as string;
		expect(token.split('.')).toHaveLength(3);
		for (const request of apiCalls) expect(request.headers.authorization).toBe(`Bearer ${token}`);
	});

	it('gets a token with the client-credentials grant at the authorization server', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(emulatorCredentials(suite.emulator, 'clientCredentials'));
		const result = await harness.run({ parameters: listWebhooks, items: items(3) });
		expect(result.error).toBeUndefined();

		const tokenCalls = suite.emulator.requestsTo('POST', '/auth/connect/token');
		expect(tokenCalls).toHaveLength(1);
		expect(tokenCalls[0].body).toEqual({
			grant_type: 'client_credentials',
			client_id: suite.emulator.demo.clientId,
			client_secret: suite.emulator.demo.clientSecret,
			scope: 'Integrationscope',
		});
		expect(suite.emulator.requestsTo('POST', '/Authentication/Authority/Token')).toHaveLength(0);
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(3);
	});

	it('makes one token request for a cold 1,000-item run, and reuses the token in the next execution', async () => {
		const harness = new Harness(suite.emulator);
		const first = await harness.run({ parameters: listWebhooks, items: items(1000) });
		expect(first.error).toBeUndefined();
		expect(suite.emulator.tokenRequests).toBe(1);
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(1000);

		const second = await harness.run({ parameters: listWebhooks, items: items(10) });
		expect(second.error).toBeUndefined();
		expect(suite.emulator.tokenRequests).toBe(1);
	});

	it('renews the token once when it expires in the middle of a 1,000-item run', async () => {
		const harness = new Harness(suite.emulator);
		await harness.run({ parameters: listWebhooks });
		expect(suite.emulator.tokenRequests).toBe(1);
		const oldToken = harness.credentials().accessToken;

		// All 1,000 requests are in flight (the emulator holds each for 50 ms); tokens expire once 300 have arrived.
		suite.emulator.setLatency(50);
		const watcher = setInterval(() => {
			if (suite.emulator.requestsTo('GET', '/api/v1/webhooks').length >= 301) {
				suite.emulator.expireAllTokens();
				clearInterval(watcher);
			}
		}, 1);
		const result = await harness.run({ parameters: listWebhooks, items: items(1000) });
		clearInterval(watcher);
		suite.emulator.setLatency(0);

		expect(result.error).toBeUndefined();
		expect(suite.emulator.tokenRequests).toBe(2);
		expect(harness.credentials().accessToken).not.toBe(oldToken);
		const refused = suite.emulator
			.requestsTo('GET', '/api/v1/webhooks')
			.filter((r) => r.headers.authorization === `Bearer ${oldToken}`);
		expect(refused.length).toBeGreaterThan(0);
		expect(result.items.filter((item) => item.error)).toHaveLength(0);
	});

	it('renews an expired token in a later execution with a single token request', async () => {
		const harness = new Harness(suite.emulator);
		await harness.run({ parameters: listWebhooks, items: items(3) });
		suite.emulator.expireAllTokens();
		const result = await harness.run({ parameters: listWebhooks, items: items(20) });
		expect(result.error).toBeUndefined();
		expect(suite.emulator.tokenRequests).toBe(2);
		expect(harness.credentialsHelper.preAuthenticationCalls.expired).toBeGreaterThan(0);
	});

	it('reports a refused integration grant clearly, naming the fields to check and no secret', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', { clientSecret: 'wrong-secret-123' }),
		);
		const result = await harness.run({ parameters: listWebhooks });
		const message = `${result.error?.message} ${result.error?.description ?? ''}`;
		expect(message).toContain('refused the Integration grant');
		expect(message).toContain('invalid_client');
		expect(message).toContain('Client ID and Client Secret');
		expect(JSON.stringify(result.error)).not.toContain('wrong-secret-123');
		expect(JSON.stringify(result.error)).not.toContain(suite.emulator.demo.password);
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(0);
	});

	it('reports a refused client-credentials grant, naming that grant', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'clientCredentials', { clientSecret: 'nope-nope' }),
		);
		const result = await harness.run({ parameters: listWebhooks });
		expect(result.error?.message).toContain('refused the Client Credentials grant');
		expect(JSON.stringify(result.error)).not.toContain('nope-nope');
	});

	it('refuses a base URL that is not http(s) before sending anything', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', { baseUrl: 'ftp://example.com' }),
		);
		const result = await harness.run({ parameters: listWebhooks });
		expect(result.error?.message).toContain(
			'Base URL must be an http:// or https:// URL, got one starting with "ftp://example.com"',
		);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('uses the sandbox base URL and strips trailing slashes', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				environment: 'sandbox',
				baseUrl: 'http://127.0.0.1:9/never-used',
				sandboxBaseUrl: `${suite.emulator.url}//`,
			}),
		);
		const result = await harness.run({ parameters: listWebhooks });
		expect(result.error).toBeUndefined();
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(1);
		expect(suite.emulator.requestsTo('POST', '/Authentication/Authority/Token')).toHaveLength(1);
	});

	describe('token cache', () => {
		const jwt = (iat: number) =>
			['{"alg":"none"}', JSON.stringify({ iat }), 'sig']
				.map((part) => Buffer.from(part).toString('base64url'))
				.join('.');

		/** A helper whose token endpoint hands out the given tokens in turn, counting the calls. */
		function tokenServer(...issued: string[]) {
			let calls = 0;
			const helper = {
				helpers: {
					httpRequest: async () => ({
						statusCode: 200,
						body: { access_token: issued[calls++], expires_in: 3600 },
					}),
				},
			} as unknown as IHttpRequestHelper;
			return { helper, calls: () => calls };
		}

		it('fetches anew when the refused token is younger than the cached one (fetched by another n8n process)', async () => {
			const credentials = emulatorCredentials(suite.emulator, 'integration', {
				username: 'queue-mode@example.com',
			});
			const server = tokenServer(jwt(1000), jwt(3000));
			expect(await obtainAccessToken(server.helper, credentials)).toBe(jwt(1000));
			// Another process stored jwt(2000) for the credential; the service refused it.
			expect(
				await obtainAccessToken(server.helper, { ...credentials, accessToken: jwt(2000) }),
			).toBe(jwt(3000));
			expect(server.calls()).toBe(2);
		});

		it('hands out the newest cached token to a request refused with an older one, without fetching', async () => {
			const credentials = emulatorCredentials(suite.emulator, 'integration', {
				username: 'single@example.com',
			});
			const server = tokenServer(jwt(5000));
			expect(
				await obtainAccessToken(server.helper, { ...credentials, accessToken: jwt(4000) }),
			).toBe(jwt(5000));
			expect(
				await obtainAccessToken(server.helper, { ...credentials, accessToken: jwt(4000) }),
			).toBe(jwt(5000));
			expect(server.calls()).toBe(1);
		});
	});

	it('sends secrets exactly as entered (no trimming)', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				accountSecret: ` ${suite.emulator.demo.accountSecret}`,
			}),
		);
		const result = await harness.run({ parameters: listWebhooks });
		expect(result.error?.message).toContain('refused the Integration grant');
		expect(
			suite.emulator.requestsTo('POST', '/Authentication/Authority/Token')[0].body,
		).toMatchObject({
			accountSecret: ` ${suite.emulator.demo.accountSecret}`,
		});
	});

	describe('credential test', () => {
		const type = new ESignatureApi();

		/** Runs the credential's test request the way n8n's credential tester does: preAuthentication, then the rules. */
		async function runCredentialTest(credentials: ICredentialDataDecryptedObject) {
			const token = await type.preAuthentication.call(preAuthenticationHelper, credentials);
			const base = String(credentials.baseUrl).replace(/\/+$/, '');
			const response = await fetch(`${base}${type.test.request.url}`, {
				headers: { Authorization: `Bearer ${token.accessToken}` },
			});
			const body = (await response.json()) as Record<string, unknown>;
			for (const rule of type.test.rules ?? []) {
				if (
					rule.type === 'responseSuccessBody' &&
					body[rule.properties.key] === rule.properties.value
				) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			return response.ok
				? { status: 'OK' }
				: { status: 'Error', message: `HTTP ${response.status}` };
		}

		it('passes with working credentials', async () => {
			await expect(runCredentialTest(emulatorCredentials(suite.emulator))).resolves.toEqual({
				status: 'OK',
			});
		});

		it('fails readably when the service answers 200 with errorCode 401', async () => {
			suite.emulator.failNext(1, 200, { data: null, errorCode: 401, message: 'Unauthorized' });
			const outcome = await runCredentialTest(emulatorCredentials(suite.emulator));
			expect(outcome).toEqual({
				status: 'Error',
				message: expect.stringMatching(
					/^The service refused the access token it had just issued \(error 401 Unauthorized\)\. Check /,
				),
			});
		});

		it('fails readably when the grant is refused', async () => {
			await expect(
				runCredentialTest(
					emulatorCredentials(suite.emulator, 'clientCredentials', { clientId: 'unknown-client' }),
				),
			).rejects.toThrow(
				/refused the Client Credentials grant's client .*Check Client ID and Client Secret\./,
			);
		});
	});
});

describe('which hosts the credential signs', () => {
	const credential = new ESignatureApi();
	const credentials: ICredentialDataDecryptedObject = {
		grantType: 'integration',
		environment: 'production',
		baseUrl: 'https://api.esign.test/',
		sandboxBaseUrl: 'https://sandbox.esign.test',
		authUrl: 'https://id.esign.test',
		accessToken: 'the-token',
	};
	const sign = (url: string, extra: Partial<IHttpRequestOptions> = {}) =>
		credential.authenticate(credentials, { url, method: 'GET', ...extra } as IHttpRequestOptions);

	it('sends relative URLs to the environment and signs them', async () => {
		const signed = await sign('/api/v1/webhooks');
		expect(signed).toMatchObject({ baseURL: 'https://api.esign.test', url: '/api/v1/webhooks' });
		expect(signed.headers).toMatchObject({ Authorization: 'Bearer the-token' });
	});

	it.each([
		['the base URL', 'https://api.esign.test/api/v1/envelopes/x/status'],
		['the authorization server', 'https://id.esign.test/connect/revocation'],
		['the base URL with another letter case in the host', 'https://API.esign.test/api/v1/webhooks'],
	])('signs absolute URLs to %s', async (_case, url) => {
		expect((await sign(url)).headers).toMatchObject({ Authorization: 'Bearer the-token' });
	});

	it.each([
		['another host', 'https://evil.test/collect'],
		['a look-alike host', 'https://api.esign.test.evil.test/api'],
		['another port of the same host', 'https://api.esign.test:8443/api'],
		['plain http to the same host', 'http://api.esign.test/api'],
		['the sandbox while production is chosen', 'https://sandbox.esign.test/api/v1/webhooks'],
		['another host as baseURL', '/collect', { baseURL: 'https://evil.test' }],
	] as Array<[string, string, Partial<IHttpRequestOptions>?]>)(
		'refuses %s with an error that names it, without the token',
		async (_case, url, extra = {}) => {
			const attempt = sign(url, extra);
			await expect(attempt).rejects.toThrow(
				/signs only requests to https:\/\/api\.esign\.test and https:\/\/id\.esign\.test, not to /,
			);
			await attempt.catch((error: Error) => expect(error.message).not.toContain('the-token'));
		},
	);

	it("refuses another host given as n8n's older request helper gives it (uri)", async () => {
		const attempt = credential.authenticate(credentials, {
			uri: 'https://evil.test/collect',
			method: 'GET',
		} as unknown as IHttpRequestOptions);
		await expect(attempt).rejects.toThrow(/not to https:\/\/evil\.test/);
	});

	it('survives the copy n8n makes for the editor (the e2e suite reads what the editor reads)', () => {
		// n8n spreads each credential type into the list it sends to the editor: a method on the prototype is lost.
		expect(typeof { ...credential }.authenticate).toBe('function');
	});
});
