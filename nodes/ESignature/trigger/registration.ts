import { randomBytes } from 'crypto';
import { type IDataObject, type IHookFunctions, NodeOperationError } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/text';
import { headerTokenDigest } from './callback';
import * as webhooks from '../service/webhooks';
import { catchUpAndLog, claimCatchUp, type TriggerContext, triggerKey } from './catchUp';
import { forgetEvents } from './receivedEvents';
import { forgetTriggerWorkflow, rememberTriggerWorkflow } from '../service/n8nWebhookUrls';

/*
 * The trigger's webhook at the service. Envelopes are pinned to it by ID, so the ID must outlive deactivation, restarts
 * and edits: by default it stays while the workflow is inactive (catch-up re-sends the missed deliveries on
 * activation), and a new n8n URL moves it in place. "On Deactivation → Delete the Webhook" leaves nothing instead.
 */

/** What the trigger keeps in the workflow's static data about the webhook it registered. */
export interface StoredWebhook {
	webhookId?: string;
	/** The callback token's SHA-256, never the token: static data goes with copies (docs/security.md#callbacks). */
	headerTokenDigest?: string;
	/** The token as earlier versions stored it: replaced by its digest on first use (storedWebhook). */
	headerToken?: string;
	webhookUrl?: string;
	isDefault?: boolean;
	/** A registration for "Listen for test event", removed when listening ends whatever the settings say. */
	forTest?: boolean;
	/** What the last catch-up did (catchUp.ts). */
	lastCatchUp?: IDataObject;
}

/** Values of the trigger's "On Deactivation" option. */
export const ON_DEACTIVATION = { keep: 'keep', delete: 'delete' } as const;

/** This trigger's static data; a header token stored in clear by an earlier version is replaced by its digest. */
export function storedWebhook(context: TriggerContext): StoredWebhook & IDataObject {
	const stored = context.getWorkflowStaticData('node') as StoredWebhook & IDataObject;
	if (typeof stored.headerToken === 'string' && stored.headerToken !== '')
		stored.headerTokenDigest = headerTokenDigest(stored.headerToken);
	if ('headerToken' in stored) delete stored.headerToken;
	return stored;
}

function forgetWebhook(stored: StoredWebhook): void {
	delete stored.webhookId;
	delete stored.headerToken;
	delete stored.headerTokenDigest;
	delete stored.webhookUrl;
	delete stored.isDefault;
	delete stored.forTest;
}

/** URLs compare without a trailing slash, as the service may store either. */
function sameUrl(a: string | undefined, b: string | undefined): boolean {
	return !!a && !!b && withoutTrailingSlashes(a) === withoutTrailingSlashes(b);
}

function option(context: IHookFunctions, name: string): unknown {
	return (context.getNodeParameter('options', {}) as IDataObject)[name];
}

function ownWebhookUrl(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url)
		throw new NodeOperationError(context.getNode(), 'n8n did not give this trigger a webhook URL');
	return url;
}

/** Points a webhook at a new URL, keeping its ID (and so the envelopes pinned to it) and its token. */
async function moveWebhook(
	context: IHookFunctions,
	webhook: webhooks.Webhook,
	url: string,
	isDefault: boolean,
) {
	await webhooks.updateWebhook(context, webhook.id, { webhookUrl: url, isDefault });
	webhook.webhookUrl = url;
	webhook.isDefault = isDefault;
}

/**
 * True when the stored webhook is still registered, with a token we know; it is then made to match this node's URL
 * and settings. Otherwise what is stale is cleared, and n8n calls create. A webhook with our URL (which holds the
 * workflow and node ids) is ours even if static data lost it: such leftovers are deleted, one webhook per URL.
 */
export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const stored = storedWebhook(this);
	const url = ownWebhookUrl(this);
	const forTest = this.getActivationMode() === 'manual';
	const isDefault = option(this, 'isDefault') === true;
	const remote = await webhooks.listWebhooks(this);
	const current = remote.find((webhook) => webhook.id === stored.webhookId);
	const known = current !== undefined && !!stored.headerTokenDigest;

	// A new n8n URL: moved, not replaced, so envelopes pinned to its ID keep reaching us. While testing, the stored
	// webhook is the production one, in use: left alone (n8n keeps a test registration's static data apart, unsaved).
	if (known && !forTest && !stored.forTest && !sameUrl(current.webhookUrl, url))
		await moveWebhook(this, current, url, isDefault);
	const usable = known && sameUrl(current.webhookUrl, url);
	for (const leftover of remote.filter((webhook) => sameUrl(webhook.webhookUrl, url)))
		if (!usable || leftover.id !== current.id) await webhooks.deleteWebhook(this, leftover.id);
	if (!usable) {
		// A test registration that ended up in the saved static data is removed when production activates.
		if (current && stored.forTest && !forTest) await webhooks.deleteWebhook(this, current.id);
		forgetWebhook(stored);
		return false;
	}

	if (current.isDefault !== undefined && current.isDefault !== isDefault)
		await moveWebhook(this, current, url, isDefault);
	stored.webhookUrl = url;
	stored.isDefault = isDefault;
	rememberTriggerWorkflow(current.id, this.getWorkflow().name);
	if (!forTest && option(this, 'catchUp') !== false) {
		claimCatchUp(triggerKey(this));
		stored.lastCatchUp = (await catchUpAndLog(this, url)) as unknown as IDataObject;
	}
	return true;
}

/** Registers this node's URL with a fresh token and remembers both. */
export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const url = ownWebhookUrl(this);
	// 32 random bytes, hex so it is safe in a header: the service echoes it on callbacks.
	const headerToken = randomBytes(32).toString('hex');
	const isDefault = option(this, 'isDefault') === true;
	const webhookId = await webhooks.createWebhook(this, { webhookUrl: url, headerToken, isDefault });
	if (!webhookId)
		throw new NodeOperationError(
			this.getNode(),
			'The service did not return the id of the registered webhook',
		);
	const stored = storedWebhook(this);
	stored.webhookId = webhookId;
	stored.headerTokenDigest = headerTokenDigest(headerToken);
	stored.webhookUrl = url;
	stored.isDefault = isDefault;
	if (this.getActivationMode() === 'manual') stored.forTest = true;
	rememberTriggerWorkflow(webhookId, this.getWorkflow().name);
	return true;
}

/** On deactivation, also of an edited active workflow and at the end of test listening: a test registration goes. */
export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	const stored = storedWebhook(this);
	const forTest = stored.forTest === true;
	if (!forTest && option(this, 'onDeactivation') !== ON_DEACTIVATION.delete) return true;
	if (stored.webhookId) await webhooks.deleteWebhook(this, stored.webhookId);
	forgetTriggerWorkflow(stored.webhookId);
	forgetWebhook(stored);
	// The events received are the production registration's: a test registration leaves them.
	if (!forTest) forgetEvents(triggerKey(this), stored);
	return true;
}
