import type {
	INodeProperties,
	IExecuteSingleFunctions,
	INodeRequestOutput,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import { idInPath, webhookLocatorProperty } from '../../fields/common';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { requireGuid } from '../../fields/validation';
import { isErrorItem } from '../../service/errorItems';
import { maskedAnswer } from '../../service/secrets';

/** The Webhook field: a webhook ID (checked before the URL takes it). */
export const checkWebhookId: PreSendAction = async function (requestOptions) {
	selectedWebhookId(this);
	return requestOptions;
};

/** Webhook URL and Use as Account Default, as Create, Create Many and Update show them. */
export const webhookUrlField: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/webhook',
};
export const isDefaultField: INodeProperties = {
	displayName: 'Use as Account Default',
	name: 'isDefault',
	type: 'boolean',
	default: false,
	description: 'Whether envelopes created without a webhook ID call this webhook',
};

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
	return requireGuid(context, value, 'Webhook', 'webhookId');
}

/**
 * A header token shows as set with its last four characters, n8n's resume token in a URL masked (service/secrets.ts).
 * Error items pass as they are: their identity carries their details (service/errorItems.ts).
 */
export const hideHeaderTokens: PostReceiveAction = async function (items) {
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: maskedAnswer(item.json) },
	);
};

/** Every Webhook operation's output: its hooks, then hideHeaderTokens on the one path (docs/security.md#masking). */
export function webhookOutput(...postReceive: PostReceiveAction[]): INodeRequestOutput {
	return { postReceive: [...postReceive, hideHeaderTokens] };
}
