import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { listWebhooks } from '../service/webhooks';
import {
	triggerUrlOf,
	triggerWorkflowOf,
	UNREGISTERED_TRIGGER,
	unregisteredTriggerValue,
} from '../service/n8nWebhookUrls';
import { isGuid } from '../fields/validation';
import { n8nTriggers } from './n8nTriggers';

// n8n's list shows about 80 characters.
const quoted = (name: string) => `"${name.length > 40 ? `${name.slice(0, 39)}…` : name}"`;

// What a user compares first comes first: n8n cuts long labels at the end.
export function webhookLabel(webhook: IDataObject, workflowName?: string) {
	const url = String(webhook.webhookUrl ?? '');
	const trigger = triggerUrlOf(url);
	const workflow = workflowName || triggerWorkflowOf(webhook.id);
	const id = String(webhook.id ?? '');
	const kind = trigger?.test ? 'n8n test listener' : 'n8n trigger';
	const where = trigger
		? `${kind} ${trigger.triggerId.slice(0, 8)} at ${trigger.base.replace(/^https?:\/\//, '')}`
		: url;
	return [
		workflow ? quoted(workflow) : '',
		id ? `webhook ${id.slice(0, 8)}` : '',
		webhook.isDefault ? 'account default' : '',
		where,
	]
		.filter(Boolean)
		.join(' · ');
}

// n8n shows a pick the list lacks under its old label, as if current (docs/n8n-notes.md#pickers).
function outOfDatePick(context: ILoadOptionsFunctions, listed: Array<{ value: string }>) {
	const picked = context.getCurrentNodeParameter('webhookId') as IDataObject | undefined;
	const value = typeof picked?.value === 'string' ? picked.value.trim() : '';
	if (
		!(isGuid(value) || value.startsWith(UNREGISTERED_TRIGGER)) ||
		listed.some((entry) => entry.value === value)
	)
		return [];
	// Bounded: the workflow stores it, and anyone may have written it there.
	const was =
		typeof picked?.cachedResultName === 'string' ? picked.cachedResultName.slice(0, 300) : '';
	return [{ name: `Out of date, pick again: ${was || `webhook ${value.slice(0, 8)}`}`, value }];
}

// The API has no search, so the filter is applied here.
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string) {
	const [webhooks, triggers] = await Promise.all([listWebhooks(this), n8nTriggers(this)]);
	const workflows = new Map(triggers.map((trigger) => [trigger.triggerId, trigger.workflow]));
	const registered = new Set<string>();
	const entries = webhooks.map((webhook) => {
		const trigger = triggerUrlOf(webhook.webhookUrl);
		if (trigger && !trigger.test) registered.add(trigger.triggerId);
		return {
			name: webhookLabel(webhook, workflows.get(trigger?.triggerId ?? '')),
			value: String(webhook.id),
			// The URL too, so that a trigger URL pasted from its panel finds its webhook.
			also: String(webhook.webhookUrl ?? ''),
			// The default first, then n8n triggers, unregistered triggers (2), other URLs, test listeners.
			rank: webhook.isDefault ? 0 : !trigger ? 3 : trigger.test ? 4 : 1,
		};
	});
	for (const trigger of triggers.filter(({ triggerId }) => !registered.has(triggerId))) {
		const state = trigger.published
			? 'no webhook at the service: publish its workflow again'
			: 'not published: publish its workflow first';
		entries.push({
			name: `${quoted(trigger.workflow)} · ${state} · n8n trigger ${trigger.triggerId.slice(0, 8)}`,
			value: unregisteredTriggerValue(trigger.workflowId, trigger.workflow),
			also: trigger.triggerId,
			rank: 2,
		});
	}
	entries.sort((a, b) => a.rank - b.rank);
	const needle = (filter ?? '').toLowerCase().trim();
	const found = entries.filter(
		(entry) =>
			!needle ||
			[entry.name, entry.value, entry.also].some((text) => text.toLowerCase().includes(needle)),
	);
	const results = found.map(({ name, value }) => ({ name, value }));
	// n8n's list shows the field's pick first: the account default goes above it.
	const defaults = found.filter((entry) => entry.rank === 0).length;
	results.splice(defaults, 0, ...outOfDatePick(this, entries));
	return { results };
}
