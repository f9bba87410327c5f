/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { createServer, type IncomingHttpHeaders, type Server } from 'http';
import type { IHttpRequestOptions, INodeParameters } from 'n8n-workflow';

import { ESignatureApi } from '../credentials/ESignatureApi.credentials';
import { forgetAccessToken } from '../credentials/accessToken';
import { emulatorCredentials, emulatorSuite, Harness } from './harness';
import { closeServers, listenOnFreePort } from './harness/servers';
import { TriggerWorkflow, triggerSuite } from './harness/trigger';

/**
 * The credential never crosses to another origin on a redirect (docs/security.md#the-credential-and-redirects). The service's host is
 * played by a redirector on 127.0.0.1 that answers every request with a redirect to an attacker's server on another
 * port (or, by the name `localhost`, another host); the attacker records what reached it. The requests are made by
 * n8n-core's own HTTP layer, through the routing engine, as in n8n.
 */

const suite = emulatorSuite({ resetEach: 'reset' });

interface Received {
	method: string;
	path: string;
	headers: IncomingHttpHeaders;
	body: string;
}

const TOKEN = 'bearer-token-that-must-stay-home-0123';

let attacker: Server;
let attackerPort: number;
const stolen: Received[] = [];

let redirector: Server;
let redirectorUrl: string;
/** How the redirector answers: its status and the host it sends to. */
const redirect = { status: 302, host: '127.0.0.1' };

beforeAll(async () => {
	attacker = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			stolen.push({
				method: req.method ?? '',
				path: req.url ?? '',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			});
			res
				.writeHead(200, { 'Content-Type': 'application/json' })
				.end(JSON.stringify({ data: [], errorCode: 0, access_token: 'x' }));
		});
	});
	attackerPort = await listenOnFreePort(attacker);
	redirector = createServer((req, res) => {
		req.resume();
		req.on('end', () => {
			res
				.writeHead(redirect.status, {
					Location: `http://${redirect.host}:${attackerPort}${req.url ?? '/'}`,
				})
				.end();
		});
	});
	redirectorUrl = `http://127.0.0.1:${await listenOnFreePort(redirector)}`;
});
afterAll(async () => await closeServers(attacker, redirector));
beforeEach(() => {
	stolen.length = 0;
	redirect.status = 302;
	redirect.host = '127.0.0.1';
});

/** Every byte the attacker received, to search for secrets. */
const everythingStolen = () => JSON.stringify(stolen);

function harnessWith(overrides: Record<string, string>): Harness {
	const harness = new Harness(suite.emulator);
	const credentials = emulatorCredentials(suite.emulator, 'integration', overrides);
	forgetAccessToken(credentials);
	harness.setCredentials(credentials);
	return harness;
}

describe('a redirect from the service does not carry the bearer token to another origin', () => {
	it('302 to another port of the same host: followed without Authorization', async () => {
		const harness = harnessWith({ baseUrl: redirectorUrl, accessToken: TOKEN });

		await harness.run({ parameters: { resource: 'webhook', operation: 'getAll' } });

		expect(stolen).toHaveLength(1);
		expect(stolen[0].headers.authorization).toBeUndefined();
		expect(everythingStolen()).not.toContain(TOKEN);
	});

	it('302 to another host: refused, nothing reaches it', async () => {
		redirect.host = 'localhost';
		const harness = harnessWith({ baseUrl: redirectorUrl, accessToken: TOKEN });

		const result = await harness.run({ parameters: { resource: 'webhook', operation: 'getAll' } });

		expect(stolen).toEqual([]);
		expect(result.error).toBeDefined();
	});

	it('307 on Webhook → Create to another port: the bearer token does not reach it', async () => {
		redirect.status = 307;
		const harness = harnessWith({ baseUrl: redirectorUrl, accessToken: TOKEN });

		await harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://hooks.example.com/in',
			},
		});

		expect(everythingStolen()).not.toContain(TOKEN);
	});
});

describe('a request whose body carries a secret or a document follows no redirect (same origin only)', () => {
	const HEADER_TOKEN = 'webhook-header-token-never-redirected';
	const SMS_PASSWORD = 'sms-gateway-password-never-redirected';
	const bodies: Array<[string, Record<string, unknown>, string]> = [
		[
			"Webhook → Create's header token",
			{
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://hooks.example.com/in',
				headerToken: HEADER_TOKEN,
			},
			HEADER_TOKEN,
		],
		[
			"SMS Provider → Configure's password",
			{
				resource: 'smsProvider',
				operation: 'configure',
				smsProvider: 3,
				smsUrl: 'https://sms.example.com/send',
				smsSender: 'ACME',
				smsUserame: 'acme-user',
				smsPassword: SMS_PASSWORD,
			},
			SMS_PASSWORD,
		],
		[
			'an uploaded document',
			{
				resource: 'envelope',
				operation: 'create',
				fileInput: 'base64',
				filesJson: JSON.stringify([
					{ file: 'JVBERi0xLjQKc2VjcmV0LWRvY3VtZW50', fileName: 'a.pdf' },
				]),
			},
			'secret-document',
		],
	];

	describe.each([307, 308])('%s to another port of the service host', (status) => {
		it.each(bodies)(
			'%s: not followed, the other port receives nothing',
			async (_what, parameters) => {
				redirect.status = status;
				const harness = harnessWith({ baseUrl: redirectorUrl, accessToken: TOKEN });

				const result = await harness.run({ parameters: parameters as INodeParameters });

				expect(stolen).toEqual([]);
				expect(result.error?.name).toBe('NodeApiError');
				expect(result.error?.message).toBe(
					`The service answered with a redirect (HTTP ${status}) to http://127.0.0.1:${attackerPort}, ` +
						'which is not followed: the request carries a secret or a document',
				);
			},
		);
	});

	it("the credential's authenticate asks n8n not to follow redirects of a request with a body", async () => {
		const credential = new ESignatureApi();
		const credentials = {
			environment: 'production',
			baseUrl: 'https://api.esign.test',
			accessToken: 't',
		};
		const post = await credential.authenticate(credentials, {
			url: '/api/v1/webhooks',
			method: 'POST',
			body: { headerToken: HEADER_TOKEN },
		} as IHttpRequestOptions);
		const get = await credential.authenticate(credentials, {
			url: '/api/v1/webhooks',
			method: 'GET',
		} as IHttpRequestOptions);
		expect(post.disableFollowRedirect).toBe(true);
		expect(get.disableFollowRedirect).toBeUndefined();
	});
});

describe("a redirect of the trigger's calls (service/transport.ts) does not carry the bearer token either", () => {
	const triggers = triggerSuite();

	it('activation against a host that redirects to another port: no Authorization reaches it', async () => {
		triggers.n8n.credentialsHelper.store.set('cred-1', {
			...emulatorCredentials(triggers.emulator),
			baseUrl: redirectorUrl,
			accessToken: TOKEN,
		});

		await new TriggerWorkflow(triggers.n8n, { events: ['*'], options: {} })
			.activate()
			.catch(() => undefined);

		expect(stolen.length).toBeGreaterThan(0);
		expect(stolen.every((request) => request.headers.authorization === undefined)).toBe(true);
		expect(everythingStolen()).not.toContain(TOKEN);
	});
});

describe('a redirect of the token request carries none of the grant', () => {
	it.each([307, 302, 308])(
		'%s from the token endpoint: not followed, the error says so',
		async (status) => {
			redirect.status = status;
			const harness = harnessWith({ baseUrl: redirectorUrl });
			const { demo } = suite.emulator;

			const result = await harness.run({
				parameters: { resource: 'webhook', operation: 'getAll' },
			});

			expect(stolen).toEqual([]);
			expect(result.error?.message).toMatch(
				new RegExp(`answered with a redirect \\(HTTP ${status}\\), which is not followed`),
			);
			for (const secret of [demo.password, demo.accountSecret, demo.clientSecret])
				expect(String(result.error?.message)).not.toContain(secret);
		},
	);

	it('307 from the authorization server (Client Credentials): not followed', async () => {
		redirect.status = 307;
		const harness = new Harness(suite.emulator);
		const credentials = emulatorCredentials(suite.emulator, 'clientCredentials', {
			authUrl: redirectorUrl,
		});
		forgetAccessToken(credentials);
		harness.setCredentials(credentials);

		const result = await harness.run({ parameters: { resource: 'webhook', operation: 'getAll' } });

		expect(stolen).toEqual([]);
		expect(result.error?.message).toMatch(/answered with a redirect \(HTTP 307\)/);
	});
});

describe('a redirect of the revocation carries neither the token nor the client secret', () => {
	it('307 from the authorization server: not followed, reported as a failure', async () => {
		redirect.status = 307;
		const harness = harnessWith({ authUrl: redirectorUrl, accessToken: TOKEN });

		const result = await harness.run({
			parameters: { resource: 'accessToken', operation: 'revoke' },
		});

		expect(stolen).toEqual([]);
		expect(result.error?.message).toMatch(/answered with a redirect \(HTTP 307\)/);
		expect(JSON.stringify(result.items ?? null)).not.toContain('"revoked":true');
	});
});

describe("the credential's authenticate tells n8n's HTTP layer not to send it across origins", () => {
	// The HTTP Request node with this credential goes through the same authenticate (test/e2e/http-request.e2e.test.ts).
	const credential = new ESignatureApi();
	const credentials = {
		grantType: 'integration',
		environment: 'production',
		baseUrl: 'https://api.esign.test',
		authUrl: 'https://id.esign.test/',
		accessToken: 'the-token',
	};

	it('sets sendCredentialsOnCrossOriginRedirect false and allows only the hosts it signs', async () => {
		const signed = await credential.authenticate(credentials, {
			url: '/api/v1/webhooks',
			method: 'GET',
		} as IHttpRequestOptions);
		expect(signed).toMatchObject({
			sendCredentialsOnCrossOriginRedirect: false,
			allowedDomains: 'api.esign.test,id.esign.test',
		});
	});

	it("keeps the user's own Allowed HTTP Request Domains", async () => {
		const signed = await credential.authenticate(credentials, {
			url: '/api/v1/webhooks',
			method: 'GET',
			allowedDomains: 'api.esign.test',
		} as IHttpRequestOptions);
		expect(signed).toMatchObject({
			sendCredentialsOnCrossOriginRedirect: false,
			allowedDomains: 'api.esign.test',
		});
	});
});
