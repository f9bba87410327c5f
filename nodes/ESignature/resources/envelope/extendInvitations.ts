import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	envelopeIdProperty(),
	{
		displayName: 'Available To',
		name: 'availableTo',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'New expiry of every pending invitation of the envelope; must be in the future',
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['extendInvitations'] } };

export const description = updateDisplayOptions(displayOptions, properties);
