import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['invitation'], operation: ['extend'] } };

export const extendDescription: INodeProperties[] = [
	{
		displayName: 'Invitation ID',
		name: 'destinationId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description:
			"ID of the signer's invitation, as in the invitation records that Get Signing Links and Send With Links output",
		displayOptions,
	},
	{
		displayName: 'Available To',
		name: 'availableTo',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'New expiry of the invitation; must be in the future',
		displayOptions,
	},
	responseOptions(displayOptions),
];
