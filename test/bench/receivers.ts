/**
 * The callback receivers the real-n8n figures compare (figures 4 and 5): our trigger, active and registered at the
 * emulator, and n8n's Webhook node with header auth. Each comes with the URL and the token a callback needs.
 */
import { randomUUID } from 'node:crypto';

import { sleep, type WorkflowJson } from '../e2e/n8n';
import { type Stack, TRIGGER_TYPE } from '../e2e/stack';
import { chain, ESIG_CREDENTIAL } from '../e2e/workflow-builder';

export interface Receiver {
	workflow: WorkflowJson;
	url: string;
	/** The Authorization header a valid callback carries. */
	token: string;
}

const done = { name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} };

/** An active E-Signature Trigger workflow, once n8n has registered its webhook at the emulator. */
export async function activeTrigger(stack: Stack, name: string, options: Record<string, unknown> = {}, typeVersion = 1.1): Promise<Receiver> {
	const { emulator, n8n } = stack;
	const path = randomUUID();
	const workflow = await stack.addWorkflow(
		chain(name, [
			{ name: 'On Signing Event', type: TRIGGER_TYPE, typeVersion, webhookId: path, parameters: { events: ['*'], options }, credentials: ESIG_CREDENTIAL },
			done,
		]),
		{ activate: true },
	);
	const url = `${n8n.url}/webhook/${path}/webhook`;
	// n8n registers the trigger's webhook at the service right after activating it.
	const deadline = Date.now() + 30_000;
	while (!emulator.webhooks().some((hook) => hook.webhookUrl === url) && Date.now() < deadline) await sleep(200);
	const registered = emulator.webhooks().find((hook) => hook.webhookUrl === url);
	if (!registered) throw new Error(`${name}: no webhook registered at the emulator\n${n8n.log().slice(-3000)}`);
	return { workflow, url, token: registered.headerToken as string };
}

/** An active workflow of n8n's Webhook node, with header auth by a credential of its own. */
export async function headerAuthWebhook(stack: Stack, name: string): Promise<Receiver> {
	const { n8n } = stack;
	const token = `bench-${randomUUID()}`;
	const credentialName = `${name} header auth`;
	const credential = await n8n.rest('POST', '/credentials', { name: credentialName, type: 'httpHeaderAuth', data: { name: 'Authorization', value: token } });
	const path = `bench-${randomUUID()}`;
	const workflow = await stack.addWorkflow(
		chain(name, [
			{
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path, authentication: 'headerAuth', options: {} },
				credentials: { httpHeaderAuth: { id: credential.id, name: credentialName } },
			},
			done,
		]),
		{ activate: true },
	);
	return { workflow, url: `${n8n.url}/webhook/${path}`, token };
}
