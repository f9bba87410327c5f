/**
 * Scenario 6: n8n's own HTTP Request node using our credential as a predefined credential type,
 * to reach parts of the service that have no operation of ours. The token is obtained by our
 * credential's preAuthentication inside the real n8n and shared by both requests.
 */
import { assertSuccess, nodeOutput } from './n8n';
import { type Stack, startStack } from './stack';
import { chain, ESIG_CREDENTIAL, manualTrigger, type NodeSpec } from './workflow-builder';

jest.setTimeout(300_000);

/** HTTP Request node (v4.2) authenticated with our credential type. */
function httpRequest(name: string, method: string, url: string, extra: Record<string, unknown> = {}): NodeSpec {
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
				jsonBody: JSON.stringify({ referenceNumber: 'E2E-S6-1', files: { file: pdf, fileName: 'contract.pdf' } }),
			}),
			httpRequest('Envelope Status', 'GET', `=${emu.url}/api/v1/envelopes/{{ $json.data.envelopeId }}/status`),
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
		expect(emu.requestsTo('POST', '/api/v1/envelopes/initiate-base64')[0].headers.authorization).toBe(auth);
	});
});
