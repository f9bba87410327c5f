import { Harness, emulatorCredentials, emulatorSuite } from '../harness';

/** Revoking the credential's access token through n8n-core's routing engine against the emulator. */

const suite = emulatorSuite();

const revoke = { resource: 'accessToken', operation: 'revoke' };
const listWebhooks = { resource: 'webhook', operation: 'getAll' };

/** What the service answers a call with this bearer token. */
async function callWith(token: string): Promise<number> {
	const response = await fetch(`${suite.emulator.url}/api/v1/webhooks`, {
		headers: { authorization: `Bearer ${token}` },
	});
	await response.arrayBuffer();
	return response.status;
}

describe.each(['integration', 'clientCredentials'] as const)(
	'Access token resource: revoke (%s grant)',
	(grant) => {
		let harness: Harness;

		beforeEach(() => {
			harness = new Harness(suite.emulator);
			harness.setCredentials(emulatorCredentials(suite.emulator, grant));
		});

		it('revokes the current token at the authorization server, and the next run gets a new one', async () => {
			expect((await harness.run({ parameters: listWebhooks })).error).toBeUndefined();
			const oldToken = harness.credentials().accessToken as string;
			expect(await callWith(oldToken)).toBe(200);
			const tokensBefore = suite.emulator.tokenRequests;
			suite.emulator.clearRequests();

			const result = await harness.run({ parameters: revoke });
			expect(result.error).toBeUndefined();
			expect(result.items).toEqual([
				{ json: { success: true, revoked: true }, pairedItem: { item: 0 } },
			]);
			expect(suite.emulator.requests).toHaveLength(1);
			const [request] = suite.emulator.requests;
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/auth/connect/revocation');
			expect(request.headers['content-type']).toContain('application/x-www-form-urlencoded');
			expect(request.body).toEqual({
				token: oldToken,
				client_id: suite.emulator.demo.clientId,
				client_secret: suite.emulator.demo.clientSecret,
			});
			expect(suite.emulator.tokenRequests).toBe(tokensBefore);

			// The service now refuses the old token.
			expect(await callWith(oldToken)).toBe(401);

			// The process forgot it too: a run on a copy of the credential without a stored token never sends it again.
			suite.emulator.clearRequests();
			const other = new Harness(suite.emulator);
			other.setCredentials(emulatorCredentials(suite.emulator, grant));
			expect((await other.run({ parameters: listWebhooks })).error).toBeUndefined();
			expect(
				suite.emulator.requestsTo('GET', '/api/v1/webhooks').map((r) => r.headers.authorization),
			).toEqual([`Bearer ${other.credentials().accessToken}`]);
			expect(other.credentials().accessToken).not.toBe(oldToken);
			const tokensAfterOther = suite.emulator.tokenRequests;
			expect(tokensAfterOther).toBe(tokensBefore + 1);

			// A later run renews the token once and succeeds.
			suite.emulator.clearRequests();
			const next = await harness.run({ parameters: listWebhooks });
			expect(next.error).toBeUndefined();
			expect(suite.emulator.tokenRequests).toBe(tokensAfterOther);
			const newToken = harness.credentials().accessToken as string;
			expect(newToken).not.toBe(oldToken);
			const apiCalls = suite.emulator.requestsTo('GET', '/api/v1/webhooks');
			expect(apiCalls[apiCalls.length - 1].headers.authorization).toBe(`Bearer ${newToken}`);
			expect(await callWith(newToken)).toBe(200);
		});

		it('revokes the token this process holds when n8n has not stored one for the credential', async () => {
			expect((await harness.run({ parameters: listWebhooks })).error).toBeUndefined();
			const cachedToken = harness.credentials().accessToken as string;

			const fresh = new Harness(suite.emulator);
			fresh.setCredentials(emulatorCredentials(suite.emulator, grant));
			suite.emulator.clearRequests();
			const result = await fresh.run({ parameters: revoke });
			expect(result.error).toBeUndefined();
			expect(suite.emulator.requestsTo('POST', '/auth/connect/revocation')[0].body).toMatchObject({
				token: cachedToken,
			});
			expect(await callWith(cachedToken)).toBe(401);
		});
	},
);

describe('Access token resource: revoke, failures', () => {
	it('refuses to run when the credential has never fetched a token', async () => {
		const unused = suite.emulator.addAccount();
		const harness = new Harness(suite.emulator);
		harness.setCredentials(emulatorCredentials(suite.emulator, 'integration', { ...unused }));
		const result = await harness.run({ parameters: revoke });
		expect(result.error?.message).toBe('The credential holds no access token to revoke');
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('names the missing Authorization Server URL of an integration credential', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				authUrl: '',
				accessToken: 'stored-token',
			}),
		);
		const result = await harness.run({ parameters: revoke });
		expect(result.error?.message).toMatch(
			/Authorization Server URL must be an http:\/\/ or https:\/\/ address/,
		);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports a refused client without renewing the token and retrying', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				clientSecret: 'wrong',
				accessToken: 'stored-token',
			}),
		);
		const tokensBefore = suite.emulator.tokenRequests;
		const result = await harness.run({ parameters: revoke });
		expect(result.error?.message).toBe(
			'The authorization server refused to revoke the token: invalid_client (HTTP 401)',
		);
		expect(result.error?.description).toContain('Check Client ID and Client Secret');
		expect(JSON.stringify(result.error)).not.toContain('stored-token');
		expect(suite.emulator.requests.map((request) => request.path)).toEqual([
			'/auth/connect/revocation',
		]);
		expect(suite.emulator.tokenRequests).toBe(tokensBefore);
	});

	it('continues on fail with an error item paired with its input', async () => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				clientSecret: 'wrong',
				accessToken: 'stored-token',
			}),
		);
		const result = await harness.run({
			parameters: revoke,
			items: [{ json: { a: 1 } }, { json: { a: 2 } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.pairedItem, item.json.error])).toEqual([
			[
				{ item: 0 },
				'The authorization server refused to revoke the token: invalid_client (HTTP 401)',
			],
			[
				{ item: 1 },
				'The authorization server refused to revoke the token: invalid_client (HTTP 401)',
			],
		]);
	});
});
