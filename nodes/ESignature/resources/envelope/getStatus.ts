import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['envelope'], operation: ['getStatus'] } };

export const getStatusDescription: INodeProperties[] = [
	envelopeIdProperty(displayOptions),
	responseOptions(displayOptions),
];
