import { ENVELOPE_ID_SOURCE, options, sentIdField } from '../kit';
import { webhookRouting } from './shared';

const requestId = sentIdField(
	'Envelope ID',
	'requestId',
	ENVELOPE_ID_SOURCE,
	'The envelope whose last callback to deliver again: the envelopeId a create or the E-Signature Trigger ' +
		"outputs, the delivery log's requestId (not a webhook ID)",
);

export const option = {
	name: 'Resend Callback',
	value: 'resend',
	action: 'Resend a callback',
	description: 'Deliver a callback again, e.g. after your endpoint failed to process it',
	routing: webhookRouting(
		{ method: 'POST', url: '/api/v1/webhooks/recall' },
		{ idField: requestId },
	),
};

export const description = [requestId, options];
