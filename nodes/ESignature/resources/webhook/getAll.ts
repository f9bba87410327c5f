import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { unwrapResponse } from '../../routing/answers';
import { markTriggerWebhooks } from './markTriggers';
import { checkParameter, integerOf } from '../../fields/validation';
import { webhookOutput } from './shared';
import { options } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many webhooks',
	description: "List the account's webhooks, marking those of n8n triggers",
	routing: {
		request: { method: 'GET', url: '/api/v1/webhooks' },
		output: webhookOutput(unwrapResponse, markTriggerWebhooks),
	},
};

/** n8n cuts the list at any Limit it is given: a negative one drops entries from the end, a fraction or text all. */
export const checkLimit = checkParameter(
	'limit',
	(context, value, fieldLabel) => integerOf(context, value, fieldLabel, { min: 1 }),
	'Limit',
	50,
);

export const description: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
		// The service has no paging: the list is cut after it arrives, at a Limit checked first.
		routing: {
			send: { preSend: [pairedWithItem(checkLimit)] },
			output: { maxResults: '={{$value}}' },
		},
	},
	options,
];
