/**
 * Scenario 5: the trigger in a real n8n.
 * - a workflow published before `n8n start` registers exactly one webhook at the emulator when n8n starts;
 * - completing an envelope at the emulator leads to exactly one execution whose trigger output carries
 *   the signed file as binary;
 * - a forged callback is answered 401 and creates no execution;
 * - deactivating through n8n's public API deletes the webhook at the emulator.
 */
import { randomUUID } from 'node:crypto';

import { EmulatorClient } from './emulator-client';
import { assertSuccess, nodeOutput, sleep } from './n8n';
import { type Stack, startStack, TRIGGER_TYPE } from './stack';
import { chain, ESIG_CREDENTIAL } from './workflow-builder';

jest.setTimeout(300_000);

describe('scenario 5: E-Signature Trigger', () => {
	let stack: Stack;
	const webhookPathId = randomUUID();
	const wf = chain('Scenario 5 trigger', [
		{
			name: 'On Signing Event',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			webhookId: webhookPathId,
			parameters: { events: ['completed'], options: {} },
			credentials: ESIG_CREDENTIAL,
		},
		{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
	]);

	beforeAll(async () => {
		// Imported and published through the CLI before n8n starts: n8n's start-up activates it.
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL, importMode: 'cli', workflows: [wf], activate: [wf.id] });
	});
	afterAll(async () => {
		await stack?.stop();
	});

	const productionUrl = () => `${stack.n8n.url}/webhook/${webhookPathId}/webhook`;

	test('n8n start registers exactly one webhook at the emulator', async () => {
		const emu = stack.emulator;
		const deadline = Date.now() + 30_000;
		while (emu.webhooks().length === 0 && Date.now() < deadline) await sleep(200);
		await sleep(1000); // nothing else may arrive
		const hooks = emu.webhooks();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].webhookUrl).toBe(productionUrl());
		expect(hooks[0].headerToken).toBeTruthy();
		expect(emu.requestsTo('POST', '/api/v1/webhooks')).toHaveLength(1);
		expect(emu.requestsTo('DELETE', /^\/api\/v1\/webhooks\//)).toHaveLength(0);
	});

	test('completing an envelope leads to one execution with the signed file as binary', async () => {
		const emu = stack.emulator;
		const [hook] = emu.webhooks();
		const client = new EmulatorClient(emu);
		const { envelopeId, documentId } = await client.createEnvelope({ referenceNumber: 'E2E-S5-1', webhookId: hook.id });
		await client.inviteV3(documentId, [
			{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
			{ name: 'Bob Signer', email: 'bob@example.com', order: 2 },
		]);
		await emu.sign(envelopeId);

		const deliveries = emu.deliveries.filter((d) => d.requestId === envelopeId);
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0].webhookUrl).toBe(productionUrl());
		expect(deliveries[0].httpStatusCode).toBe(200);

		const [ex] = await stack.n8n.waitForExecutions(wf.id, 1, 30_000);
		assertSuccess(ex);
		await sleep(1000);
		expect(await stack.n8n.listExecutions({ workflowId: wf.id })).toHaveLength(1);

		const [item] = nodeOutput(ex, 'On Signing Event');
		expect(item.json.requestId).toBe(envelopeId);
		expect(item.json.statusName).toBe('completed');
		expect(item.json.referenceNumber).toBe('E2E-S5-1');
		expect(item.json.webhookId).toBe(hook.id);
		const binaries = Object.values(item.binary ?? {});
		expect(binaries).toHaveLength(1);
		expect(binaries[0].mimeType).toBe('application/pdf');

		const sent = Buffer.from((deliveries[0].body as { Files: Array<{ File: string }> }).Files[0].File, 'base64');
		const envelope = emu.envelope(envelopeId)!;
		expect(sent.equals(emu.state.currentBytes(envelope, envelope.files[0]))).toBe(true);
		expect(sent.equals(emu.samplePdf)).toBe(false); // it is the signed one
		const received = await stack.n8n.binaryContent(binaries[0]);
		expect(received.equals(sent)).toBe(true);
	});

	test('a forged callback is answered 401 and creates no execution', async () => {
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const payload = {
			RequestId: randomUUID(),
			Status: 1,
			Files: [],
			ReferencNumber: 'FORGED',
			Fields: [],
			Signatory: [],
		};
		const attempts: Array<Record<string, string>> = [{ authorization: 'not-the-token' }, {}];
		for (const headers of attempts) {
			const res = await fetch(productionUrl(), {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(payload),
			});
			await res.text();
			expect(res.status).toBe(401);
		}
		await sleep(1500);
		expect(await stack.n8n.listExecutions({ workflowId: wf.id })).toHaveLength(before);
	});

	test('deactivating through the public API deletes the webhook at the emulator', async () => {
		const emu = stack.emulator;
		const [hook] = emu.webhooks();
		await stack.n8n.deactivate(wf.id);
		// n8n answers the API call first and removes the trigger's webhook right after.
		const deadline = Date.now() + 10_000;
		while (emu.webhooks().length && Date.now() < deadline) await sleep(100);
		expect(emu.webhooks()).toHaveLength(0);
		expect(emu.requestsTo('DELETE', `/api/v1/webhooks/${hook.id}`)).toHaveLength(1);
	});
});
