import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['webhook'], operation: ['getAll'] } };

export const getAllDescription: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		displayOptions,
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { ...displayOptions.show, returnAll: [false] } },
		// The service has no paging: the list is cut after it arrives.
		routing: { output: { maxResults: '={{$value}}' } },
	},
	responseOptions(displayOptions),
];
