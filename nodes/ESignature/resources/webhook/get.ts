import { unwrapFoundResponse } from '../../routing/answers';
import { requireGuid } from '../../fields/validation';
import { webhookId, webhookPath, webhookOutput } from './shared';
import { options } from '../shared';
import { routing, sendsField } from '../../routing/itemRequest';

export const option = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: "Get a webhook's URL and whether it is the account default",
	routing: routing(
		{ method: 'GET', url: webhookPath },
		[sendsField(webhookId, requireGuid)],
		webhookOutput(unwrapFoundResponse),
	),
};

export const description = [webhookId, options];
