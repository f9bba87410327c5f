import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { unwrapResponse } from '../../routing/answers';
import { requireGuid } from '../../fields/validation';
import { webhookOutput } from './shared';
import { options, sentField } from '../shared';
import { requiredIdField } from '../../fields/common';

export const option: INodePropertyOptions = {
	name: 'Resend Callback',
	value: 'resend',
	action: 'Resend a callback',
	description: 'Deliver a callback again, e.g. after your endpoint failed to process it',
	routing: {
		request: { method: 'POST', url: '/api/v1/webhooks/recall' },
		output: webhookOutput(unwrapResponse),
	},
};

export const description: INodeProperties[] = [
	sentField(
		{
			...requiredIdField('Callback Request ID', 'requestId'),
			description:
				'The RequestId of the callback to deliver again (not a webhook ID); the trigger outputs it as envelopeId',
		},
		requireGuid,
	),
	options,
];
