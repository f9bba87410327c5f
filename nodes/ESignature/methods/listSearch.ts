import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { listWebhooks } from '../service/webhooks';
import { triggerUrlOf, triggerWorkflowOf } from '../service/n8nWebhookUrls';

/**
 * A webhook in the picker, what it belongs to first (long labels are cut at the end): a trigger's by the start of its
 * webhook ID (shown in its URLs), its workflow (triggerWorkflowOf) and n8n; the account default says so first, as
 * envelopes created without a Webhook report there.
 */
export function webhookLabel(webhook: IDataObject): string {
	const url = String(webhook.webhookUrl ?? '');
	const trigger = triggerUrlOf(url);
	const where = trigger ? trigger.base.replace(/^https?:\/\//, '') : url;
	const workflow = triggerWorkflowOf(webhook.id);
	// Cut to stay readable; the search still finds the whole URL.
	const of = workflow
		? ` of workflow "${workflow.length > 80 ? `${workflow.slice(0, 79)}…` : workflow}"`
		: '';
	const kind = trigger?.test ? 'n8n test listener' : 'n8n trigger';
	const what = trigger ? `${kind} ${trigger.triggerId.slice(0, 8)}${of} at ${where}` : where;
	// The service's ID, as a create names it in eventsTo ("webhook e21e489b-…"), so the two compare.
	const id = String(webhook.id ?? '');
	const named = id ? `${what} · webhook ${id.slice(0, 8)}` : what;
	return webhook.isDefault ? `Account default: ${named}` : named;
}

/** Account default first, then n8n triggers, other URLs, and test listeners last; otherwise in the service's order. */
function rank(webhook: IDataObject): number {
	const trigger = triggerUrlOf(webhook.webhookUrl);
	if (webhook.isDefault) return 0;
	if (trigger && !trigger.test) return 1;
	return trigger ? 3 : 2;
}

/** Webhooks of the account for the Webhook pickers; the API has no search, so the filter is applied here. */
export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	// listWebhooks throws the errors that arrive with HTTP 200, so the picker shows them, not an empty list.
	const webhooks = await listWebhooks(this);
	const needle = (filter ?? '').toLowerCase().trim();
	const results: INodeListSearchItems[] = webhooks
		.map((webhook, index) => ({ webhook, index }))
		.sort((a, b) => rank(a.webhook) - rank(b.webhook) || a.index - b.index)
		// The URL too, so that a trigger URL pasted from its panel finds its webhook.
		.filter(
			({ webhook }) =>
				!needle ||
				[webhookLabel(webhook), String(webhook.webhookUrl ?? ''), String(webhook.id)].some((text) =>
					text.toLowerCase().includes(needle),
				),
		)
		.map(({ webhook }) => ({ name: webhookLabel(webhook), value: String(webhook.id) }));
	return { results };
}
