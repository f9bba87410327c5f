import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';
import { checkLimit } from './hooks';

const properties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
		// The service has no paging: the list is cut after it arrives, at a Limit checked first.
		routing: { send: { preSend: [checkLimit] }, output: { maxResults: '={{$value}}' } },
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);
