import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Callback Request ID',
		name: 'requestId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description:
			'The RequestId of the callback to deliver again (not a webhook ID); the trigger outputs it as requestId',
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['resend'] } };

export const description = updateDisplayOptions(displayOptions, properties);
