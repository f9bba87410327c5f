import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { unwrapResponse } from '../../routing/answers';
import { buildWebhookList, webhookOutput } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Create many webhooks',
	description: 'Register several URLs in one request',
	routing: {
		request: { method: 'POST', url: '/api/v1/webhooks/bulk' },
		// The body is a list, which routing.send cannot build.
		send: { preSend: [pairedWithItem(buildWebhookList)] },
		output: webhookOutput(unwrapResponse),
	},
};

export const properties: INodeProperties[] = [
	{
		displayName: 'Webhooks',
		name: 'webhooks',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Webhook',
		default: {},
		required: true,
		displayOptions: { show: { resource: ['webhook'], operation: ['createMany'] } },
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
];
