import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../helpers/descriptions';

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
