import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { WEBHOOK_DELIVERY_STATUSES } from '../../fields/enums';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { unwrapResponse } from '../../routing/answers';
import { checkLogFilters, filterDeliveryLogs, webhookOutput } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Get Delivery Logs',
	value: 'getLogs',
	action: 'Get webhook delivery logs',
	description: 'List callback deliveries, optionally filtered',
	routing: {
		request: { method: 'GET', url: '/api/v1/webhooks/logs' },
		output: webhookOutput(unwrapResponse, filterDeliveryLogs),
	},
};

export const properties: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { resource: ['webhook'], operation: ['getLogs'] } },
		// Not sent (n8n drops the body of a GET): checked here, applied to the answer by filterDeliveryLogs.
		routing: { send: { preSend: [pairedWithItem(checkLogFilters)] } },
		options: [
			{
				displayName: 'Callback Request ID',
				name: 'requestId',
				type: 'string',
				default: '',
				description: 'Only deliveries of this callback (the RequestId of the envelope)',
			},
			{
				displayName: 'Delivery Status',
				name: 'webhookStatus',
				type: 'options',
				options: WEBHOOK_DELIVERY_STATUSES,
				default: 4,
				description:
					'Only deliveries with this status. Choose from the list, or give a name from it (in any case) or its ' +
					'number with an <a href="https://docs.n8n.io/code/expressions/">expression</a> or the model.',
			},
			{
				displayName: 'Webhook URL',
				name: 'webhookUrl',
				type: 'string',
				default: '',
				description: 'Only deliveries to this URL',
			},
		],
	},
];
