import type { IDataObject } from 'n8n-workflow';

import type { ServiceContext } from './itemFunctions';
import { type ServiceAnswer, callService, dataOf, isNotFound, requestService } from './transport';

/*
 * The webhook calls made outside routing: by the trigger (registration, catch-up), Send and Wait (send, wait,
 * resume), the Webhook pickers and Webhook → Update's read of what it keeps. The Webhook resource's operations are
 * routed requests (resources/webhook/).
 */

/** A webhook as the service lists it; `headerToken` comes too (a secret: never shown as it is). */
export type Webhook = IDataObject & { id: string; webhookUrl?: string; isDefault?: boolean };

/** What a webhook is registered or updated with. */
interface WebhookSettings {
	webhookUrl: string;
	isDefault: boolean;
}

const WEBHOOKS = '/api/v1/webhooks';
const webhookPath = (id: string) => `${WEBHOOKS}/${encodeURIComponent(id)}`;

/** The account's webhooks; entries without an ID, which no call could name, are left out. */
export async function listWebhooks(context: ServiceContext): Promise<Webhook[]> {
	const data = await requestService(context, { method: 'GET', path: WEBHOOKS });
	return (Array.isArray(data) ? data : []).filter(
		(entry): entry is Webhook =>
			typeof entry === 'object' && entry !== null && typeof entry.id === 'string',
	);
}

/** One webhook, or undefined when the service answers without one. */
export async function getWebhook(
	context: ServiceContext,
	id: string,
): Promise<IDataObject | undefined> {
	const data = await requestService(context, { method: 'GET', path: webhookPath(id) });
	return data && typeof data === 'object' && !Array.isArray(data)
		? (data as IDataObject)
		: undefined;
}

/** Registers a webhook; returns its ID, or undefined when the answer has none (each caller says what that means). */
export async function createWebhook(
	context: ServiceContext,
	{ webhookUrl, headerToken, isDefault }: WebhookSettings & { headerToken: string },
): Promise<string | undefined> {
	const data = (await requestService(context, {
		method: 'POST',
		path: WEBHOOKS,
		body: { webhookUrl, headerToken, isDefault },
	})) as IDataObject | null;
	return data && typeof data.id === 'string' && data.id ? data.id : undefined;
}

/** Points a webhook at a URL and sets its default flag together (PUT replaces both), keeping its ID and token. */
export async function updateWebhook(
	context: ServiceContext,
	id: string,
	settings: WebhookSettings,
): Promise<void> {
	await requestService(context, {
		method: 'PUT',
		path: WEBHOOKS,
		body: { id, webhookUrl: settings.webhookUrl, isDefault: settings.isDefault },
	});
}

/** The service's answer to deleting a webhook, as it is: for a caller that reports a failure itself. */
export async function askToDeleteWebhook(
	context: ServiceContext,
	id: string,
): Promise<ServiceAnswer> {
	return await callService(context, { method: 'DELETE', path: webhookPath(id) });
}

/** Deletes a webhook; one that is already gone is not an error. */
export async function deleteWebhook(context: ServiceContext, id: string): Promise<void> {
	const answer = await askToDeleteWebhook(context, id);
	if (isNotFound(answer)) return;
	await dataOf(context, answer);
}

/** Every delivery the service logged: n8n drops the body of a GET, so no filter can be sent (caller filters). */
export async function listDeliveryLogs(
	context: ServiceContext,
	maxBytes: number,
): Promise<unknown> {
	const request = { method: 'GET' as const, path: `${WEBHOOKS}/logs`, maxAnswerBytes: maxBytes };
	const answer = await callService(context, request);
	if (answer.cut) throw new Error(`the delivery log is larger than ${maxBytes / 1024 / 1024} MiB`);
	return await dataOf(context, answer, request);
}

/** Delivers the last callback of a request (its RequestId) again. */
export async function resendCallback(context: ServiceContext, requestId: string): Promise<void> {
	await requestService(context, {
		method: 'POST',
		path: `${WEBHOOKS}/recall`,
		body: { requestId },
	});
}
