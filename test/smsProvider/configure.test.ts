import { emulatorSuite } from '../harness';

/** SMS provider configuration through n8n-core's routing engine against the emulator. */

const suite = emulatorSuite();
const { apiRequests } = suite;
const account = () => suite.emulator.state.account(suite.emulator.demo.accountId)!;

const settings = {
	smsProvider: 3,
	smsUrl: 'https://sms.example.com/send',
	smsSender: 'ACME',
	smsUserame: 'acme-user',
	smsPassword: 'sms-secret',
};

const configure = suite.runner('smsProvider', { operation: 'configure', ...settings });

describe('SMS provider resource: configure', () => {
	it('sends the settings with the interface spelling smsUserame and the provider as a number', async () => {
		const result = await configure({});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/api/v1/configuration/sms-provider');
		expect(request.headers['content-type']).toContain('application/json');
		expect(request.headers.authorization).toBe(`Bearer ${suite.harness.credentials().accessToken}`);
		expect(request.body).toEqual({
			smsUrl: 'https://sms.example.com/send',
			smsSender: 'ACME',
			smsUserame: 'acme-user',
			smsPassword: 'sms-secret',
			smsProvider: 3,
		});
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(account().smsProvider).toEqual({ ...settings });
	});

	it('sends the texts trimmed, the password as entered and a provider named in any case as its number', async () => {
		const result = await configure({
			smsProvider: '={{ "unifonic" }}',
			smsUrl: ' https://sms.example.com/send ',
			smsSender: ' ACME ',
			smsUserame: ' acme-user ',
			smsPassword: ' sms secret ',
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			smsUrl: 'https://sms.example.com/send',
			smsSender: 'ACME',
			smsUserame: 'acme-user',
			smsPassword: ' sms secret ',
			smsProvider: 3,
		});
	});

	it('takes a provider name in any spacing, as the editor list and the errors name it', async () => {
		const result = await configure({ smsProvider: '={{ " Four-Jawaly " }}' });
		expect(result.error).toBeUndefined();
		expect((apiRequests()[0].body as { smsProvider: unknown }).smsProvider).toBe(4);
	});

	it('takes a raw provider number from an expression', async () => {
		const result = await configure(
			{ smsProvider: '={{ $json.provider }}' },
			{ items: [{ json: { provider: '5' } }] },
		);
		expect(result.error).toBeUndefined();
		expect((apiRequests()[0].body as { smsProvider: unknown }).smsProvider).toBe(5);
		expect(account().smsProvider?.smsProvider).toBe(5);
	});

	it('reports a provider number the service does not know (validation error 8)', async () => {
		const result = await configure({ smsProvider: '={{ 9 }}' });
		expect(apiRequests()).toHaveLength(1);
		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
		expect(result.error?.description).toContain('smsProvider');
	});

	it.each([
		[
			'a provider the list does not name',
			{ smsProvider: '={{ "Twilio" }}' },
			'Provider must be one of Imissive (1), Msegat (2), Unifonic (3), FourJawaly (4), Infinito (5), by name or number; got "Twilio"',
		],
		[
			'a gateway URL that is not one',
			{ smsUrl: 'sms.example.com' },
			/Gateway URL must be an http:\/\/ or https:\/\/ URL/,
		],
		[
			'a gateway URL of another protocol',
			{ smsUrl: 'ftp://sms.example.com/send' },
			/^Gateway URL must be an http:\/\/ or https:\/\/ URL, got one starting with "ftp:\/\/sms.example.com"$/,
		],
		['an empty sender', { smsSender: '={{ " " }}' }, /Sender Name is required/],
		['an empty username', { smsUserame: '={{ "" }}' }, /Username is required/],
		['an empty password', { smsPassword: '={{ "" }}' }, /Password is required/],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await configure(parameters);
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('does not repeat a refused gateway URL beyond its protocol and host: its path or query may hold a key', async () => {
		const result = await configure({
			smsUrl: 'ftp://user:pw@sms.example.com/send?apiKey=k3y-SECRET',
		});
		expect(result.error?.message).toBe(
			'Gateway URL must be an http:// or https:// URL, got one starting with "ftp://sms.example.com"',
		);
		const notUrl = await configure({ smsUrl: 'sms.example.com/send?apiKey=k3y-SECRET' });
		expect(notUrl.error?.message).toBe(
			'Gateway URL must be an http:// or https:// URL, got text that is not a URL',
		);
		for (const error of [result.error, notUrl.error])
			expect(`${error?.message} ${error?.description ?? ''}`).not.toContain('SECRET');
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('sends the password exactly as entered, spaces included', async () => {
		const result = await configure({
			smsPassword: ' pass phrase ',
			smsUrl: ' https://sms.example.com/send ',
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({
			smsPassword: ' pass phrase ',
			smsUrl: 'https://sms.example.com/send',
		});
	});

	it('configures per item and continues on fail with paired items', async () => {
		const result = await configure(
			{ smsSender: '={{ $json.sender }}', smsProvider: '={{ $json.provider }}' },
			{
				items: [
					{ json: { sender: 'ONE', provider: 42 } },
					{ json: { sender: 'TWO', provider: 2 } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			expect.objectContaining({
				json: {
					error: 'The service rejected the request as invalid (error 8)',
					details: expect.objectContaining({
						code: 8,
						validationErrors: { smsProvider: [expect.stringContaining("'42'")] },
					}),
				},
				pairedItem: { item: 0 },
			}),
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 1 } },
		]);
		expect(account().smsProvider).toMatchObject({ smsSender: 'TWO', smsProvider: 2 });
	});
});
