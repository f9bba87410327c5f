/**
 * E-Signature Send and Wait with the links delivered by the workflow's own node: one node set to Send and Output
 * Signing Links, then (after the user's delivery node) one set to Wait for Signature, in the same execution. In
 * process, each step through n8n-core's WorkflowExecute with the execution's ID shared, as n8n runs them in one
 * execution; the resume through the node's webhook() with the callback the emulator really sent. The whole flow in a
 * real n8n: test/e2e/send-and-wait.e2e.test.ts and example 06 in test/e2e/examples.e2e.test.ts.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { emulatorSuite, type InputItem } from './harness';

const suite = emulatorSuite();
const nodeType = new ESignatureSendAndWait();
let executionNumber = 0;

const SEND_LINKS: INodeParameters = {
	operation: 'sendAndOutputLinks',
	inputDataFieldName: 'data',
	destinationsInput: 'fields',
	destinations: {
		destination: [
			{ name: 'Alice Signer', email: 'alice@example.com', signOrder: 1 },
			{ name: 'Bob Signer', email: 'bob@example.com', signOrder: 2 },
		],
	},
};
const WAIT: INodeParameters = { operation: 'waitForSignature' };

/** Both steps in one execution: the links, then (what the delivery node output) the wait. */
async function sendThenWait(
	wait: INodeParameters = WAIT,
	delivered: InputItem[] = [{ json: { messageId: 'm-1' } }, { json: { messageId: 'm-2' } }],
) {
	const executionId = `links-${++executionNumber}`;
	const sending = await suite.harness.run({
		parameters: SEND_LINKS,
		items: [suite.pdfItem()],
		nodeType,
		executionId,
	});
	expect(sending.error).toBeUndefined();
	const sent = sending.items[0].json as IDataObject & {
		envelopeId: string;
		documentIds: string[];
		webhookId: string;
		invitations: IDataObject[];
	};
	const waiting = await suite.harness.run({
		parameters: wait,
		items: delivered,
		nodeType,
		executionId,
	});
	return { executionId, sending, sent, waiting };
}

/** The callback the emulator sent to the waiting execution, as n8n would hand it to webhook(). */
function lastDelivery(envelopeId: string) {
	const delivery = [...suite.emulator.state.deliveries]
		.reverse()
		.find((d) => d.requestId === envelopeId);
	if (!delivery) throw new Error(`no delivery for ${envelopeId}`);
	const url = new URL(delivery.webhookUrl);
	// The waiting execution is the last part of the resume URL's path, as n8n reads it.
	return {
		headers: delivery.headers as IDataObject,
		query: Object.fromEntries(url.searchParams) as IDataObject,
		body: delivery.body,
		executionId: url.pathname.split('/').pop(),
	};
}

describe('E-Signature Send and Wait: links delivered by your own node', () => {
	it('Send and Output Signing Links outputs the links at once, notifies nobody and does not wait', async () => {
		const before = Date.now();
		const sending = await suite.harness.run({
			parameters: SEND_LINKS,
			items: [suite.pdfItem()],
			nodeType,
		});

		expect(sending.error).toBeUndefined();
		expect(sending.run.waitTill).toBeUndefined();
		const sent = sending.items[0].json as IDataObject & {
			envelopeId: string;
			invitations: IDataObject[];
		};
		expect(suite.emulator.requestsTo('POST', '/api/v3/invitations/send')).toHaveLength(0);
		expect(suite.emulator.requestsTo('POST', '/api/v2/invitations/send')).toHaveLength(1);
		expect(
			suite.emulator.notifications.filter((n) => n.envelopeId === sent.envelopeId),
		).toHaveLength(0);
		expect(sent.invitations.map((i) => [i.name, i.destination, i.signOrder])).toEqual([
			['Alice Signer', 'alice@example.com', 1],
			['Bob Signer', 'bob@example.com', 2],
		]);
		const links = sent.invitations.map((i) => i.signingLink);
		for (const link of links) expect(link).toMatch(/^https?:\/\//);
		expect(new Set(links).size).toBe(2);
		// The webhook waits for a Wait for Signature to start within a day; a later Send and Wait removes it otherwise.
		const webhook = suite.emulator.webhooks().find((w) => w.id === sent.webhookId)!;
		const until = Date.parse(new URL(webhook.webhookUrl).searchParams.get('until')!);
		expect(until).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
		expect(until).toBeLessThan(Date.now() + 24 * 3_600_000 + 1000);
		expect(sent.waitMustStartBy).toBe(new Date(until).toISOString());
	});

	it('Send and Output Signing Links refuses two input items before anything is sent, naming itself', async () => {
		const sending = await suite.harness.run({
			parameters: SEND_LINKS,
			items: [suite.pdfItem(), suite.pdfItem()],
			nodeType,
		});
		expect(sending.error?.message).toMatch(
			/^Send and Output Signing Links sends one envelope per execution, and the input has 2 items/,
		);
		expect(suite.apiRequests()).toEqual([]);
	});

	it('Wait for Signature finds the envelope at the service, sets its own time limit and waits, whatever items it gets', async () => {
		const before = Date.now();
		const { sent, waiting } = await sendThenWait({
			...WAIT,
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 3, resumeUnit: 'days' },
				},
			},
		});

		expect(waiting.error).toBeUndefined();
		const waitTill = waiting.run.waitTill!.getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 3 * 86_400_000);
		expect(waitTill).toBeLessThan(Date.now() + 3 * 86_400_000 + 1000);
		const url = new URL(suite.emulator.webhooks().find((w) => w.id === sent.webhookId)!.webhookUrl);
		expect(url.searchParams.get('until')).toBe(new Date(waitTill).toISOString());
		expect(url.searchParams.get('envelopeId')).toBe(sent.envelopeId);
		expect(url.searchParams.get('signature')).toBe(waiting.run.data.resumeToken);
		expect(waiting.items[0].json).toMatchObject({
			envelopeId: sent.envelopeId,
			documentIds: sent.documentIds,
			webhookId: sent.webhookId,
		});
	});

	it('resumes on the signed callback with the signed file, and removes the webhook', async () => {
		const { sent, waiting } = await sendThenWait();
		expect(waiting.run.waitTill!.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		expect(
			new URL(
				suite.emulator.webhooks().find((w) => w.id === sent.webhookId)!.webhookUrl,
			).searchParams.has('until'),
		).toBe(false);

		await suite.emulator.sign(sent.envelopeId);
		const { result } = await suite.harness.resume(nodeType, WAIT, lastDelivery(sent.envelopeId));

		const [[item]] = result.workflowData!;
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId: sent.envelopeId,
			documentIds: sent.documentIds,
			webhookRemoved: true,
		});
		const envelope = suite.emulator.envelope(sent.envelopeId)!;
		expect(
			Buffer.from(item.binary!.file_0.data, 'base64').equals(
				suite.emulator.state.currentBytes(envelope, envelope.files[0]),
			),
		).toBe(true);
		expect(suite.emulator.webhooks().find((w) => w.id === sent.webhookId)).toBeUndefined();
	});

	it('a signature made before the wait began is delivered by Webhook → Resend Callback once the execution waits', async () => {
		const executionId = `links-${++executionNumber}`;
		const sending = await suite.harness.run({
			parameters: SEND_LINKS,
			items: [suite.pdfItem()],
			nodeType,
			executionId,
		});
		const sent = sending.items[0].json as { envelopeId: string };
		// Signed while the delivery node still ran: n8n would have answered 409, nothing resumed.
		await suite.emulator.sign(sent.envelopeId);
		const waiting = await suite.harness.run({
			parameters: WAIT,
			items: [{ json: {} }],
			nodeType,
			executionId,
		});
		expect(waiting.run.waitTill).toBeDefined();

		const resent = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'resend', requestId: sent.envelopeId },
		});
		expect(resent.error).toBeUndefined();
		const { result } = await suite.harness.resume(nodeType, WAIT, lastDelivery(sent.envelopeId));
		expect(result.workflowData![0][0].json).toMatchObject({
			event: 'completed',
			envelopeId: sent.envelopeId,
		});
	});

	it('while it waits, Webhook → Get Many names the waiting execution and its envelope', async () => {
		const { executionId, sent } = await sendThenWait();
		const listed = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll' },
		});
		const mine = listed.items.find((item) => item.json.id === sent.webhookId)!;
		expect(mine.json.waitingExecution).toEqual({
			executionId,
			envelopeId: sent.envelopeId,
			documentIds: sent.documentIds,
			waitingUntil: null,
		});
		expect(listed.items.filter((item) => item.json.waitingExecution).length).toBeGreaterThanOrEqual(
			1,
		);
	});

	it('answers a callback without the header token 401 and keeps waiting', async () => {
		const { sent } = await sendThenWait();
		await suite.emulator.sign(sent.envelopeId);
		const delivery = lastDelivery(sent.envelopeId);
		const { result, answer } = await suite.harness.resume(nodeType, WAIT, {
			...delivery,
			headers: { authorization: 'f'.repeat(64) },
		});
		expect(answer?.status).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});

	it('at its time limit outputs event "timedOut" with the IDs to follow up with', async () => {
		const { sent, waiting } = await sendThenWait({
			...WAIT,
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 5, resumeUnit: 'minutes' },
				},
			},
		});
		const resumed = await waiting.resumeAtTimeLimit();
		expect(resumed.items).toHaveLength(1);
		expect(resumed.items[0].json).toMatchObject({
			event: 'timedOut',
			envelopeId: sent.envelopeId,
			webhookId: sent.webhookId,
			webhookRemoved: false,
		});
	});

	it('refuses to wait when no envelope was sent in this execution, naming what to add', async () => {
		await sendThenWait(); // another execution's envelope is not this one's
		const waiting = await suite.harness.run({
			parameters: WAIT,
			items: [{ json: {} }],
			nodeType,
			executionId: `links-${++executionNumber}`,
		});
		expect(waiting.error?.message).toBe(
			'Wait for Signature found no envelope sent in this execution',
		);
		expect(waiting.error?.description).toMatch(/Send and Output Signing Links before this node/);
		expect(waiting.run.waitTill).toBeUndefined();
	});

	it("ignores a webhook on this execution's URL that this credential did not sign", async () => {
		const executionId = `links-${++executionNumber}`;
		const probe = await suite.harness.run({
			parameters: SEND_LINKS,
			items: [suite.pdfItem()],
			nodeType,
			executionId,
		});
		const sent = probe.items[0].json as { webhookId: string };
		const webhook = suite.emulator.webhooks().find((w) => w.id === sent.webhookId)!;
		const forged = new URL(webhook.webhookUrl);
		forged.searchParams.set('envelopeId', '00000000-0000-4000-8000-000000000001');
		webhook.webhookUrl = forged.toString();

		const waiting = await suite.harness.run({
			parameters: WAIT,
			items: [{ json: {} }],
			nodeType,
			executionId,
		});
		expect(waiting.error?.message).toBe(
			'Wait for Signature found no envelope sent in this execution',
		);
	});
});
