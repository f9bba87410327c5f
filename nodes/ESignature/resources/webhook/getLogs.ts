import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';
import { WEBHOOK_DELIVERY_STATUSES } from '../../fields/enums';

const properties: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
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
					'Only deliveries with this status. Choose from the list, or give a name from it (in any case) or its number with an <a href="https://docs.n8n.io/code/expressions/">expression</a> or the model.',
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
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['getLogs'] } };

export const description = updateDisplayOptions(displayOptions, properties);
