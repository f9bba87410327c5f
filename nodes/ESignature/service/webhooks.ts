import type { IDataObject } from 'n8n-workflow';

import type { ServiceContext } from './itemFunctions';
import { callService, dataOf, isNotFound, requestService } from './transport';

export type Webhook = IDataObject & { id: string; webhookUrl?: string; isDefault?: boolean };

interface WebhookSettings {
	webhookUrl: string;
	isDefault: boolean;
}

const WEBHOOKS = '/api/v1/webhooks';
const webhookPath = (id: string) => `${WEBHOOKS}/${encodeURIComponent(id)}`;

export async function listWebhooks(context: ServiceContext) {
	const data = await requestService(context, { method: 'GET', path: WEBHOOKS });
	return (Array.isArray(data) ? data : []).filter(
		(entry): entry is Webhook =>
			typeof entry === 'object' && entry !== null && typeof entry.id === 'string',
	);
}

export async function getWebhook(context: ServiceContext, id: string) {
	const data = await requestService(context, { method: 'GET', path: webhookPath(id) });
	return data && typeof data === 'object' && !Array.isArray(data)
		? (data as IDataObject)
		: undefined;
}

export async function createWebhook(
	context: ServiceContext,
	{ webhookUrl, headerToken, isDefault }: WebhookSettings & { headerToken: string },
) {
	const data = (await requestService(context, {
		method: 'POST',
		path: WEBHOOKS,
		body: { webhookUrl, headerToken, isDefault },
	})) as IDataObject | null;
	return data && typeof data.id === 'string' && data.id ? data.id : undefined;
}

// PUT replaces URL and default flag together.
export async function updateWebhook(
	context: ServiceContext,
	id: string,
	{ webhookUrl, isDefault }: WebhookSettings,
) {
	await requestService(context, {
		method: 'PUT',
		path: WEBHOOKS,
		body: { id, webhookUrl, isDefault },
	});
}

export async function askToDeleteWebhook(context: ServiceContext, id: string) {
	return await callService(context, { method: 'DELETE', path: webhookPath(id) });
}

export async function deleteWebhook(context: ServiceContext, id: string) {
	const answer = await askToDeleteWebhook(context, id);
	if (isNotFound(answer)) return;
	await dataOf(context, answer);
}

export async function resendCallback(context: ServiceContext, requestId: string) {
	await requestService(context, {
		method: 'POST',
		path: `${WEBHOOKS}/recall`,
		body: { requestId },
	});
}
