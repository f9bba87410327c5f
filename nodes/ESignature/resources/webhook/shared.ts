import type {
	INodeProperties,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeRequestOutput,
	PostReceiveAction,
} from 'n8n-workflow';

import { idInPath, webhookLocatorProperty } from '../../fields/common';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { requireGuid } from '../../fields/validation';
import { isErrorItem } from '../../service/errorItems';
import { maskedAnswer } from '../../service/secrets';

/** The Webhook field several operations show, declared once; its check, and the masking every answer goes through. */

/** The path of the webhook the Webhook field names, as the operations' URLs take it (checked by checkWebhookId). */
export const webhookPath = `=/api/v1/webhooks/${idInPath('webhookId')}`;

/** Every declaration of the Webhook field checks it before any request: the URL takes it as it is. */
export const webhookIdChecked: INodeProperties['routing'] = {
	send: { preSend: [pairedWithItem(checkWebhookId)] },
};

/** The Webhook of the operations that say nothing more about it (Delete does). */
export const webhookId: INodeProperties = {
	...webhookLocatorProperty(),
	routing: webhookIdChecked,
};

export function selectedWebhookId(context: IExecuteSingleFunctions): string {
	const value = context.getNodeParameter('webhookId', '', { extractValue: true });
	return requireGuid(context, value, 'Webhook');
}

/** The Webhook field: a webhook ID (checked before the URL takes it). */
export async function checkWebhookId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	selectedWebhookId(this);
	return requestOptions;
}

/**
 * Webhooks and delivery logs as output: a header token shows as set, with its last four characters, never in clear;
 * n8n's resume token in a waiting execution's URL is masked (service/secrets.ts).
 */
export async function hideHeaderTokens(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	// Error items pass as they are: their identity carries their details (service/errorItems.ts).
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: maskedAnswer(item.json) },
	);
}

/**
 * The output of every Webhook operation: its own hooks, then hideHeaderTokens, last, so that whatever an answer echoes
 * (a header token, a resume URL) is masked on the one path all of them take (docs/security.md#masking).
 */
export function webhookOutput(...postReceive: PostReceiveAction[]): INodeRequestOutput {
	return { postReceive: [...postReceive, hideHeaderTokens] };
}
