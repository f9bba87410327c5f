import { unwrapResponse } from '../../routing/answers';
import { requireGuid } from '../../fields/validation';
import { webhookOutput } from './shared';
import { options } from '../shared';
import { routing, sentField } from '../../routing/itemRequest';
import { requiredIdField } from '../../fields/common';
import { ENVELOPE_ID_SOURCE } from '../../fields/builderHints';

export const option = {
	name: 'Resend Callback',
	value: 'resend',
	action: 'Resend a callback',
	description: 'Deliver a callback again, e.g. after your endpoint failed to process it',
	routing: routing(
		{ method: 'POST', url: '/api/v1/webhooks/recall' },
		[],
		webhookOutput(unwrapResponse),
	),
};

export const description = [
	sentField(
		{
			...requiredIdField('Envelope ID', 'requestId', ENVELOPE_ID_SOURCE),
			description:
				'The envelope whose last callback to deliver again: the envelopeId a create or the E-Signature Trigger ' +
				"outputs, the delivery log's requestId (not a webhook ID)",
		},
		requireGuid,
	),
	options,
];
