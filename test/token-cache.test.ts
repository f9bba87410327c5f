/**
 * The access-token cache across n8n processes (queue mode: several workers share the token n8n stores with the
 * credential, each with its own cache). Two copies of credentials/accessToken.ts stand for two workers; n8n's part is
 * played as n8n does it: send with the stored token, on 401 call preAuthentication with the refused token, store the
 * result and retry once.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { Emulator } from './emulator';
import { emulatorCredentials } from './harness';
import { preAuthenticationHelper } from './harness/credentials-helper';

type TokenModule = typeof import('../credentials/accessToken');

let emulator: Emulator;

beforeAll(async () => {
	emulator = await Emulator.start();
});
afterAll(async () => {
	await emulator?.stop();
});
beforeEach(() => emulator.reset());

/** A fresh copy of the token cache module: a process of its own. */
function workerModule(): TokenModule {
	let loaded!: TokenModule;
	jest.isolateModules(() => {
		loaded = jest.requireActual('../credentials/accessToken');
	});
	return loaded;
}

const helper = preAuthenticationHelper;

/** n8n's database: the token stored with the credential, shared by every process. */
class Stored {
	token = '';
}

/** One request as a worker of n8n makes it: stored token, one renewal on 401. */
async function request(
	worker: TokenModule,
	stored: Stored,
	credentials: ICredentialDataDecryptedObject,
): Promise<number> {
	const send = async (token: string) => {
		const response = await fetch(`${emulator.url}/api/v1/webhooks`, {
			headers: { authorization: `Bearer ${token}` },
		});
		await response.text();
		return response.status;
	};
	let token =
		stored.token || (await worker.obtainAccessToken(helper, { ...credentials, accessToken: '' }));
	stored.token = token;
	const first = await send(token);
	if (first !== 401) return first;
	token = await worker.obtainAccessToken(helper, { ...credentials, accessToken: token });
	stored.token = token;
	return await send(token);
}

describe('the token cache across processes', () => {
	it('recovers on every worker after the service refused every token, never handing out a refused one', async () => {
		const credentials = emulatorCredentials(emulator);
		const [a, b] = [workerModule(), workerModule()];
		const stored = new Stored();
		// Each worker has fetched a token of its own at some point; the database holds the newest.
		expect(await request(a, stored, credentials)).toBe(200);
		stored.token = '';
		expect(await request(b, stored, credentials)).toBe(200);
		const before = emulator.tokenRequests;

		emulator.expireAllTokens();
		const statuses = await Promise.all(
			Array.from({ length: 10 }, (_, i) => request(i % 2 ? a : b, stored, credentials)),
		);

		expect(statuses).toEqual(Array(10).fill(200));
		// One renewal per worker at most: the others share it.
		expect(emulator.tokenRequests - before).toBeGreaterThanOrEqual(1);
		expect(emulator.tokenRequests - before).toBeLessThanOrEqual(2);
	});

	it('a worker refused with the stored token does not hand out its own cached token, which the service refused too', async () => {
		const credentials = emulatorCredentials(emulator);
		const [a, b] = [workerModule(), workerModule()];
		const older = await a.obtainAccessToken(helper, { ...credentials, accessToken: '' });
		const younger = await b.obtainAccessToken(helper, { ...credentials, accessToken: '' });
		emulator.expireAllTokens();

		// Worker b is refused with the stored (older) token: its cached younger token is refused as well.
		const renewed = await b.obtainAccessToken(helper, { ...credentials, accessToken: older });

		expect(renewed).not.toBe(younger);
		expect(renewed).not.toBe(older);
		const status = await fetch(`${emulator.url}/api/v1/webhooks`, {
			headers: { authorization: `Bearer ${renewed}` },
		});
		expect(status.status).toBe(200);
	});

	it('requests that were on their way with the token this process replaced get the new one without fetching again', async () => {
		const credentials = emulatorCredentials(emulator);
		const worker = workerModule();
		const first = await worker.obtainAccessToken(helper, { ...credentials, accessToken: '' });
		emulator.expireAllTokens();
		const renewed = await worker.obtainAccessToken(helper, { ...credentials, accessToken: first });
		const before = emulator.tokenRequests;

		const late = await worker.obtainAccessToken(helper, { ...credentials, accessToken: first });

		expect(late).toBe(renewed);
		expect(emulator.tokenRequests).toBe(before);
	});
});
