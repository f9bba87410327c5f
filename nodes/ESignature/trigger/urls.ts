/**
 * Recognising the E-Signature Trigger's own webhooks among an account's webhooks. n8n gives a trigger the URL
 * `<n8n base>/webhook/<trigger webhook ID>/webhook` (the last segment is the trigger's webhook path), and while the
 * editor listens for a test event `<n8n base>/webhook-test/<trigger webhook ID>/webhook`. The ID is the one the
 * trigger's panel shows in its webhook URLs.
 */

export interface TriggerUrl {
	/** A "Listen for test event" registration: removed when listening ends. */
	test: boolean;
	/** The trigger's webhook ID in n8n (the UUID in its URL). */
	triggerId: string;
	/** Where that n8n is: the URL up to /webhook or /webhook-test. */
	base: string;
}

const TRIGGER_PATH = /^(.*)\/(webhook|webhook-test)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/webhook\/?$/i;

export function triggerUrlOf(webhookUrl: unknown): TriggerUrl | undefined {
	if (typeof webhookUrl !== 'string') return undefined;
	let url: URL;
	try {
		url = new URL(webhookUrl.trim());
	} catch {
		return undefined;
	}
	const match = TRIGGER_PATH.exec(url.pathname);
	if (!match) return undefined;
	return { test: match[2].toLowerCase() === 'webhook-test', triggerId: match[3].toLowerCase(), base: `${url.origin}${match[1]}` };
}

/**
 * The workflow of each webhook an E-Signature Trigger registered in this n8n process, by the service's webhook ID: the
 * service keeps only a URL, so this is where the Webhook picker learns a trigger's workflow (n8n runs a trigger's
 * webhook methods, and the pickers, in its main process). Lost at a restart until the trigger is activated again.
 */
const triggerWorkflows = new Map<string, string>();
const MAX_REMEMBERED_TRIGGERS = 1000;

export function rememberTriggerWorkflow(webhookId: string | undefined, workflowName: string | undefined): void {
	if (!webhookId || !workflowName) return;
	triggerWorkflows.delete(webhookId);
	if (triggerWorkflows.size >= MAX_REMEMBERED_TRIGGERS) triggerWorkflows.delete(triggerWorkflows.keys().next().value!);
	triggerWorkflows.set(webhookId, workflowName);
}

export function forgetTriggerWorkflow(webhookId: string | undefined): void {
	if (webhookId) triggerWorkflows.delete(webhookId);
}

export function triggerWorkflowOf(webhookId: unknown): string | undefined {
	return typeof webhookId === 'string' ? triggerWorkflows.get(webhookId) : undefined;
}
