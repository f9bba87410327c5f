import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Cancelling is final: signing stops and pending signers are notified',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
	},
	envelopeIdProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['cancel'] } };

export const description = updateDisplayOptions(displayOptions, properties);
