import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Webhooks',
		name: 'webhooks',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Webhook',
		default: {},
		required: true,
		options: [
			{
				displayName: 'Webhook',
				name: 'webhook',
				values: [
					{
						displayName: 'Webhook URL',
						name: 'webhookUrl',
						type: 'string',
						default: '',
						placeholder: 'https://example.com/webhook',
					},
					{
						displayName: 'Header Token',
						name: 'headerToken',
						type: 'string',
						typeOptions: { password: true },
						default: '',
						description: 'Secret sent back in the Authorization header of every callback',
					},
					{
						displayName: 'Use as Account Default',
						name: 'isDefault',
						type: 'boolean',
						default: false,
						description: 'Whether envelopes created without a webhook ID call this webhook',
					},
				],
			},
		],
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['createMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);
