/**
 * Scenario 4: the token lifecycle in a real n8n. Our credential's preAuthentication stores the token in
 * n8n's credential (encrypted in n8n's DB); later executions re-use it; after the emulator expires all
 * tokens, the next execution gets a 401, n8n renews the token once and the call succeeds.
 */
import { assertSuccess, nodeOutput } from './n8n';
import { NODE_TYPE, type Stack, startStack } from './stack';
import { chain, ESIG_CREDENTIAL, manualTrigger } from './workflow-builder';
import { testUnlessN8n1 } from './n8n-line';

jest.setTimeout(300_000);

describe('scenario 4: token lifecycle', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
	});
	afterAll(async () => {
		await stack?.stop();
	});

	testUnlessN8n1('n8n 1.x: after the service refused the expired stored token the execution failed with 401 instead of renewing it')(
		'two executions share one token; after expiry the next execution renews it once and succeeds',
		async () => {
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

		// The emulator expires every token: the next execution is refused once, renews once, succeeds.
		emu.expireAllTokens();
		const ex3 = assertSuccess(await n8n.runWorkflow(wf.id));
		expect(ex3.status).toBe('success');
		expect(emu.tokenRequests - tokens0).toBe(2);
		expect(listCalls()).toHaveLength(4); // refused with the old token, retried with the new one
		expect(bearer(2)).toBe(firstToken);
		const renewed = bearer(3);
		expect(renewed).toMatch(/^Bearer \S+$/);
		expect(renewed).not.toBe(firstToken);

		// 4th execution: the renewed token was stored and is re-used.
		assertSuccess(await n8n.runWorkflow(wf.id));
		expect(emu.tokenRequests - tokens0).toBe(2);
		expect(listCalls()).toHaveLength(5);
		expect(bearer(4)).toBe(renewed);
	});
});
