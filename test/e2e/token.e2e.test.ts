/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Scenario 4: the token lifecycle in a real n8n. Our credential's preAuthentication stores the token in
 * n8n's credential (encrypted in n8n's DB); later executions re-use it; after the emulator expires all
 * tokens, the next execution gets a 401, n8n renews the token once and the call succeeds. A token refused in the
 * service's own form (HTTP 200, errorCode 401 or 3), which n8n does not renew by itself, is renewed by the node.
 * Last, the emulator answers as the live sandbox did (docs/service-api.md#spec-and-live-service): n8n's credential test
 * and a send-and-sign flow work, what the account wants is learnt once by the n8n process.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { assertSuccess, nodeOutput } from './n8n';
import { emulatorCredentialData, NODE_TYPE, type Stack, startStack } from './stack';
import { chain, ESIG_CREDENTIAL, esignatureNode, manualTrigger } from './workflow-builder';
import { ON_N8N1 } from './n8n-line';

jest.setTimeout(300_000);

describe('scenario 4: token lifecycle', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
	});
	afterAll(async () => {
		await stack?.stop();
	});

	test('two executions share one token; after expiry the next execution renews it once and succeeds', async () => {
		const emu = stack.emulator;
		const { n8n } = stack;
		const wf = await stack.addWorkflow(
			chain('Scenario 4 token lifecycle', [
				manualTrigger(),
				{
					name: 'List Webhooks',
					type: NODE_TYPE,
					typeVersion: 1,
					parameters: { resource: 'webhook', operation: 'getAll', returnAll: true },
					credentials: ESIG_CREDENTIAL,
				},
			]),
		);
		const listCalls = () => emu.requestsTo('GET', '/api/v1/webhooks');
		const bearer = (i: number) => listCalls()[i]?.headers.authorization;
		emu.clearRequests();
		const tokens0 = emu.tokenRequests;

		// 1st execution: obtains a token.
		const ex1 = assertSuccess(await n8n.runWorkflow(wf.id));
		expect(nodeOutput(ex1, 'List Webhooks')).toEqual([]); // no webhooks registered: no items
		expect(emu.tokenRequests - tokens0).toBe(1);
		expect(listCalls()).toHaveLength(1);
		const firstToken = bearer(0);
		expect(firstToken).toMatch(/^Bearer \S+$/);

		// 2nd execution: re-uses the stored token.
		assertSuccess(await n8n.runWorkflow(wf.id));
		expect(emu.tokenRequests - tokens0).toBe(1);
		expect(listCalls()).toHaveLength(2);
		expect(bearer(1)).toBe(firstToken);

		// The emulator expires every token: the next execution is refused once, renews once, succeeds. n8n 2.x renews on
		// the refusal itself; n8n 1.x hands the refusal back, and the node's read of the webhooks with the token left out
		// makes n8n fetch and store a new one (renewRefusedToken, docs/n8n-notes.md#n8n-1x) before the request is sent again.
		emu.expireAllTokens();
		const ex3 = assertSuccess(await n8n.runWorkflow(wf.id));
		expect(ex3.status).toBe('success');
		expect(emu.tokenRequests - tokens0).toBe(2);
		const renewed = bearer(listCalls().length - 1);
		expect(renewed).toMatch(/^Bearer \S+$/);
		expect(renewed).not.toBe(firstToken);
		const third = listCalls()
			.slice(2)
			.map((call) => call.headers.authorization);
		expect(third).toEqual(ON_N8N1 ? [firstToken, renewed, renewed] : [firstToken, renewed]);

		// 4th execution: the renewed token was stored and is re-used.
		const before = listCalls().length;
		assertSuccess(await n8n.runWorkflow(wf.id));
		expect(emu.tokenRequests - tokens0).toBe(2);
		expect(listCalls()).toHaveLength(before + 1);
		expect(bearer(before)).toBe(renewed);
	});

	test('a stored token refused with HTTP 200 and errorCode 3: the node renews it, n8n stores it, the upload is sent again whole', async () => {
		const emu = stack.emulator;
		const { n8n } = stack;
		const wf = await stack.addWorkflow(
			chain('Token refused with HTTP 200', [
				manualTrigger(),
				{
					name: 'Create From Base64',
					type: NODE_TYPE,
					typeVersion: 1,
					parameters: {
						resource: 'envelope',
						operation: 'createFromBase64',
						fileInput: 'base64',
						fileBase64: emu.samplePdf.toString('base64'),
						fileName: 'refused-once.pdf',
					},
					credentials: ESIG_CREDENTIAL,
				},
			]),
		);
		const uploads = () => emu.requestsTo('POST', '/api/v1/envelopes/initiate-base64');
		assertSuccess(await n8n.runWorkflow(wf.id));
		const stored = uploads().at(-1)!.headers.authorization;
		emu.refuseTokensAs({ httpStatus: 200, errorCode: 3 });
		try {
			emu.expireAllTokens();
			emu.clearRequests();
			const tokens0 = emu.tokenRequests;

			const ex = assertSuccess(await n8n.runWorkflow(wf.id));

			expect(nodeOutput(ex, 'Create From Base64')[0].json.envelopeId).toBeDefined();
			expect(emu.tokenRequests - tokens0).toBe(1);
			const [refused, resent] = uploads();
			expect(uploads()).toHaveLength(2);
			expect(refused.headers.authorization).toBe(stored);
			expect(resent.headers.authorization).not.toBe(stored);
			expect(resent.rawBody.equals(refused.rawBody)).toBe(true);

			// The next execution uses the token n8n stored: no token request, nothing refused.
			emu.clearRequests();
			assertSuccess(await n8n.runWorkflow(wf.id));
			expect(emu.tokenRequests - tokens0).toBe(1);
			expect(uploads().map((upload) => upload.headers.authorization)).toEqual([
				resent.headers.authorization,
			]);
		} finally {
			emu.refuseTokensAs({ httpStatus: 401, errorCode: 401 });
		}
	});

	test("an upload refused with an expired token is sent again whole: from n8n's store, read again (n8n 2.x), or from memory (1.x)", async () => {
		const emu = stack.emulator;
		// Read/Write Files from Disk may not touch ~/.n8n; a sibling folder is allowed.
		const filesDir = join(stack.userFolder, 'files');
		mkdirSync(filesDir, { recursive: true });
		const input = join(filesDir, 'token-upload.pdf');
		// Several chunks of n8n's file stream, random so that no lost or repeated chunk goes unnoticed.
		const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * 1024 * 1024)]);
		writeFileSync(input, pdf);
		const wf = await stack.addWorkflow(
			chain('Scenario 4 upload after token expiry', [
				manualTrigger(),
				{
					name: 'Read PDF',
					type: 'n8n-nodes-base.readWriteFile',
					typeVersion: 1.1,
					parameters: { operation: 'read', fileSelector: input, options: {} },
				},
				esignatureNode('Create Envelope', {
					resource: 'envelope',
					operation: 'create',
					inputDataFieldName: 'data',
				}),
			]),
		);
		emu.expireAllTokens();
		emu.clearRequests();

		const ex = assertSuccess(await stack.n8n.runWorkflow(wf.id));
		const { envelopeId } = nodeOutput(ex, 'Create Envelope')[0].json as { envelopeId: string };
		expect(emu.envelope(envelopeId)!.files[0].data.equals(pdf)).toBe(true);
		const uploads = emu.requestsTo('POST', '/api/v1/envelopes/initiate');
		// Refused once with the expired token, then sent whole with the renewed one.
		expect(uploads).toHaveLength(2);
		expect(uploads[1].headers.authorization).not.toBe(uploads[0].headers.authorization);
		expect(uploads[1].files[0].data.equals(pdf)).toBe(true);
	});

	test('on an account that answers as the live sandbox: the credential test passes, a document is sent and signed, what works is learnt once', async () => {
		const emu = stack.emulator;
		const { n8n } = stack;
		const esig = (
			name: string,
			parameters: Record<string, unknown>,
			extra: Record<string, unknown> = {},
		) => ({
			name,
			type: NODE_TYPE,
			typeVersion: 1,
			parameters,
			credentials: ESIG_CREDENTIAL,
			...extra,
		});
		const envelopeId = '={{ $("Create From Base64").first().json.envelopeId }}';
		const wf = await stack.addWorkflow(
			chain('Live sandbox send and sign', [
				manualTrigger(),
				esig('Create From Base64', {
					resource: 'envelope',
					operation: 'createFromBase64',
					fileInput: 'base64',
					fileBase64: emu.samplePdf.toString('base64'),
					fileName: 'live.pdf',
				}),
				esig('Invite Signer', {
					resource: 'invitation',
					operation: 'sendWithLinks',
					documentId: '={{ $json.documentId }}',
					destinationsInput: 'fields',
					destinations: {
						destination: [{ name: 'Alice Signer', email: 'alice@example.com', signOrder: 1 }],
					},
				}),
				{
					name: 'Emulator Signs',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					executeOnce: true,
					parameters: {
						method: 'POST',
						url: `=${emu.url}/_emulator/envelopes/{{ $("Create From Base64").first().json.envelopeId }}/sign`,
						options: {},
					},
				},
				esig(
					'Get Status',
					{ resource: 'envelope', operation: 'getStatus', envelopeId },
					{ executeOnce: true },
				),
			]),
		);
		emu.setProfile('live');
		try {
			// n8n holds a token from the spec's pair: expired, it must fetch one, and the live account refuses that pair.
			emu.expireAllTokens();
			emu.clearRequests();
			const tested = await n8n.rest('POST', '/credentials/test', {
				credentials: {
					id: stack.credential.id,
					name: stack.credential.name,
					type: 'eSignatureApi',
					data: emulatorCredentialData(emu),
				},
			});
			expect(tested).toMatchObject({ status: 'OK' });
			const { demo } = emu;
			const basics = () =>
				emu
					.requestsTo('POST', '/Authentication/Authority/Token')
					.map((r) => r.headers.authorization);
			const accountPair = `Basic ${Buffer.from(`${demo.accountId}:${demo.accountSecret}`).toString('base64')}`;
			const clientPair = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`;
			expect(basics()).toEqual([clientPair, accountPair]);

			emu.expireAllTokens();
			emu.clearRequests();
			const envelopesAtStart = emu.state.account(demo.accountId)!.envelopes.size;
			const ex = assertSuccess(await n8n.runWorkflow(wf.id));
			expect(emu.state.account(demo.accountId)!.envelopes.size).toBe(envelopesAtStart + 1);
			// The pair was learnt by the credential test: the token request goes out once, with the account pair.
			expect(basics()).toEqual([accountPair]);
			const created = nodeOutput(ex, 'Create From Base64')[0].json as { envelopeId: string };
			const keys = emu
				.requestsTo('POST', '/api/v1/envelopes/initiate-base64')
				.map((r) => Object.keys(r.body as object).find((k) => /^files?$/i.test(k)));
			// `files` with the expired token (refused, renewed), `files` again (error 8), then `File` once: one envelope.
			expect(keys).toEqual(['files', 'files', 'File']);
			expect(emu.state.account(demo.accountId)!.envelopes.has(created.envelopeId)).toBe(true);
			const status = nodeOutput(ex, 'Get Status')[0].json as {
				envelopeId: string;
				status: string;
				signers: Array<Record<string, unknown>>;
			};
			expect(status).toMatchObject({ envelopeId: created.envelopeId, status: 'Completed' });
			expect(status.signers).toContainEqual(
				expect.objectContaining({
					name: 'Alice Signer',
					email: 'alice@example.com',
					status: 'Signed',
				}),
			);

			// Learnt once: the next run sends the live form at once.
			emu.clearRequests();
			const envelopesBefore = emu.state.account(demo.accountId)!.envelopes.size;
			assertSuccess(await n8n.runWorkflow(wf.id));
			expect(
				emu
					.requestsTo('POST', '/api/v1/envelopes/initiate-base64')
					.map((r) => Object.keys(r.body as object).find((k) => /^files?$/i.test(k))),
			).toEqual(['File']);
			expect(basics()).toEqual([]);
			expect(emu.state.account(demo.accountId)!.envelopes.size).toBe(envelopesBefore + 1);
		} finally {
			emu.setProfile('spec');
		}
	});
});
