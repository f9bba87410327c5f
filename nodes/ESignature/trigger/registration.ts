import { randomBytes } from 'crypto';
import { type IDataObject, type IHookFunctions, NodeOperationError } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/text';
import { headerTokenDigest } from '../events/callback';
import * as webhooks from '../service/webhooks';
import { catchUpAndLog } from './catchUp';
import { forgetEvents } from '../events/memory';
import { type TriggerContext, triggerState } from './state';
import { forgetTriggerWorkflow, rememberTriggerWorkflow } from '../service/n8nWebhookUrls';

// Envelopes are pinned to the trigger's webhook by ID, so the ID must outlive deactivation, restarts and edits.

interface StoredWebhook {
	webhookId?: string;
	headerTokenDigest?: string;
	webhookUrl?: string;
	isDefault?: boolean;
	// A registration for "Listen for test event", removed when listening ends whatever the settings say.
	forTest?: boolean;
	lastCatchUp?: IDataObject;
}

export const ON_DEACTIVATION = { keep: 'keep', delete: 'delete' } as const;

// A header token stored in clear by an earlier version is replaced by its digest.
export function storedWebhook(context: TriggerContext): StoredWebhook & IDataObject {
	const stored = context.getWorkflowStaticData('node') as StoredWebhook & IDataObject;
	if (typeof stored.headerToken === 'string' && stored.headerToken !== '')
		stored.headerTokenDigest = headerTokenDigest(stored.headerToken);
	if ('headerToken' in stored) delete stored.headerToken;
	return stored;
}

function forgetWebhook(stored: IDataObject) {
	for (const key of ['webhookId', 'headerTokenDigest', 'webhookUrl', 'isDefault', 'forTest'])
		delete stored[key];
}

// The service may store a URL with or without a trailing slash.
function sameUrl(a: string | undefined, b: string | undefined) {
	return !!a && !!b && withoutTrailingSlashes(a) === withoutTrailingSlashes(b);
}

function option(context: IHookFunctions, name: string): unknown {
	return (context.getNodeParameter('options', {}) as IDataObject)[name];
}

function ownWebhookUrl(context: IHookFunctions) {
	const url = context.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(context.getNode(), 'n8n did not give this trigger a webhook URL');
	return url;
}

// A webhook with our URL (which holds the workflow and node IDs) is ours even if static data lost it.
export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const stored = storedWebhook(this);
	const url = ownWebhookUrl(this);
	const forTest = this.getActivationMode() === 'manual';
	const wanted = { webhookUrl: url, isDefault: option(this, 'isDefault') === true };
	const move = async (webhook: webhooks.Webhook) => {
		await webhooks.updateWebhook(this, webhook.id, wanted);
		Object.assign(webhook, wanted);
	};
	const remote = await webhooks.listWebhooks(this);
	const current = remote.find((webhook) => webhook.id === stored.webhookId);
	const known = current !== undefined && !!stored.headerTokenDigest;
	// While testing, the stored webhook is the production one, in use (n8n keeps a test's static data apart, unsaved).
	if (known && !forTest && !stored.forTest && !sameUrl(current.webhookUrl, url))
		await move(current);
	const usable = known && sameUrl(current.webhookUrl, url);
	for (const leftover of remote.filter((webhook) => sameUrl(webhook.webhookUrl, url)))
		if (!usable || leftover.id !== current.id) await webhooks.deleteWebhook(this, leftover.id);
	if (!usable) {
		if (current && stored.forTest && !forTest) await webhooks.deleteWebhook(this, current.id);
		forgetWebhook(stored);
		return false;
	}
	if (current.isDefault !== undefined && current.isDefault !== wanted.isDefault)
		await move(current);
	Object.assign(stored, wanted);
	rememberTriggerWorkflow(current.id, this.getWorkflow().name);
	if (!forTest && option(this, 'catchUp') !== false) {
		triggerState(this).caughtUp = true;
		stored.lastCatchUp = (await catchUpAndLog(this, url)) as unknown as IDataObject;
	}
	return true;
}

export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const url = ownWebhookUrl(this);
	// Hex, so that it is safe in a header.
	const headerToken = randomBytes(32).toString('hex');
	const isDefault = option(this, 'isDefault') === true;
	const webhookId = await webhooks.createWebhook(this, { webhookUrl: url, headerToken, isDefault });
	if (!webhookId)
		throw new NodeOperationError(
			this.getNode(),
			'The service did not return the id of the registered webhook',
		);
	const stored = Object.assign(storedWebhook(this), {
		webhookId,
		headerTokenDigest: headerTokenDigest(headerToken),
		webhookUrl: url,
		isDefault,
	});
	if (this.getActivationMode() === 'manual') stored.forTest = true;
	rememberTriggerWorkflow(webhookId, this.getWorkflow().name);
	return true;
}

export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	const stored = storedWebhook(this);
	const forTest = stored.forTest === true;
	if (!forTest && option(this, 'onDeactivation') !== ON_DEACTIVATION.delete) return true;
	if (stored.webhookId) await webhooks.deleteWebhook(this, stored.webhookId);
	forgetTriggerWorkflow(stored.webhookId);
	forgetWebhook(stored);
	if (!forTest) forgetEvents(triggerState(this).memory, stored);
	return true;
}
