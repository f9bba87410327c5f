import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { unwrapResponse } from '../../routing/answers';
import { buildUpdateRequest, webhookOutput } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Update',
	value: 'update',
	action: 'Update a webhook',
	description: 'Change the URL or default flag (the header token cannot be changed)',
	routing: {
		request: { method: 'PUT', url: '/api/v1/webhooks' },
		// PUT replaces URL and default flag together: a field left out is read from the service first.
		send: { preSend: [pairedWithItem(buildUpdateRequest)] },
		output: webhookOutput(unwrapResponse),
	},
};

/** After the shared Webhook field (shared.ts). */
export const properties: INodeProperties[] = [
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the header token cannot be changed',
		displayOptions: { show: { resource: ['webhook'], operation: ['update'] } },
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
];
