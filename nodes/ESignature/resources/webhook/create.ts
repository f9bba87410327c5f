import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { unwrapResponse } from '../../routing/answers';
import { booleanOf, checkParameter, secretOf } from '../../fields/validation';
import { requireAuthorsUrl } from '../../fields/toolInputs';
import { isDefaultField, webhookOutput, webhookUrlField } from './shared';
import { options, sentInBody, TRIMMED } from '../shared';

/** Header Token: text or a number; anything else is refused, as a webhook cannot get its token later. */
export const checkHeaderToken = checkParameter('headerToken', secretOf, 'Header Token');

const checkIsDefault = checkParameter('isDefault', booleanOf, 'Use as Account Default', false);

/** An http(s) URL, written by the workflow's author when the node runs as a tool. */
const checkWebhookUrl = checkParameter(
	'webhookUrl',
	(context, value, fieldLabel) => requireAuthorsUrl(context, 'webhookUrl', value, fieldLabel),
	'Webhook URL',
);

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

export const description: INodeProperties[] = [
	{
		...webhookUrlField,
		required: true,
		description: 'The address the service calls when an envelope is completed or rejected',
		routing: sentInBody('webhookUrl', TRIMMED, checkWebhookUrl),
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
		// A secret is sent exactly as entered, and left out when empty.
		routing: sentInBody(
			'headerToken',
			"={{ $value === '' || $value == null ? undefined : String($value) }}",
			checkHeaderToken,
		),
	},
	{
		...isDefaultField,
		hint: 'Only one default webhook is called per event',
		// "true" or "false" from an expression is a boolean too (checkIsDefault refuses anything else).
		routing: sentInBody(
			'isDefault',
			"={{ String($value).trim().toLowerCase() === 'true' }}",
			checkIsDefault,
		),
	},
	options,
];
