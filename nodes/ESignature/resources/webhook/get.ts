import { options, requireGuid, routing, sendsField, unwrapFoundResponse } from '../kit';
import { webhookId, webhookPath, webhookOutput } from './shared';

export const option = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: "Get a webhook's URL and whether it is the account default",
	routing: routing(
		{ method: 'GET', url: webhookPath },
		{
			preSend: [sendsField(webhookId, requireGuid)],
			postReceive: webhookOutput(unwrapFoundResponse),
			idField: webhookId,
		},
	),
};

export const description = [webhookId, options];
