import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkEnvelopeId } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { checkAvailableTo } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Extend Invitations',
	value: 'extendInvitations',
	action: 'Extend the invitations of an envelope',
	description: 'Move the expiry of every pending invitation of an envelope',
	routing: {
		request: { method: 'PUT', url: '/api/v1/envelopes/extend-invitations' },
		send: {
			type: 'body',
			property: 'envelopeId',
			value: '={{ String($parameter.envelopeId).trim() }}',
			preSend: [pairedWithItem(checkEnvelopeId), pairedWithItem(checkAvailableTo)],
		},
		output: { postReceive: [unwrapResponse] },
	},
};

/** After the shared Envelope ID; then Options (sharedFields.ts). */
export const description: INodeProperties[] = [
	{
		displayName: 'Available To',
		name: 'availableTo',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'New expiry of every pending invitation of the envelope; must be in the future',
		displayOptions: { show: { resource: ['envelope'], operation: ['extendInvitations'] } },
	},
];
