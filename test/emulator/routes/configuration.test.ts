/**
 * Configuration route (configuration.ts): the SMS provider.
 */
import { call, emu, useEmulator } from '../testing';

useEmulator();

describe('SMS provider configuration', () => {
	const config = {
		smsUrl: 'https://sms.example.com',
		smsSender: 'ACME',
		smsUserame: 'user',
		smsPassword: 'pass',
		smsProvider: 2,
	};

	it('stores the configuration (number or numeric string)', async () => {
		const res = await call('PUT', '/api/v1/configuration/sms-provider', { json: config });
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		const asText = await call('PUT', '/api/v1/configuration/sms-provider', {
			json: { ...config, smsProvider: '3' },
		});
		expect(asText.json.errorCode).toBe(0);
		const state = (await (await fetch(`${emu.url}/_emulator/state`)).json()) as {
			accounts: Array<{ smsProvider: { smsProvider: number; smsUserame: string } }>;
		};
		expect(state.accounts[0].smsProvider).toMatchObject({ smsProvider: 3, smsUserame: 'user' });
	});

	it('names a missing field and refuses unknown providers', async () => {
		const { smsUserame: _omitted, ...rest } = config;
		void _omitted;
		const missing = await call('PUT', '/api/v1/configuration/sms-provider', { json: rest });
		expect(missing.json.errorCode).toBe(8);
		expect(missing.json.stateValidationErrors).toHaveProperty('smsUserame');
		const wrong = await call('PUT', '/api/v1/configuration/sms-provider', {
			json: { ...config, smsProvider: 9 },
		});
		expect(wrong.json.errorCode).toBe(8);
	});
});
