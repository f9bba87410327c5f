import type { INodeProperties } from 'n8n-workflow';

import { unwrapResponse } from '../../routing/answers';
import { markTriggerWebhooks } from './markTriggers';
import { integerOf } from '../../fields/validation';
import { webhookOutput } from './shared';
import { options } from '../shared';
import { checkedField, routing } from '../../routing/itemRequest';

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many webhooks',
	description: "List the account's webhooks, marking those of n8n triggers",
	routing: routing(
		{ method: 'GET', url: '/api/v1/webhooks' },
		[],
		webhookOutput(unwrapResponse, markTriggerWebhooks),
	),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	// The service has no paging: n8n cuts the list at any Limit, a negative one from the end.
	checkedField(
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
			routing: { output: { maxResults: '={{$value}}' } },
		},
		(context, value, label) => integerOf(context, value, label, { min: 1 }),
	),
	options,
];
