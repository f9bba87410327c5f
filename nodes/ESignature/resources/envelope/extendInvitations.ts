import { availableTo, envelopeId, options } from '../shared';
import { routing, sendsField } from '../../routing/itemRequest';
import { requireGuid } from '../../fields/validation';
import { ENVELOPE_ID_SOURCE } from '../../fields/builderHints';

export const option = {
	name: 'Extend Invitations',
	value: 'extendInvitations',
	action: 'Extend the invitations of an envelope',
	description: 'Move the expiry of every pending invitation of an envelope',
	routing: routing({ method: 'PUT', url: '/api/v1/envelopes/extend-invitations' }, [
		sendsField(envelopeId, requireGuid, { body: 'envelopeId' }),
	]),
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description = [
	envelopeId,
	availableTo('New expiry of every pending invitation of the envelope; must be in the future'),
	options,
];
