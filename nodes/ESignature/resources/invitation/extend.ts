import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Invitation ID',
		name: 'destinationId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description:
			"ID of the signer's invitation: the ID that Invitation → Get Signing Links or Send and Get Links outputs for each signer, one item per signer (match them by signOrder or destination). Send for Document, Send for Several Documents and Send for Envelope answer only true, so they give no ID.",
	},
	{
		displayName: 'Available To',
		name: 'availableTo',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'New expiry of the invitation; must be in the future',
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['extend'] } };

export const description = updateDisplayOptions(displayOptions, properties);
