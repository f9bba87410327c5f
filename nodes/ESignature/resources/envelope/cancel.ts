import {
	ENVELOPE_ID_SOURCE,
	envelopeId,
	type INodeProperties,
	options,
	routing,
	sendsId,
} from '../kit';

export const option = {
	name: 'Cancel',
	value: 'cancel',
	action: 'Cancel an envelope',
	description: 'Stop signing of an envelope for good',
	routing: routing(
		{ method: 'POST', url: '/api/v1/envelopes/{envelopeId}/cancel' },
		{
			// Spelled as the service's interface has it.
			preSend: [sendsId(envelopeId, { body: 'envelopId' })],
			idField: envelopeId,
			errors: {
				100: 'The service could not cancel the envelope: a completed envelope cannot be cancelled',
			},
		},
	),
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description: INodeProperties[] = [
	{
		displayName: 'Cancelling is final: signing stops and pending signers are notified',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
	},
	envelopeId,
	options,
];
