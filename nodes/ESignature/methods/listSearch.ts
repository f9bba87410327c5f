import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { listWebhooks } from '../service/webhooks';
import { triggerUrlOf, triggerWorkflowOf } from '../service/n8nWebhookUrls';

/**
 * How a webhook reads in the picker: what it belongs to first, as long labels are cut at the end. An E-Signature
 * Trigger's webhook is named by the start of the trigger's webhook ID (its panel shows it in its URLs), its workflow
 * when this n8n registered it (triggerWorkflowOf) and its n8n; a test registration says it lasts while the editor
 * listens; the account default says so first, as envelopes created without a Webhook send their events there. It
 * ends with the start of the service's ID of the webhook, the one a create outputs in eventsTo.
 */
export function webhookLabel(webhook: IDataObject): string {
	const url = String(webhook.webhookUrl ?? '');
	const trigger = triggerUrlOf(url);
	const where = trigger ? `${trigger.base.replace(/^https?:\/\//, '')}` : url;
	const workflow = triggerWorkflowOf(webhook.id);
	// Names are cut so that the label stays readable; the search still finds the whole URL.
	const of = workflow
		? ` of workflow "${workflow.length > 80 ? `${workflow.slice(0, 79)}…` : workflow}"`
		: '';
	const what = !trigger
		? where
		: trigger.test
			? `n8n test listener ${trigger.triggerId.slice(0, 8)}${of} at ${where}`
			: `n8n trigger ${trigger.triggerId.slice(0, 8)}${of} at ${where}`;
	// The service's ID for it, as a create's output names it in eventsTo ("webhook e21e489b-…"), so the two compare.
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
	// Errors arrive with HTTP 200: listWebhooks throws them, so the picker shows them instead of an empty list.
	const webhooks = await listWebhooks(this);
	const needle = (filter ?? '').toLowerCase().trim();
	const results: INodeListSearchItems[] = webhooks
		.map((webhook, index) => ({ webhook, index }))
		.sort((a, b) => rank(a.webhook) - rank(b.webhook) || a.index - b.index)
		// The search looks at the URL too, so that a full trigger URL pasted from its panel finds its webhook.
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
