import type { INodeProperties } from 'n8n-workflow';

import { responseOptions, webhookLocatorProperty } from '../../shared/descriptions';
import { buildUpdateWebhookBody } from './hooks';

const displayOptions = { show: { resource: ['webhook'], operation: ['update'] } };

export const updateDescription: INodeProperties[] = [
	webhookLocatorProperty(displayOptions, { routing: { send: { preSend: [buildUpdateWebhookBody] } } }),
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/webhook',
		description: 'The new address of the webhook',
		displayOptions,
	},
	{
		displayName: 'Use as Account Default',
		name: 'isDefault',
		type: 'boolean',
		default: false,
		description: 'Whether envelopes created without a webhook ID call this webhook',
		hint: 'Only one default webhook is called per event',
		displayOptions,
	},
	responseOptions(displayOptions),
];
