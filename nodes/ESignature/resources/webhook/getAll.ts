import type { INodeProperties } from 'n8n-workflow';

import { checkedField, integerOf, options, routing, unwrapResponse } from '../kit';
import { markTriggerWebhooks } from './markTriggers';
import { webhookOutput } from './shared';

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many webhooks',
	description: "List the account's webhooks, marking those of n8n triggers",
	routing: routing(
		{ method: 'GET', url: '/api/v1/webhooks' },
		{ postReceive: webhookOutput(unwrapResponse, markTriggerWebhooks) },
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
