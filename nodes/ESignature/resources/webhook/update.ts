import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, webhookLocatorProperty } from '../../fields/common';

const properties: INodeProperties[] = [
	webhookLocatorProperty(),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the header token cannot be changed',
		options: [
			{
				displayName: 'Use as Account Default',
				name: 'isDefault',
				type: 'boolean',
				default: false,
				description: 'Whether envelopes created without a webhook ID call this webhook',
				hint: 'Only one default webhook is called per event',
			},
			{
				displayName: 'Webhook URL',
				name: 'webhookUrl',
				type: 'string',
				default: '',
				placeholder: 'https://example.com/webhook',
				description: 'The new address of the webhook',
			},
		],
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);
