/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What a refused token request says to fix, in the credential's field names, for each grant and each wrong field or
 * pair: in n8n's credential dialog (its test shows the message of the error preAuthentication throws) and in a node's
 * error at run time, the same words once. Against the emulator in both profiles (docs/service-api.md#spec-and-live-service).
 */
import { type ICredentialDataDecryptedObject, type JsonObject, NodeApiError } from 'n8n-workflow';

import { ESignatureApi } from '../credentials/ESignatureApi.credentials';
import type { DemoCredentials, Profile } from './emulator';
import { emulatorCredentials, emulatorSuite, Harness } from './harness';
import { preAuthenticationHelper } from './harness/credentials-helper';

const suite = emulatorSuite({
	resetEach: 'reset',
	forgetTokens: ['integration', 'clientCredentials'],
});
const listWebhooks = { resource: 'webhook', operation: 'getAll' };
const type = new ESignatureApi();
const TOKEN_PATH = '/Authentication/Authority/Token';
const NEITHER_PAIR =
	'Check Client ID and Client Secret, and Account ID and Account Secret: the service accepted neither pair.';

/** A new account per test: what a credential learnt of the service is kept for its identity. */
let account: DemoCredentials;
beforeEach(() => {
	suite.emulator.setProfile('spec');
	account = suite.emulator.addAccount();
});

type Grant = 'integration' | 'clientCredentials';
const credentialsOf = (grant: Grant, overrides: ICredentialDataDecryptedObject = {}) =>
	emulatorCredentials(suite.emulator, grant, { ...account, ...overrides });

/**
 * What n8n 2.41's credential dialog shows when preAuthentication throws (CredentialsTester.runRequestTest): n8n-core
 * wraps the error in a NodeApiError, and the tester shows its cause's `code` when it has one, else its message.
 */
async function dialogMessage(credentials: ICredentialDataDecryptedObject): Promise<string> {
	try {
		await type.preAuthentication.call(preAuthenticationHelper, credentials);
		return 'OK';
	} catch (thrown) {
		const node = { id: 'temp', name: 'Temp-Node', type: 'n8n-nodes-base.noOp' } as never;
		const error = new NodeApiError(node, thrown as JsonObject);
		const cause = error.cause as { code?: unknown } | undefined;
		return cause?.code ? String(cause.code) : error.message;
	}
}

async function runTimeError(credentials: ICredentialDataDecryptedObject) {
	const harness = new Harness(suite.emulator);
	harness.setCredentials(credentials);
	const { error } = await harness.run({ parameters: listWebhooks });
	return { message: String(error?.message), description: error?.description ?? '' };
}

/** Words of the package's makers, not of the credential's dialog. */
const MAKERS_WORDS = /\bBasic (Client|Account)|the spec\b|the live service|CREDENTIAL/;

/** The dialog's message, checked to be a node's run-time message too, said once, with no makers' words or secrets. */
async function refusal(credentials: ICredentialDataDecryptedObject): Promise<string> {
	const shown = await dialogMessage(credentials);
	const run = await runTimeError({ ...credentials, accessToken: '' });
	expect(run.message).toBe(shown);
	expect(run.description).not.toMatch(/Check/);
	expect(shown).not.toMatch(MAKERS_WORDS);
	expect(shown).not.toMatch(/\.\./);
	for (const secret of ['wrong-secret', account.clientSecret, account.password])
		expect(shown).not.toContain(secret);
	return shown;
}

describe('Integration grant, the service as the spec says', () => {
	it.each([
		['Client Secret', { clientSecret: 'wrong-secret' }, NEITHER_PAIR],
		['Client ID', { clientId: 'unknown-client' }, NEITHER_PAIR],
		['Password', { password: 'wrong-secret' }, 'Check Password.'],
		['Username', { username: 'nobody@example.com' }, 'Check Username.'],
		['Account ID', { accountId: 'unknown-account' }, 'Check Account ID.'],
		['Account Secret', { accountSecret: 'wrong-secret' }, 'Check Account Secret.'],
		[
			'Username and Password',
			{ username: 'nobody@example.com', password: 'wrong-secret' },
			'Check Username and Password.',
		],
	])('a wrong %s: the message names it', async (_field, overrides, names) => {
		const shown = await refusal(credentialsOf('integration', overrides));
		expect(shown).toMatch(/^The E-Signature service refused the Integration grant/);
		expect(shown.endsWith(names)).toBe(true);
	});

	it('a wrong Client Secret of a credential that worked: only the client pair is named', async () => {
		expect(await dialogMessage(credentialsOf('integration'))).toBe('OK');
		const shown = await refusal(credentialsOf('integration', { clientSecret: 'wrong-secret' }));
		expect(shown).toBe(
			"The E-Signature service refused the Integration grant's client (HTTP 401, invalid_client: Client " +
				'authentication failed (HTTP Basic client id and secret)). Check Client ID and Client Secret.',
		);
	});

	it('a refused grant whose answer names no field: the four fields it may be, in two pairs', async () => {
		suite.emulator.failNext(2, 400, { error: 'invalid_grant' }, TOKEN_PATH);
		const shown = await refusal(credentialsOf('integration'));
		expect(shown).toBe(
			'The E-Signature service refused the Integration grant (HTTP 400, invalid_grant). ' +
				'Check Username and Password, and Account ID and Account Secret.',
		);
	});
});

describe('Integration grant, the service as the live sandbox answered', () => {
	beforeEach(() => suite.emulator.setProfile('live'));

	it.each([
		['Account Secret', { accountSecret: 'wrong-secret' }, NEITHER_PAIR],
		['Account ID', { accountId: 'unknown-account' }, NEITHER_PAIR],
		['Password', { password: 'wrong-secret' }, 'Check Password.'],
		['Username', { username: 'nobody@example.com' }, 'Check Username.'],
	])('a wrong %s: the message names it', async (_field, overrides, names) => {
		const shown = await refusal(credentialsOf('integration', overrides));
		expect(shown.endsWith(names)).toBe(true);
	});

	it('a wrong Account Secret of a credential that worked: only the account pair is named', async () => {
		expect(await dialogMessage(credentialsOf('integration'))).toBe('OK');
		const shown = await refusal(credentialsOf('integration', { accountSecret: 'wrong-secret' }));
		expect(shown.endsWith('Check Account ID and Account Secret.')).toBe(true);
	});
});

describe('Client Credentials grant', () => {
	it.each([
		['Client Secret', { clientSecret: 'wrong-secret' }],
		['Client ID', { clientId: 'unknown-client' }],
	])('a wrong %s: the message names the client pair', async (_field, overrides) => {
		expect(await refusal(credentialsOf('clientCredentials', overrides))).toBe(
			"The E-Signature service refused the Client Credentials grant's client (HTTP 401, invalid_client: " +
				'Client authentication failed). Check Client ID and Client Secret.',
		);
	});
});

describe('an address where the service is not', () => {
	it.each<[string, Grant, ICredentialDataDecryptedObject]>([
		['Base URL', 'integration', {}],
		['Sandbox Base URL', 'integration', { environment: 'sandbox', baseUrl: '' }],
		['Authorization Server URL', 'clientCredentials', {}],
	])('a wrong %s: nothing answers as a token endpoint there', async (field, grant, more) => {
		const key = { 'Base URL': 'baseUrl', 'Sandbox Base URL': 'sandboxBaseUrl' }[field] ?? 'authUrl';
		const wrong = { ...more, [key]: `${suite.emulator.url}/nothing-here` };
		const shown = await refusal(credentialsOf(grant, wrong));
		expect(shown).toMatch(/^Nothing at http:\/\/127\.0\.0\.1:\d+\/nothing-here\/\S+ answered as/);
		expect(shown.endsWith(`Check the credential's ${field}.`)).toBe(true);
	});

	it.each<[Grant, string, string]>([
		['integration', 'baseUrl', 'Base URL'],
		['clientCredentials', 'authUrl', 'Authorization Server URL'],
	])(
		'%s grant, a host that refuses the connection: names its address and the field',
		async (grant, key, field) => {
			// The test's plain request helper words a refused connection as fetch does: n8n's, which a run uses, names it.
			const { message, description } = await runTimeError(
				credentialsOf(grant, { [key]: 'http://127.0.0.1:9' }),
			);
			expect(message).toMatch(
				/^Could not reach the token endpoint .*http:\/\/127\.0\.0\.1:9.*: the connection was refused\./,
			);
			expect(message.endsWith(`Check the credential's ${field}.`)).toBe(true);
			expect(description).not.toMatch(/Check/);
		},
	);

	it('a token endpoint that fails names the service, not the fields', async () => {
		suite.emulator.failNext(2, 503, { error: 'temporarily_unavailable' }, TOKEN_PATH);
		const shown = await refusal(credentialsOf('integration'));
		expect(shown).toMatch(/failed to issue a token .*HTTP 503.*try again later/);
		expect(shown).not.toMatch(/Check/);
	});
});

describe('the dialog, grant by grant', () => {
	it.each<[Profile, Grant]>([
		['spec', 'integration'],
		['live', 'integration'],
		['spec', 'clientCredentials'],
	])('%s profile, %s grant: working credentials pass', async (profile, grant) => {
		suite.emulator.setProfile(profile);
		expect(await dialogMessage(credentialsOf(grant))).toBe('OK');
	});
});
