import type { INodeProperties } from 'n8n-workflow';

import { webhookLocatorProperty, showFor } from '../../fields/common';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { checkWebhookId } from './hooks';

/** The fields several Webhook operations show, each declared once and shown for the operations it names. */

/** The path of the webhook the Webhook field names, as the operations' URLs take it (checked by checkWebhookId). */
export const webhookPath =
	'=/api/v1/webhooks/{{ encodeURIComponent(String($parameter.webhookId).trim()) }}';

/** Every declaration of the Webhook field checks it before any request: the URL takes it as it is. */
export const webhookIdChecked: INodeProperties['routing'] = {
	send: { preSend: [pairedWithItem(checkWebhookId)] },
};

/** The Webhook of the operations that say nothing more about it (Delete does). */
export const webhookId: INodeProperties = {
	...webhookLocatorProperty(),
	routing: webhookIdChecked,
	displayOptions: showFor('webhook', 'get', 'update'),
};
