import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { unwrapResponse } from '../../routing/answers';
import { checkHeaderToken, checkIsDefault, checkWebhookUrl, webhookOutput } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Create',
	value: 'create',
	action: 'Create a webhook',
	description: 'Register a URL that receives signing events',
	routing: {
		request: { method: 'POST', url: '/api/v1/webhooks' },
		output: webhookOutput(unwrapResponse),
	},
};

const displayOptions = { show: { resource: ['webhook'], operation: ['create'] } };

/** The body is these three fields: each says how it is sent, after its check. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://example.com/webhook',
		description: 'The address the service calls when an envelope is completed or rejected',
		displayOptions,
		routing: {
			send: {
				type: 'body',
				property: 'webhookUrl',
				value: '={{ String($value).trim() }}',
				preSend: [pairedWithItem(checkWebhookUrl)],
			},
		},
	},
	{
		displayName: 'Header Token',
		name: 'headerToken',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			'Secret the service sends back in the Authorization header of every callback, so your endpoint can ' +
			'verify it. It cannot be changed later.',
		displayOptions,
		routing: {
			send: {
				type: 'body',
				property: 'headerToken',
				// A secret is sent exactly as entered, and left out when empty.
				value: "={{ $value === '' || $value == null ? undefined : String($value) }}",
				preSend: [pairedWithItem(checkHeaderToken)],
			},
		},
	},
	{
		displayName: 'Use as Account Default',
		name: 'isDefault',
		type: 'boolean',
		default: false,
		description: 'Whether envelopes created without a webhook ID call this webhook',
		hint: 'Only one default webhook is called per event',
		displayOptions,
		routing: {
			send: {
				type: 'body',
				property: 'isDefault',
				// "true" or "false" from an expression is a boolean too (checkIsDefault refuses anything else).
				value: "={{ String($value).trim().toLowerCase() === 'true' }}",
				preSend: [pairedWithItem(checkIsDefault)],
			},
		},
	},
];
