import type { IDataObject } from 'n8n-workflow';

/*
 * The URLs n8n gives the webhooks this package registers at the service: read back to tell which of an account's
 * webhooks belong to an E-Signature Trigger or to a waiting Send and Wait. n8n gives a trigger the URL
 * `<n8n base>/webhook/<trigger webhook ID>/webhook` (the last segment is its webhook path), or `/webhook-test/` while
 * the editor listens for a test event; the ID is the one the trigger's panel shows in its webhook URLs.
 */

interface TriggerUrl {
	/** A "Listen for test event" registration: removed when listening ends. */
	test: boolean;
	/** The trigger's webhook ID in n8n (the UUID in its URL). */
	triggerId: string;
	/** Where that n8n is: the URL up to /webhook or /webhook-test. */
	base: string;
}

const TRIGGER_PATH =
	/^(.*)\/(webhook|webhook-test)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/webhook\/?$/i;

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
	return {
		test: match[2].toLowerCase() === 'webhook-test',
		triggerId: match[3].toLowerCase(),
		base: `${url.origin}${match[1]}`,
	};
}

/**
 * The workflow of each webhook an E-Signature Trigger registered in this n8n process, by the service's webhook ID: the
 * service keeps only a URL, so this is where the Webhook picker learns a trigger's workflow (n8n runs a trigger's
 * webhook methods, and the pickers, in its main process). Lost at a restart until the trigger is activated again.
 */
const triggerWorkflows = new Map<string, string>();
const MAX_REMEMBERED_TRIGGERS = 1000;

export function rememberTriggerWorkflow(
	webhookId: string | undefined,
	workflowName: string | undefined,
): void {
	if (!webhookId || !workflowName) return;
	triggerWorkflows.delete(webhookId);
	if (triggerWorkflows.size >= MAX_REMEMBERED_TRIGGERS)
		triggerWorkflows.delete(triggerWorkflows.keys().next().value!);
	triggerWorkflows.set(webhookId, workflowName);
}

export function forgetTriggerWorkflow(webhookId: string | undefined): void {
	if (webhookId) triggerWorkflows.delete(webhookId);
}

export function triggerWorkflowOf(webhookId: unknown): string | undefined {
	return typeof webhookId === 'string' ? triggerWorkflows.get(webhookId) : undefined;
}

/**
 * The picker's value for a trigger of this n8n with no webhook at the service (methods/listSearch.ts):
 * `unregistered-trigger:<workflow ID>:<workflow name>`, the name carried so that the create's refusal can say it.
 */
export const UNREGISTERED_TRIGGER = 'unregistered-trigger:';
/** n8n's workflow names have at most 128 characters; its IDs are short and alphanumeric. */
const UNREGISTERED_VALUE = /^([A-Za-z0-9_-]{1,64})(?::(\P{Cc}{1,128}))?$/u;

export function unregisteredTriggerValue(workflowId: string, workflow: string): string {
	return `${UNREGISTERED_TRIGGER}${workflowId}:${workflow.slice(0, 128)}`;
}

/** What a picked value names, read as user input (anyone may write a value): undefined unless it is of that form. */
export function unregisteredTriggerOf(
	value: string,
): { workflowId: string; workflow?: string } | undefined {
	if (!value.startsWith(UNREGISTERED_TRIGGER)) return undefined;
	const match = UNREGISTERED_VALUE.exec(value.slice(UNREGISTERED_TRIGGER.length));
	return match ? { workflowId: match[1], workflow: match[2]?.trim() || undefined } : undefined;
}

/** Query parameters this package adds to the resume URL (n8n's own is `signature`, the resume token). */
export const RESUME_QUERY = {
	/**
	 * HMAC-SHA256 (hex), keyed by a key derived from all the credential's secrets (resumeKey), of the webhook's header
	 * token, the execution's ID and the other query parameters below. The token itself is never written into a URL,
	 * and without the key nobody can make a URL and token that pass: not even where n8n adds no resume token (n8n 1.x).
	 */
	check: 'check',
	/** When n8n stops waiting (ISO): a callback after it is refused, a later Send and Wait removes the webhook. */
	until: 'until',
	webhookId: 'webhookId',
	envelopeId: 'envelopeId',
	/** Comma-separated, in the order the documents were given. */
	documentIds: 'documentIds',
	/** The ID of the node that waits: a second Send and Wait of the execution does not take the first one's callback. */
	node: 'node',
	/** Random per send: no two sends sign the same text, even with equal IDs. */
	nonce: 'nonce',
} as const;

/** The query of a URL as one record (the last value of a name wins), or nothing when it is no URL. */
export function queryOf(url: unknown): Record<string, string> | undefined {
	if (typeof url !== 'string') return undefined;
	try {
		return Object.fromEntries(new URL(url).searchParams);
	} catch {
		return undefined;
	}
}

/**
 * What a webhook made by Send and Wait tells about the execution waiting on it, read off its URL
 * (`<waiting base>/<executionId>?…envelopeId=…`), for Webhook → Get Many; undefined for any other webhook.
 */
export function waitingExecutionOf(webhookUrl: unknown): IDataObject | undefined {
	const query = queryOf(webhookUrl);
	if (
		!query ||
		!/^[0-9a-f]{64}$/.test(query[RESUME_QUERY.check] ?? '') ||
		!query[RESUME_QUERY.envelopeId]
	)
		return undefined;
	const executionId = new URL(String(webhookUrl)).pathname.split('/').filter(Boolean).pop() ?? null;
	return {
		executionId,
		envelopeId: query[RESUME_QUERY.envelopeId],
		documentIds: (query[RESUME_QUERY.documentIds] ?? '').split(',').filter(Boolean),
		waitingUntil: query[RESUME_QUERY.until] ?? null,
	};
}
