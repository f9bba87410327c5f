import { options, sendsId, unwrapFoundResponse } from '../kit';
import { webhookId, webhookRouting } from './shared';

export const option = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: "Get a webhook's URL and whether it is the account default",
	routing: webhookRouting(
		{ method: 'GET', url: '/api/v1/webhooks/{webhookId}' },
		{
			preSend: [sendsId(webhookId)],
			unwrap: unwrapFoundResponse,
			idField: webhookId,
		},
	),
};

export const description = [webhookId, options];
