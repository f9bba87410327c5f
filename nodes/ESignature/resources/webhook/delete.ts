import { options, sendsId, webhookLocatorProperty } from '../kit';
import { webhookRouting } from './shared';

const webhook = webhookLocatorProperty({
	description:
		'The webhook to delete. Envelopes that used it fall back to the account default webhook.',
});

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a webhook',
	description:
		'Remove a webhook; envelopes pinned to it then report to the account default webhook',
	routing: webhookRouting(
		{ method: 'DELETE', url: '/api/v1/webhooks/{webhookId}' },
		{ preSend: [sendsId(webhook)], idField: webhook },
	),
};

export const description = [webhook, options];
