import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['envelope'], operation: ['extendInvitations'] } };

export const extendInvitationsDescription: INodeProperties[] = [
	envelopeIdProperty(displayOptions),
	{
		displayName: 'Available To',
		name: 'availableTo',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'New expiry of every pending invitation of the envelope; must be in the future',
		displayOptions,
	},
	responseOptions(displayOptions),
];
