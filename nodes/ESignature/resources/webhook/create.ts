import { booleanOf, options, requireAuthorsUrl, secretOf, sentField } from '../kit';
import { headerTokenField, oneDefaultField, webhookRouting, webhookUrlField } from './shared';

export const option = {
	name: 'Create',
	value: 'create',
	action: 'Create a webhook',
	description: 'Register a URL that receives signing events',
	routing: webhookRouting({ method: 'POST', url: '/api/v1/webhooks' }),
};

export const description = [
	sentField(
		{
			...webhookUrlField,
			required: true,
			description: 'The address the service calls when an envelope is completed or rejected',
		},
		(context, value, label) => requireAuthorsUrl(context, 'webhookUrl', value, label),
	),
	// Refused unless text: a webhook cannot get its token later. Exactly as entered, left out when empty.
	sentField(
		{
			...headerTokenField,
			description:
				'Secret the service sends back in the Authorization header of every callback, so your endpoint can ' +
				'verify it. It cannot be changed later.',
		},
		(context, value, label) => secretOf(context, value, label) || undefined,
	),
	sentField(oneDefaultField, booleanOf),
	options,
];
