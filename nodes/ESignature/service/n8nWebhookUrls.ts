// The service keeps only a URL: these read back which webhooks are a trigger's or a waiting Send and Wait's.

// `<n8n>/webhook/<trigger's webhook ID>/webhook`, or `/webhook-test/` while the editor listens for a test event.
const TRIGGER_PATH =
	/^(.*)\/(webhook|webhook-test)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/webhook\/?$/i;

function urlOf(value: unknown) {
	try {
		return typeof value === 'string' ? new URL(value) : undefined;
	} catch {
		return undefined;
	}
}

export function triggerUrlOf(webhookUrl: unknown) {
	const url = urlOf(typeof webhookUrl === 'string' ? webhookUrl.trim() : undefined);
	const match = url && TRIGGER_PATH.exec(url.pathname);
	if (!match) return undefined;
	return {
		test: match[2].toLowerCase() === 'webhook-test',
		triggerId: match[3].toLowerCase(),
		base: `${url.origin}${match[1]}`,
	};
}

// The Webhook picker learns a trigger's workflow here (both run in n8n's main process); a restart forgets it.
const triggerWorkflows = new Map<string, string>();
const MAX_REMEMBERED_TRIGGERS = 1000;

export function rememberTriggerWorkflow(
	webhookId: string | undefined,
	workflowName: string | undefined,
) {
	if (!webhookId || !workflowName) return;
	triggerWorkflows.delete(webhookId);
	if (triggerWorkflows.size >= MAX_REMEMBERED_TRIGGERS)
		triggerWorkflows.delete(triggerWorkflows.keys().next().value!);
	triggerWorkflows.set(webhookId, workflowName);
}

export function forgetTriggerWorkflow(webhookId: string | undefined) {
	if (webhookId) triggerWorkflows.delete(webhookId);
}

export function triggerWorkflowOf(webhookId: unknown) {
	return typeof webhookId === 'string' ? triggerWorkflows.get(webhookId) : undefined;
}

// `unregistered-trigger:<workflow ID>:<workflow name>`: a trigger with no webhook yet, named in the create's refusal.
export const UNREGISTERED_TRIGGER = 'unregistered-trigger:';
const UNREGISTERED_VALUE = /^([A-Za-z0-9_-]{1,64})(?::(\P{Cc}{1,128}))?$/u;

export function unregisteredTriggerValue(workflowId: string, workflow: string) {
	return `${UNREGISTERED_TRIGGER}${workflowId}:${workflow.slice(0, 128)}`;
}

// Anyone may write a picker's value.
export function unregisteredTriggerOf(value: string) {
	if (!value.startsWith(UNREGISTERED_TRIGGER)) return undefined;
	const match = UNREGISTERED_VALUE.exec(value.slice(UNREGISTERED_TRIGGER.length));
	return match ? { workflowId: match[1], workflow: match[2]?.trim() || undefined } : undefined;
}

// Added to n8n's resume URL; `check` is their HMAC with the header token (docs/security.md#send-and-wait).
export const RESUME_QUERY = {
	check: 'check',
	until: 'until',
	webhookId: 'webhookId',
	envelopeId: 'envelopeId',
	documentIds: 'documentIds',
	node: 'node',
	nonce: 'nonce',
} as const;

export const listedIds = (listed: unknown) =>
	typeof listed === 'string' ? listed.split(',').filter(Boolean) : [];

export function queryOf(url: unknown) {
	const parsed = urlOf(url);
	return parsed && Object.fromEntries(parsed.searchParams);
}

export function waitingExecutionOf(webhookUrl: unknown) {
	const url = urlOf(webhookUrl);
	const query = Object.fromEntries(url?.searchParams ?? []);
	const check = query[RESUME_QUERY.check] ?? '';
	if (!url || !/^[0-9a-f]{64}$/.test(check) || !query[RESUME_QUERY.envelopeId]) return undefined;
	return {
		executionId: url.pathname.split('/').filter(Boolean).pop() ?? null,
		envelopeId: query[RESUME_QUERY.envelopeId],
		documentIds: listedIds(query[RESUME_QUERY.documentIds]),
		waitingUntil: query[RESUME_QUERY.until] ?? null,
	};
}
