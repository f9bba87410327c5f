import { availableTo, ENVELOPE_ID_SOURCE, envelopeId, options, routing, sendsId } from '../kit';

export const option = {
	name: 'Extend Invitations',
	value: 'extendInvitations',
	action: 'Extend the invitations of an envelope',
	description: 'Move the expiry of every pending invitation of an envelope',
	routing: routing(
		{ method: 'PUT', url: '/api/v1/envelopes/extend-invitations' },
		{ preSend: [sendsId(envelopeId, { body: 'envelopeId' })], idField: envelopeId },
	),
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description = [
	envelopeId,
	availableTo('New expiry of every pending invitation of the envelope; must be in the future'),
	options,
];
