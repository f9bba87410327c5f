import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { availableTo, envelopeId, options, sentInBody } from '../shared';
import { checkEnvelopeId } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { ENVELOPE_ID_SOURCE } from '../../fields/builderHints';

export const option: INodePropertyOptions = {
	name: 'Extend Invitations',
	value: 'extendInvitations',
	action: 'Extend the invitations of an envelope',
	description: 'Move the expiry of every pending invitation of an envelope',
	routing: {
		request: { method: 'PUT', url: '/api/v1/envelopes/extend-invitations' },
		...sentInBody('envelopeId', '={{ String($parameter.envelopeId).trim() }}', checkEnvelopeId),
		output: { postReceive: [unwrapResponse] },
	},
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description: INodeProperties[] = [
	envelopeId,
	availableTo('New expiry of every pending invitation of the envelope; must be in the future'),
	options,
];
