/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * No secret handed out: node outputs and errors never carry a webhook's header token in clear, the SMS provider's
 * password, the access token or a credential secret, whatever path an operation takes (success, service error,
 * Continue On Fail, Include Response Wrapper).
 */
import { emulatorSuite } from './harness';

const suite = emulatorSuite();

const HEADER_TOKEN = 'header-token-0123456789-abcd';
const SMS_PASSWORD = 'sms-password-s3cr3t';

/** Everything an execution keeps of a run: items, and the error with all it carries. */
function serialise(result: { items?: unknown; error?: unknown }): string {
	const error = result.error as (Error & Record<string, unknown>) | undefined;
	const errorParts = error
		? [error.message, error.description, JSON.stringify(error), JSON.stringify(error.context), JSON.stringify(error.cause), error.stack]
		: [];
	return [JSON.stringify(result.items ?? null), ...errorParts].join('\n');
}

function secrets(): string[] {
	const { demo } = suite.emulator;
	const stored = suite.harness.credentials().accessToken as string | undefined;
	return [HEADER_TOKEN, SMS_PASSWORD, demo.clientSecret, demo.password, demo.accountSecret, ...(stored ? [stored] : [])];
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
	const result = await webhook({ operation: 'create', webhookUrl: 'https://hooks.example.com/in', headerToken: HEADER_TOKEN });
	expect(result.error).toBeUndefined();
	return result.items[0].json.id as string;
}

describe('webhook outputs show that a header token is set, never the token', () => {
	it.each([false, true])('Create, Get, Get Many (Include Response Wrapper: %s)', async (includeResponseWrapper) => {
		const options = { includeResponseWrapper };
		const created = await webhook({ operation: 'create', webhookUrl: 'https://hooks.example.com/in', headerToken: HEADER_TOKEN, options });
		const id = suite.emulator.webhooks()[0].id;
		const got = await webhook({ operation: 'get', webhookId: { __rl: true, mode: 'id', value: id }, options });
		const all = await webhook({ operation: 'getAll', options });

		for (const result of [created, got, all]) {
			expect(result.error).toBeUndefined();
			expectNoSecret(serialise(result));
			expect(serialise(result)).toContain('••••abcd');
		}
		expect(suite.emulator.webhooks()[0].headerToken).toBe(HEADER_TOKEN);
	});

	it('Create Many', async () => {
		const result = await webhook({
			operation: 'createMany',
			webhooks: { webhook: [{ webhookUrl: 'https://a.example.com/in', headerToken: HEADER_TOKEN }, { webhookUrl: 'https://b.example.com/in' }] },
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
		suite.emulator.failNext(1, 200, { data: { id, headerToken: HEADER_TOKEN }, errorCode: 100, message: 'failed' });
		const result = await webhook({ operation: 'get', webhookId: { __rl: true, mode: 'id', value: id } }, undefined, true);
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
		expect(result.error).toBeDefined();
		expectNoSecret(serialise(result));
	});

	it('on a server error, with Continue On Fail', async () => {
		suite.emulator.failNext(1, 500);
		const result = await sms({}, undefined, true);
		expect(result.items[0].json.details).toMatchObject({ kind: 'service', httpStatus: 500 });
		expectNoSecret(serialise(result));
	});
});
