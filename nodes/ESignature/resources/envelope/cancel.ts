import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['envelope'], operation: ['cancel'] } };

export const cancelDescription: INodeProperties[] = [
	{
		displayName: 'Cancelling is final: signing stops and pending signers are notified',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
		displayOptions,
	},
	envelopeIdProperty(displayOptions),
	responseOptions(displayOptions),
];
