/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * No secret handed out: node outputs and errors never carry a webhook's header token in clear, the SMS provider's
 * password, the access token or a credential secret, whatever path an operation takes (success, service error,
 * Continue On Fail, Include Response Wrapper).
 */
import { forgetAccessToken } from '../credentials/accessToken';
import { emulatorCredentials, emulatorSuite, Harness } from './harness';

const suite = emulatorSuite();

const HEADER_TOKEN = 'header-token-0123456789-abcd';
const SMS_PASSWORD = 'sms-password-s3cr3t';

/** Everything an execution keeps of a run: items, and the error with all it carries. */
function serialise(result: { items?: unknown; error?: unknown }): string {
	const error = result.error as (Error & Record<string, unknown>) | undefined;
	const errorParts = error
		? [
				error.message,
				error.description,
				JSON.stringify(error),
				JSON.stringify(error.context),
				JSON.stringify(error.cause),
				error.stack,
			]
		: [];
	return [JSON.stringify(result.items ?? null), ...errorParts].join('\n');
}

function secrets(): string[] {
	const { demo } = suite.emulator;
	const stored = suite.harness.credentials().accessToken as string | undefined;
	return [
		HEADER_TOKEN,
		SMS_PASSWORD,
		demo.clientSecret,
		demo.password,
		demo.accountSecret,
		...(stored ? [stored] : []),
	];
}

function expectNoSecret(text: string) {
	for (const secret of secrets()) expect(text).not.toContain(secret);
}

const webhook = suite.runner('webhook');
const sms = suite.runner('smsProvider', {
	operation: 'configure',
	smsProvider: 3,
	smsUrl: 'https://sms.example.com/send',
	smsSender: 'ACME',
	smsUserame: 'acme-user',
	smsPassword: SMS_PASSWORD,
});

async function createWebhook(): Promise<string> {
	const result = await webhook({
		operation: 'create',
		webhookUrl: 'https://hooks.example.com/in',
		headerToken: HEADER_TOKEN,
	});
	expect(result.error).toBeUndefined();
	return result.items[0].json.id as string;
}

describe('webhook outputs show that a header token is set, never the token', () => {
	it.each([false, true])(
		'Create, Get, Get Many (Include Response Wrapper: %s)',
		async (includeResponseWrapper) => {
			const options = { includeResponseWrapper };
			const created = await webhook({
				operation: 'create',
				webhookUrl: 'https://hooks.example.com/in',
				headerToken: HEADER_TOKEN,
				options,
			});
			const id = suite.emulator.webhooks()[0].id;
			const got = await webhook({
				operation: 'get',
				webhookId: { __rl: true, mode: 'id', value: id },
				options,
			});
			const all = await webhook({ operation: 'getAll', options });

			for (const result of [created, got, all]) {
				expect(result.error).toBeUndefined();
				expectNoSecret(serialise(result));
				expect(serialise(result)).toContain('••••abcd');
			}
			expect(suite.emulator.webhooks()[0].headerToken).toBe(HEADER_TOKEN);
		},
	);

	it('Create Many', async () => {
		const result = await webhook({
			operation: 'createMany',
			webhooks: {
				webhook: [
					{ webhookUrl: 'https://a.example.com/in', headerToken: HEADER_TOKEN },
					{ webhookUrl: 'https://b.example.com/in' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expectNoSecret(serialise(result));
		expect(result.items.map((item) => [item.json.hasHeaderToken, item.json.headerToken])).toEqual([
			[true, '••••abcd'],
			[false, null],
		]);
	});

	it('a service error of Get carries no token either', async () => {
		const id = await createWebhook();
		suite.emulator.failNext(1, 200, {
			data: { id, headerToken: HEADER_TOKEN },
			errorCode: 100,
			message: 'failed',
		});
		const result = await webhook(
			{ operation: 'get', webhookId: { __rl: true, mode: 'id', value: id } },
			undefined,
			true,
		);
		expect(result.items[0].json.details).toMatchObject({ kind: 'service', code: 100 });
		expectNoSecret(serialise(result));
	});
});

describe('the SMS provider password stays out of outputs and errors', () => {
	it('on success', async () => {
		const result = await sms({});
		expect(result.error).toBeUndefined();
		expectNoSecret(serialise(result));
	});

	it('on a validation error of the service', async () => {
		const result = await sms({ smsProvider: '={{ 9 }}' });
		// The password went out with the request, and the service's refusal came back as the error.
		expect(suite.apiRequests()[0].body).toMatchObject({ smsPassword: SMS_PASSWORD });
		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
		expectNoSecret(serialise(result));
	});

	it('on a validation error that quotes the password in its list of invalid fields', async () => {
		// ASP.NET's model binding says "The value '…' is not valid for …": the list is shown, the password is not.
		suite.emulator.failNext(1, 400, {
			data: null,
			errorCode: 8,
			message: 'Validation failed',
			stateValidationErrors: {
				smsPassword: [`The value '${SMS_PASSWORD}' is not valid for smsPassword.`],
			},
		});
		const result = await sms({}, undefined, true);
		expect(result.items[0].json.error).toBe(
			'The service rejected the request as invalid (error 8)',
		);
		expect(serialise(result)).toContain('is not valid for smsPassword');
		expectNoSecret(serialise(result));
	});

	it('on a server error, with Continue On Fail', async () => {
		suite.emulator.failNext(1, 500);
		const result = await sms({}, undefined, true);
		expect(result.items[0].json.details).toMatchObject({ kind: 'service', httpStatus: 500 });
		expectNoSecret(serialise(result));
	});
});

describe('secrets the service repeats in its own words are scrubbed before they are shown', () => {
	const echo = (message: string) => ({ data: null, errorCode: 8, message });

	it('the SMS password, given by an expression, in the message and the error item details', async () => {
		const password = 'sms-from-item-7f3a9c';
		suite.emulator.failNext(
			1,
			200,
			echo(`Gateway refused user acme-user with password ${password}`),
		);
		const result = await sms(
			{ smsPassword: '={{ $json.pw }}' },
			[{ json: { pw: password } }],
			true,
		);

		const details = result.items[0].json.details as Record<string, unknown>;
		expect(details.serviceMessage).toBe('Gateway refused user acme-user with password ••••');
		expect(serialise(result)).not.toContain(password);
	});

	it('a header token, in the error description', async () => {
		suite.emulator.failNext(1, 200, echo(`Header token ${HEADER_TOKEN} is already used`));
		const result = await webhook({
			operation: 'create',
			webhookUrl: 'https://hooks.example.com/in',
			headerToken: HEADER_TOKEN,
		});

		expect(result.error?.description).toContain(
			'Service message: Header token •••• is already used',
		);
		expectNoSecret(serialise(result));
	});

	it('the bearer token', async () => {
		await webhook({ operation: 'getAll' });
		const token = suite.harness.credentials().accessToken as string;
		suite.emulator.failNext(1, 200, {
			data: null,
			errorCode: 100,
			message: `Token ${token} is not allowed here`,
		});
		const result = await webhook({ operation: 'getAll' }, undefined, true);

		expect((result.items[0].json.details as Record<string, unknown>).serviceMessage).toBe(
			'Token •••• is not allowed here',
		);
		expect(serialise(result)).not.toContain(token);
	});

	it("the credential's client secret, password and account secret, when the token endpoint repeats them", async () => {
		const { demo } = suite.emulator;
		const harness = new Harness(suite.emulator);
		forgetAccessToken(emulatorCredentials(suite.emulator));
		suite.emulator.failNext(
			1,
			400,
			{
				error: 'invalid_grant',
				error_description: `client ${demo.clientSecret}, password ${demo.password}, account secret ${demo.accountSecret} refused`,
			},
			'/Authentication/Authority/Token',
		);

		const result = await harness.run({ parameters: { resource: 'webhook', operation: 'getAll' } });

		expect(result.error?.message).toContain(
			'invalid_grant: client ••••, password ••••, account secret •••• refused',
		);
		for (const secret of [demo.clientSecret, demo.password, demo.accountSecret])
			expect(serialise(result)).not.toContain(secret);
	});
});

describe('masking gaps (issue 28, point 8)', () => {
	const DOCUMENT_PASSWORD = 'document-password-4d2f';

	it("a document's password (Envelope → Create, Password) is masked in the node an error carries", async () => {
		// Refused before sending: the error still carries the node with its parameters.
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'create',
				inputDataFieldName: 'missing',
				additionalFields: { password: DOCUMENT_PASSWORD },
			},
			items: [{ json: {} }],
		});
		expect(result.error).toBeDefined();
		expect(JSON.stringify((result.error as unknown as { node: unknown }).node)).toContain('••••');
		expect(serialise(result)).not.toContain(DOCUMENT_PASSWORD);
	});

	it("a signing file's password (Identity Signing → Sign, File Password) is masked in the node an error carries", async () => {
		const result = await suite.harness.run({
			parameters: {
				resource: 'identitySigning',
				operation: 'sign',
				requestId: 'not-a-guid',
				inputDataFieldName: 'document',
				filePassword: DOCUMENT_PASSWORD,
			},
			items: [{ json: {} }],
		});
		expect(result.error).toBeDefined();
		expect(serialise(result)).not.toContain(DOCUMENT_PASSWORD);
	});

	it('a refused revocation: what the authorization server repeats of the token and client secret is scrubbed', async () => {
		const { demo } = suite.emulator;
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				accessToken: 'stored-token-to-revoke-77',
			}),
		);
		suite.emulator.failNext(
			1,
			400,
			{
				error: 'invalid_request',
				error_description: `token stored-token-to-revoke-77 of client secret ${demo.clientSecret} refused`,
			},
			/connect\/revocation/,
		);

		const result = await harness.run({
			parameters: { resource: 'accessToken', operation: 'revoke' },
		});

		expect(result.error?.description).toContain('token •••• of client secret •••• refused');
		expect(serialise(result)).not.toContain('stored-token-to-revoke-77');
		expect(serialise(result)).not.toContain(demo.clientSecret);
	});

	it("Webhook → Get Many shows n8n's resume token in a waiting execution's URL masked", async () => {
		const resumeToken = 'n8n-resume-token-9f8e7d6c5b4a';
		const url = `https://n8n.example.com/webhook-waiting/123/node?envelopeId=e1&signature=${resumeToken}&check=abc`;
		await webhook({ operation: 'create', webhookUrl: url });

		const all = await webhook({ operation: 'getAll' });

		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => item.json.webhookUrl)).toContain(
			'https://n8n.example.com/webhook-waiting/123/node?envelopeId=e1&signature=••••&check=abc',
		);
		expect(serialise(all)).not.toContain(resumeToken);
	});

	it("Webhook → Get Logs shows n8n's resume token in a delivery's URL masked", async () => {
		const resumeToken = 'n8n-resume-token-1a2b3c4d5e6f';
		const entry = {
			requestId: '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5',
			webhookUrl: `https://n8n.example.com/webhook-waiting/123/node?signature=${resumeToken}`,
			webhookStatus: 'SUCCESS (1)',
			httpStatusCode: 200,
		};
		suite.emulator.failNext(
			1,
			200,
			{ data: [entry], errorCode: 0, message: 'Success' },
			/webhooks\/logs/,
		);

		const logs = await webhook({ operation: 'getLogs' });

		expect(logs.error).toBeUndefined();
		expect(logs.items[0].json.webhookUrl).toBe(
			'https://n8n.example.com/webhook-waiting/123/node?signature=••••',
		);
		expect(serialise(logs)).not.toContain(resumeToken);
	});
});

describe('masking is per credential (issue 28, point 7)', () => {
	/*
	 * The attack: a tenant whose own endpoint echoes what it is told learns, from what comes back masked, which guesses
	 * are another tenant's live secrets. Tenant A runs first, so its secrets have been in use in this process; tenant B
	 * (another account and credential of the same n8n) then gets answers that echo A's secrets as guesses.
	 */
	function tenantB(): { harness: Harness; account: ReturnType<typeof suite.emulator.addAccount> } {
		const account = suite.emulator.addAccount();
		const harness = new Harness(suite.emulator);
		const { clientId, clientSecret, username, password, accountId, accountSecret } = account;
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				clientId,
				clientSecret,
				username,
				password,
				accountId,
				accountSecret,
			}),
		);
		return { harness, account };
	}

	it("B's token endpoint echoing A's secrets as guesses shows them as sent; B's own secret is masked", async () => {
		const { demo } = suite.emulator;
		expect((await webhook({ operation: 'getAll' })).error).toBeUndefined();
		const b = tenantB();
		suite.emulator.failNext(
			1,
			400,
			{
				error: 'invalid_grant',
				error_description: `guesses ${demo.clientSecret} ${demo.password} ${demo.accountSecret} refused for ${b.account.clientSecret}`,
			},
			'/Authentication/Authority/Token',
		);

		const result = await b.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll' },
		});

		expect(result.error?.message).toContain(
			`invalid_grant: guesses ${demo.clientSecret} ${demo.password} ${demo.accountSecret} refused for ••••`,
		);
		expect(serialise(result)).not.toContain(b.account.clientSecret);
	});

	it("a service answer to B echoing A's access token and client secret shows them as sent; B's token is masked", async () => {
		const { demo } = suite.emulator;
		const b = tenantB();
		expect(
			(await b.harness.run({ parameters: { resource: 'webhook', operation: 'getAll' } })).error,
		).toBeUndefined();
		expect((await webhook({ operation: 'getAll' })).error).toBeUndefined();
		const tokenA = suite.harness.credentials().accessToken as string;
		const tokenB = b.harness.credentials().accessToken as string;
		expect(tokenA).not.toBe(tokenB);
		suite.emulator.failNext(1, 200, {
			data: null,
			errorCode: 100,
			message: `Token ${tokenB}; guesses ${tokenA} ${demo.clientSecret}`,
		});

		const result = await b.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll' },
			continueOnFail: true,
		});

		const details = result.items[0].json.details as Record<string, unknown>;
		expect(details.serviceMessage).toBe(`Token ••••; guesses ${tokenA} ${demo.clientSecret}`);
		expect(serialise(result)).not.toContain(tokenB);
	});

	it("this node's own secret given by an expression inside a list (Create Many) is masked as resolved for the item", async () => {
		const token = 'listed-header-token-from-item-3c2d';
		suite.emulator.failNext(1, 200, {
			data: null,
			errorCode: 8,
			message: `Header token ${token} is already used`,
		});

		const result = await webhook(
			{
				operation: 'createMany',
				webhooks: {
					webhook: [{ webhookUrl: 'https://c.example.com/in', headerToken: '={{ $json.token }}' }],
				},
			},
			[{ json: { token } }],
			true,
		);

		expect((result.items[0].json.details as Record<string, unknown>).serviceMessage).toBe(
			'Header token •••• is already used',
		);
		expect(serialise(result)).not.toContain(token);
	});

	it("a header token of another workflow's node is not masked in this node's answers; this node's own is", async () => {
		const tokenOfA = 'tenant-a-header-token-5e6f';
		const tokenOfB = 'tenant-b-header-token-9a8b';
		const created = await webhook({
			operation: 'create',
			webhookUrl: 'https://a.example.com/in',
			headerToken: tokenOfA,
		});
		expect(created.error).toBeUndefined();
		const b = tenantB();
		suite.emulator.failNext(1, 200, {
			data: null,
			errorCode: 8,
			message: `Header token ${tokenOfB} is already used; so is ${tokenOfA}`,
		});

		const result = await b.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://b.example.com/in',
				headerToken: tokenOfB,
			},
		});

		expect(result.error?.description).toContain(
			`Service message: Header token •••• is already used; so is ${tokenOfA}`,
		);
		expect(serialise(result)).not.toContain(tokenOfB);
	});
});
