/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The service as the spec says and as the live sandbox answered (docs/service-api.md#spec-and-live-service), through
 * n8n-core's routing engine against the emulator in each profile: every point works either way, what worked is
 * remembered per credential (credentials/dialects.ts), and no refused form ever creates a second envelope.
 */
import { randomUUID } from 'node:crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { forgetAccessToken } from '../credentials/accessToken';
import { ESignatureApi } from '../credentials/ESignatureApi.credentials';
import type { DemoCredentials, Profile } from './emulator';
import { emulatorCredentials, emulatorSuite } from './harness';
import { preAuthenticationHelper } from './harness/credentials-helper';

const suite = emulatorSuite({ resetEach: 'reset', forgetTokens: true });

const TOKEN_PATH = '/Authentication/Authority/Token';
const BASE64_PATH = '/api/v1/envelopes/initiate-base64';

const basic = (id: string, secret: string) =>
	`Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
/** A new account per test: what a credential learnt is kept for its identity, and each test starts knowing nothing. */
let account: DemoCredentials;
const credentialsOf = (overrides: ICredentialDataDecryptedObject = {}) =>
	emulatorCredentials(suite.emulator, 'integration', { ...account, ...overrides });
const envelopesOfAccount = () => [
	...suite.emulator.state.account(account.accountId)!.envelopes.values(),
];

/** Runs the credential's test the way n8n's credential tester does: preAuthentication, then the test request. */
async function credentialTest(credentials: ICredentialDataDecryptedObject) {
	const type = new ESignatureApi();
	const token = await type.preAuthentication.call(preAuthenticationHelper, credentials);
	const response = await fetch(`${String(credentials.baseUrl)}${type.test.request.url}`, {
		headers: { Authorization: `Bearer ${token.accessToken}` },
	});
	const body = (await response.json()) as Record<string, unknown>;
	return response.ok && body.errorCode === 0
		? 'OK'
		: `HTTP ${response.status}, errorCode ${String(body.errorCode)}`;
}

/** The process forgets its tokens (as a new n8n process would not, its dialect memory kept): the next run fetches one. */
function forgetTokens() {
	forgetAccessToken(credentialsOf());
	suite.harness.setCredentials(credentialsOf());
}

describe.each<Profile>(['spec', 'live'])('against the %s profile', (profile) => {
	beforeEach(() => {
		suite.emulator.setProfile(profile);
		account = suite.emulator.addAccount();
		suite.harness.setCredentials(credentialsOf());
	});

	describe('1. Integration grant', () => {
		it('the credential test passes, and an operation gets its token', async () => {
			await expect(credentialTest(credentialsOf())).resolves.toBe('OK');
			forgetTokens();
			const result = await suite.harness.run({
				parameters: { resource: 'webhook', operation: 'getAll' },
			});
			expect(result.error).toBeUndefined();
		});

		it('tries the spec pair first, the account pair once when the client is refused, and remembers what worked', async () => {
			const result = await suite.harness.run({
				parameters: { resource: 'webhook', operation: 'getAll' },
				items: [{ json: {} }, { json: {} }, { json: {} }],
			});
			expect(result.error).toBeUndefined();
			const spec = basic(account.clientId, account.clientSecret);
			const live = basic(account.accountId, account.accountSecret);
			const first = suite.emulator
				.requestsTo('POST', TOKEN_PATH)
				.map((r) => r.headers.authorization);
			expect(first).toEqual(profile === 'spec' ? [spec] : [spec, live]);

			suite.emulator.clearRequests();
			forgetTokens();
			expect(
				(await suite.harness.run({ parameters: { resource: 'webhook', operation: 'getAll' } }))
					.error,
			).toBeUndefined();
			const later = suite.emulator
				.requestsTo('POST', TOKEN_PATH)
				.map((r) => r.headers.authorization);
			expect(later).toEqual(profile === 'spec' ? [spec] : [live]);
		});

		it('when both pairs are refused, tries each once and names both pairs, never a secret', async () => {
			const credentials = credentialsOf({
				clientSecret: 'wrong-client-secret-1',
				accountSecret: 'wrong-account-secret-2',
			});
			const error = (await credentialTest(credentials).catch((e: Error) => e)) as Error;
			expect(error).toBeInstanceOf(Error);
			expect(error.message).toMatch(
				/ \(HTTP 401, invalid_client: [^;]*\)\. Check Client ID and Client Secret, and Account ID and Account Secret: the service accepted neither pair\.$/,
			);
			expect(error.message).not.toMatch(/wrong-client-secret-1|wrong-account-secret-2/);
			expect(suite.emulator.requestsTo('POST', TOKEN_PATH)).toHaveLength(2);
		});
	});

	describe('2. Create From Base64', () => {
		it('creates one envelope per item with the whole file, the refused form creating nothing, and remembers the form', async () => {
			const items = [suite.pdfItem('a.pdf'), suite.pdfItem('b.pdf'), suite.pdfItem('c.pdf')];
			const result = await suite.harness.run({
				parameters: {
					resource: 'envelope',
					operation: 'createFromBase64',
					additionalFields: { fileId: '' },
				},
				items,
			});
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.envelopeId)).toEqual(
				envelopesOfAccount().map((e) => e.envelopeId),
			);
			expect(envelopesOfAccount()).toHaveLength(3);
			for (const envelope of envelopesOfAccount())
				expect(envelope.files[0].data.equals(suite.emulator.samplePdf)).toBe(true);
			const keys = suite.emulator
				.requestsTo('POST', BASE64_PATH)
				.map((r) => Object.keys(r.body as object).filter((k) => /^files?$/i.test(k))[0]);
			// Items go out together: each tries the spec's form before anything is learnt.
			expect(keys.sort()).toEqual(
				profile === 'spec'
					? ['files', 'files', 'files']
					: ['File', 'File', 'File', 'files', 'files', 'files'],
			);
			// An empty optional GUID is left out, never sent as "".
			for (const request of suite.emulator.requestsTo('POST', BASE64_PATH))
				expect(JSON.stringify(request.body)).not.toMatch(/fileId/);

			suite.emulator.clearRequests();
			expect(
				(
					await suite.harness.run({
						parameters: { resource: 'envelope', operation: 'createFromBase64' },
						items: [suite.pdfItem()],
					})
				).error,
			).toBeUndefined();
			const later = suite.emulator
				.requestsTo('POST', BASE64_PATH)
				.map((r) => Object.keys(r.body as object).find((k) => /^files?$/i.test(k)));
			expect(later).toEqual([profile === 'spec' ? 'files' : 'File']);
			expect(envelopesOfAccount()).toHaveLength(4);
		});

		it('a create refused by the service for another reason is not sent in the other form', async () => {
			const reference = `DUP-${randomUUID()}`;
			const parameters = {
				resource: 'envelope',
				operation: 'createFromBase64',
				additionalFields: { referenceNumber: reference },
			};
			expect(
				(await suite.harness.run({ parameters, items: [suite.pdfItem()] })).error,
			).toBeUndefined();
			suite.emulator.clearRequests();
			const again = await suite.harness.run({
				parameters,
				items: [suite.pdfItem()],
				continueOnFail: true,
			});
			expect(JSON.stringify(again.items[0].json)).toMatch(/227/);
			expect(suite.emulator.requestsTo('POST', BASE64_PATH)).toHaveLength(1);
			expect(envelopesOfAccount()).toHaveLength(1);
		});
	});

	describe('3. Identity Provider Signing', () => {
		it.each([
			['sign', 1, {}],
			[
				'signWithSigners',
				2,
				{
					signers: {
						signer: [
							{
								firstNameEnglish: 'Jane',
								familyNameEnglish: 'Doe',
								emailAddress: 'jane@example.com',
							},
						],
					},
				},
			],
		])('%s reaches the service and remembers its path', async (operation, version, extra) => {
			const requestId = randomUUID();
			suite.emulator.authenticateIdentity(requestId);
			const parameters = { resource: 'identitySigning', operation, requestId, ...extra };
			const result = await suite.harness.run({ parameters, items: [suite.pdfItem()] });
			expect(result.error).toBeUndefined();
			expect((await result.binary(0, 'data')).subarray(0, 5).toString()).toBe('%PDF-');
			const paths = suite.emulator.requests.filter((r) => /esign/.test(r.path)).map((r) => r.path);
			expect(paths).toEqual(
				profile === 'spec'
					? [`/api/v${version}/esign/idp/sign`]
					: [`/api/v${version}/esign/idp/sign`, `/api/v${version}/esign/nafath/sign`],
			);
			suite.emulator.clearRequests();
			expect(
				(await suite.harness.run({ parameters, items: [suite.pdfItem()] })).error,
			).toBeUndefined();
			expect(
				suite.emulator.requests.filter((r) => /esign/.test(r.path)).map((r) => r.path),
			).toEqual([`/api/v${version}/esign/${profile === 'spec' ? 'idp' : 'nafath'}/sign`]);
		});

		it('a 404 at both paths is told as such, not as an item that was not found', async () => {
			suite.emulator.failNext(
				2,
				404,
				{ data: null, errorCode: 404, message: 'NotFound' },
				/\/esign\/(idp|nafath)\/sign$/,
			);
			const result = await suite.harness.run({
				parameters: { resource: 'identitySigning', operation: 'sign', requestId: randomUUID() },
				items: [suite.pdfItem()],
			});
			expect(result.error?.message).toMatch(
				/no identity-provider signing at either address: \/api\/v1\/esign\/idp\/sign .* and \/api\/v1\/esign\/nafath\/sign/,
			);
			expect(result.error?.message).not.toMatch(/not found/i);
		});
	});

	describe('6. Get Status', () => {
		it("outputs the spec's names and keeps what only the live shape has", async () => {
			const created = await suite.harness.run({
				parameters: {
					resource: 'envelope',
					operation: 'createAndInvite',
					destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
				},
				items: [suite.pdfItem()],
			});
			expect(created.error).toBeUndefined();
			const { envelopeId, documentId } = created.items[0].json as {
				envelopeId: string;
				documentId: string;
			};
			await suite.emulator.sign(envelopeId, 'jane@example.com');
			const result = await suite.harness.run({
				parameters: { resource: 'envelope', operation: 'getStatus', envelopeId },
			});
			expect(result.error).toBeUndefined();
			const { json } = result.items[0];
			expect(json).toMatchObject({ envelopeId, status: 'Completed' });
			const jane = (json.signers as Array<Record<string, unknown>>).find(
				(s) => s.email === 'jane@example.com',
			);
			expect(jane).toMatchObject({
				name: 'Jane',
				email: 'jane@example.com',
				status: 'Signed',
				signedAt: expect.any(String),
			});
			if (profile === 'live') {
				expect(json.documents).toEqual([{ documentId, isSigned: true }]);
				expect(jane).toMatchObject({ signOrder: 1, id: expect.any(String) });
				// The account itself, listed as an already-signed signer (README, Get Status).
				expect(json.signers).toContainEqual(
					expect.objectContaining({
						email: account.username,
						status: 'Signed',
						signOrder: 0,
					}),
				);
				expect(json).not.toHaveProperty('signatories');
				expect(json).not.toHaveProperty('id');
			} else {
				expect(Object.keys(json).sort()).toEqual(['createdAt', 'envelopeId', 'signers', 'status']);
			}
		});
	});
});
