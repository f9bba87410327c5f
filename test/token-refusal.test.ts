/**
 * A token refused in the service's own form: HTTP 200 with errorCode 401 or 3 in the wrapper, which n8n does not take
 * for a refusal (it renews only on HTTP 401). The node renews the token, stores it in n8n's credential and sends the
 * request once more, uploads included; a second refusal is an error naming the credential. Through n8n-core's routing
 * engine against the emulator, switched to refuse tokens that way.
 */
import type { IDataObject } from 'n8n-workflow';

import { emulatorCredentials, emulatorSuite, Harness } from './harness';
import { ServiceClient } from './harness/service-client';

const suite = emulatorSuite({ resetEach: 'reset', forgetTokens: true });
const listWebhooks = { resource: 'webhook', operation: 'getAll', returnAll: true };
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ json: { index } }));
const refusal = { data: null, errorCode: 401, message: 'Unauthorized' };

/** A harness holding a token the emulator has since stopped accepting, refused as HTTP 200 with this errorCode. */
async function refusedStoredToken(
	errorCode: number,
): Promise<{ harness: Harness; oldToken: string }> {
	const harness = new Harness(suite.emulator);
	expect((await harness.run({ parameters: listWebhooks })).error).toBeUndefined();
	suite.emulator.refuseTokensAs({ httpStatus: 200, errorCode });
	suite.emulator.expireAllTokens();
	suite.emulator.clearRequests();
	return { harness, oldToken: harness.credentials().accessToken as string };
}

const bearers = (path: string) =>
	suite.emulator.requests.filter((r) => r.path === path).map((r) => r.headers.authorization);

describe('a stored token refused with HTTP 200 and an errorCode', () => {
	it.each([401, 3])(
		'errorCode %i: renews the token, stores it in the credential and sends the request again',
		async (code) => {
			const { harness, oldToken } = await refusedStoredToken(code);
			suite.emulator.state
				.account(suite.emulator.demo.accountId)!
				.webhooks.push({ id: 'w1', webhookUrl: 'https://example.com/a' } as never);

			const result = await harness.run({ parameters: listWebhooks });

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.id)).toEqual(['w1']);
			const renewed = harness.credentials().accessToken as string;
			expect(renewed).not.toBe(oldToken);
			expect(suite.emulator.tokenRequests).toBe(2);
			// Refused with the old token, then the renewal's read and the request itself with the new one.
			expect(bearers('/api/v1/webhooks')).toEqual([
				`Bearer ${oldToken}`,
				`Bearer ${renewed}`,
				`Bearer ${renewed}`,
			]);
		},
	);

	it('renews once for 20 items refused at the same time', async () => {
		const { harness } = await refusedStoredToken(401);
		const result = await harness.run({ parameters: listWebhooks, items: items(20) });
		expect(result.error).toBeUndefined();
		expect(suite.emulator.tokenRequests).toBe(2);
	});

	it('a process renews a refused token once: also for refusals after the renewal, and when the renewed token was stored while the old one was on its way', async () => {
		// As a queue worker whose executions read a token another process stored: this process has never cached a token
		// for the credential (the client-credentials grant, which no other test of this file uses).
		const stored = await new ServiceClient(() => suite.emulator).apiToken();
		const credentials = emulatorCredentials(suite.emulator, 'clientCredentials', {
			accessToken: stored,
		});
		suite.emulator.refuseTokensAs({ httpStatus: 200, errorCode: 401 });
		suite.emulator.expireAllTokens();
		const tokensBefore = suite.emulator.tokenRequests;
		const harness = new Harness(suite.emulator);
		harness.setCredentials(credentials);
		expect((await harness.run({ parameters: listWebhooks })).error).toBeUndefined();
		expect(suite.emulator.tokenRequests - tokensBefore).toBe(1);

		// An execution that read the credential before the renewal was stored: refused with the old token, it gets the
		// token this process fetched, and nothing is fetched again.
		const renewed = harness.credentials().accessToken;
		harness.setCredentials(credentials);
		expect((await harness.run({ parameters: listWebhooks })).error).toBeUndefined();
		expect(suite.emulator.tokenRequests - tokensBefore).toBe(1);
		expect(bearers('/api/v1/webhooks').slice(-1)).toEqual([`Bearer ${renewed}`]);

		// The same, when the renewed token is stored while the old one is on its way: the credential read after the
		// refusal holds the renewed token, which was not refused. Still nothing is fetched again.
		harness.setCredentials(credentials);
		const helper = harness.credentialsHelper;
		const read = helper.getDecrypted.bind(helper);
		const refusedBefore = bearers('/api/v1/webhooks').length;
		helper.getDecrypted = async (...args: Parameters<typeof read>) => {
			if (bearers('/api/v1/webhooks').length > refusedBefore)
				harness.setCredentials({ ...credentials, accessToken: renewed });
			return await read(...args);
		};
		expect((await harness.run({ parameters: listWebhooks })).error).toBeUndefined();
		expect(bearers('/api/v1/webhooks').slice(refusedBefore)).toEqual([
			`Bearer ${stored}`,
			`Bearer ${renewed}`,
			`Bearer ${renewed}`,
		]);
		expect(suite.emulator.tokenRequests - tokensBefore).toBe(1);
	});

	it('sends an upload again, whole, after renewing the token', async () => {
		const { harness, oldToken } = await refusedStoredToken(3);
		const pdf = suite.emulator.samplePdf;
		const result = await harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data' },
			items: [
				{
					json: {},
					binary: { data: { data: pdf, fileName: 'renewed.pdf', mimeType: 'application/pdf' } },
				},
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.envelopeId).toBeDefined();
		const uploads = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		expect(uploads.map((u) => u.headers.authorization === `Bearer ${oldToken}`)).toEqual([
			true,
			false,
		]);
		expect(uploads[1].files[0].data.equals(pdf)).toBe(true);
		expect(uploads[1].files[0].fileName).toBe('renewed.pdf');
	});

	it('a second refusal, right after renewing, is an error naming the credential', async () => {
		const harness = new Harness(suite.emulator);
		// Every read of the webhooks is refused, whatever the token: the request, the renewal's read, the second attempt.
		suite.emulator.failNext(3, 200, refusal, '/api/v1/webhooks');
		const result = await harness.run({ parameters: listWebhooks });

		expect(result.error?.message).toBe(
			'The service refused the access token of the credential "E-Signature account" again, right after renewing it',
		);
		expect(result.error?.description).toContain('Environment and Base URL');
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(3);
	});

	it('with Continue On Fail, a second refusal is the error item of its input item', async () => {
		const harness = new Harness(suite.emulator);
		suite.emulator.failNext(3, 200, { ...refusal, errorCode: 3 }, '/api/v1/webhooks');
		const result = await harness.run({ parameters: listWebhooks, continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json.error).toMatch(
			/^The service refused the access token of the credential "E-Signature account" again/,
		);
		expect((result.items[0].json.details as IDataObject).kind).toBe('credential');
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(3);
	});

	it('with Continue On Fail, a renewal the token endpoint fails is the error item of its input item', async () => {
		const { harness } = await refusedStoredToken(401);
		suite.emulator.failNext(1, 500, undefined, '/Authentication/Authority/Token');
		const result = await harness.run({ parameters: listWebhooks, continueOnFail: true });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(result.items[0].json.error).toMatch(/failed to issue a token for the Integration grant/);
	});

	it('an errorCode that does not refuse the token is reported without renewing', async () => {
		const harness = new Harness(suite.emulator);
		suite.emulator.failNext(
			1,
			200,
			{ data: null, errorCode: 8, message: 'ValidationError' },
			'/api/v1/webhooks',
		);
		const result = await harness.run({ parameters: listWebhooks });

		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
		expect(suite.emulator.tokenRequests).toBe(1);
		expect(suite.emulator.requestsTo('GET', '/api/v1/webhooks')).toHaveLength(1);
	});
});
