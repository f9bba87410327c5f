import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Envelope ID',
		name: 'requestId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description:
			'ID of the envelope (request) the signer was invited to; callbacks call it RequestId',
	},
	{
		displayName: 'Signer Email',
		name: 'destinationEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description:
			'E-mail address of the signer to remind. The reminder goes out the way the invitation did.',
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['sendReminder'] } };

export const description = updateDisplayOptions(displayOptions, properties);
