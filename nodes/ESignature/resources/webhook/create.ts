import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/webhook',
		description: 'The address the service calls when an envelope is completed or rejected',
	},
	{
		displayName: 'Header Token',
		name: 'headerToken',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			'Secret the service sends back in the Authorization header of every callback, so your endpoint can verify it. It cannot be changed later.',
	},
	{
		displayName: 'Use as Account Default',
		name: 'isDefault',
		type: 'boolean',
		default: false,
		description: 'Whether envelopes created without a webhook ID call this webhook',
		hint: 'Only one default webhook is called per event',
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);
