/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Scenario 6: n8n's own HTTP Request node using our credential as a predefined credential type,
 * to reach parts of the service that have no operation of ours. The token is obtained by our
 * credential's preAuthentication inside the real n8n and shared by both requests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { assertSuccess, executionError, nodeOutput } from './n8n';
import { emulatorCredentialData, type Stack, startStack } from './stack';
import { chain, ESIG_CREDENTIAL, manualTrigger, type NodeSpec } from './workflow-builder';

jest.setTimeout(300_000);

/** HTTP Request node (v4.2) authenticated with our credential type. */
function httpRequest(
	name: string,
	method: string,
	url: string,
	extra: Record<string, unknown> = {},
): NodeSpec {
	return {
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method,
			url,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: 'eSignatureApi',
			options: {},
			...extra,
		},
		credentials: ESIG_CREDENTIAL,
	};
}

describe('scenario 6: HTTP Request node with the eSignatureApi credential', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
	});
	afterAll(async () => {
		await stack?.stop();
	});

	test('creates an envelope and reads its status with the token our credential obtained', async () => {
		const emu = stack.emulator;
		const pdf = emu.samplePdf.toString('base64');
		const wf = chain('Scenario 6 http request', [
			manualTrigger(),
			httpRequest('Create Envelope', 'POST', `${emu.url}/api/v1/envelopes/initiate-base64`, {
				sendBody: true,
				specifyBody: 'json',
				jsonBody: JSON.stringify({
					referenceNumber: 'E2E-S6-1',
					files: { file: pdf, fileName: 'contract.pdf' },
				}),
			}),
			httpRequest(
				'Envelope Status',
				'GET',
				`=${emu.url}/api/v1/envelopes/{{ $json.data.envelopeId }}/status`,
			),
		]);
		const { n8n } = stack;
		await stack.addWorkflow(wf);

		emu.clearRequests();
		const tokensBefore = emu.tokenRequests;
		const ex = assertSuccess(await n8n.runWorkflow(wf.id));

		const created = nodeOutput(ex, 'Create Envelope')[0].json;
		expect(created.errorCode).toBe(0);
		const envelopeId: string = created.data.envelopeId;
		expect(envelopeId).toMatch(/^[0-9a-f-]{36}$/i);

		const status = nodeOutput(ex, 'Envelope Status')[0].json;
		expect(status.errorCode).toBe(0);
		expect(status.data.envelopeId).toBe(envelopeId);
		expect(emu.envelope(envelopeId)?.referenceNumber).toBe('E2E-S6-1');

		// What the emulator received: one token request, then both calls with that token.
		expect(emu.tokenRequests - tokensBefore).toBe(1);
		const tokenCalls = emu.requestsTo('POST', '/Authentication/Authority/Token');
		expect(tokenCalls).toHaveLength(1);
		const statusCalls = emu.requestsTo('GET', `/api/v1/envelopes/${envelopeId}/status`);
		expect(statusCalls).toHaveLength(1);
		const auth = statusCalls[0].headers.authorization;
		expect(auth).toMatch(/^Bearer \S+$/);
		const token = auth.slice('Bearer '.length);
		expect(emu.state.tokens.get(token)?.accountId).toBe(emu.demo.accountId);
		expect(
			emu.requestsTo('POST', '/api/v1/envelopes/initiate-base64')[0].headers.authorization,
		).toBe(auth);
	});

	test('the editor offers the credential under Predefined Credential Type: what /types/credentials.json says', async () => {
		const res = await stack.n8n.fetch('/types/credentials.json', {
			headers: { cookie: stack.n8n.cookie, 'browser-id': 'esig-e2e' },
		});
		const types = (await res.json()) as Array<Record<string, unknown>>;
		const ours = types.find((type) => type.name === 'eSignatureApi');
		expect(ours).toBeDefined();
		// The editor's filter for the HTTP Request node's list ('has:authenticate'): the key must be there, the type
		// neither hidden nor restricted to other nodes.
		expect(ours!.authenticate).toBeDefined();
		expect(ours!.hidden).toBeFalsy();
		expect(ours!.genericAuth).toBeFalsy();
		expect(ours!.restrictToSupportedNodes).toBeFalsy();
	});

	test('a request to another host through the credential fails with a clear error, and that host gets no token', async () => {
		const received: Array<Record<string, unknown>> = [];
		const other = createServer((req, res) => {
			received.push(req.headers);
			res.end('{}');
		});
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/collect`;
		try {
			const wf = chain('Scenario 6 other host', [
				manualTrigger(),
				httpRequest('Elsewhere', 'GET', url),
			]);
			await stack.addWorkflow(wf);
			const ex = await stack.n8n.runWorkflow(wf.id);

			expect(executionError(ex)).toMatch(
				/signs only requests to .* not to http:\/\/127\.0\.0\.1:\d+/,
			);
			expect(received.every((headers) => headers.authorization === undefined)).toBe(true);
		} finally {
			await new Promise<void>((resolve) => other.close(() => resolve()));
		}
	});

	test("a redirect from the service's host takes no token to another origin (docs/security.md#the-credential-and-redirects)", async () => {
		// An attacker's server, and the service's host played by a redirector that sends every request there.
		const stolen: Array<Record<string, unknown>> = [];
		const attacker = createServer((req, res) => {
			stolen.push(req.headers);
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"stolen":true}');
		});
		await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
		const attackerPort = (attacker.address() as AddressInfo).port;
		let target = '127.0.0.1';
		const redirector = createServer((req, res) => {
			res.writeHead(302, { Location: `http://${target}:${attackerPort}${req.url ?? '/'}` }).end();
		});
		await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
		const redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
		// The stack's credential, for this test only: Client Credentials (the token from the emulator's authorization
		// server), its Base URL the redirector.
		const { credential, n8n } = stack;
		const emulatorData = emulatorCredentialData(stack.emulator);
		const patch = async (data: Record<string, string>) =>
			await n8n.rest('PATCH', `/credentials/${credential.id}`, {
				name: credential.name,
				type: 'eSignatureApi',
				data,
			});
		try {
			await patch({ ...emulatorData, grantType: 'clientCredentials', baseUrl: redirectorUrl });
			const wf = chain('Scenario 6 redirect', [
				manualTrigger(),
				httpRequest('Redirected', 'GET', `${redirectorUrl}/api/v1/webhooks`),
			]);
			await stack.addWorkflow(wf);
			const tokensBefore = stack.emulator.tokenRequests;

			// To another port of the same host: followed, without Authorization.
			const followed = assertSuccess(await n8n.runWorkflow(wf.id));
			expect(nodeOutput(followed, 'Redirected')[0].json).toEqual({ stolen: true });
			expect(stack.emulator.tokenRequests).toBeGreaterThan(tokensBefore);
			expect(stolen).toHaveLength(1);
			expect(stolen[0].authorization).toBeUndefined();

			// To another host: refused, nothing reaches it.
			target = 'localhost';
			const refused = await n8n.runWorkflow(wf.id);
			expect(executionError(refused)).toBeTruthy();
			expect(stolen).toHaveLength(1);
		} finally {
			await patch(emulatorData);
			await new Promise<void>((resolve) => attacker.close(() => resolve()));
			await new Promise<void>((resolve) => redirector.close(() => resolve()));
		}
	});
});
