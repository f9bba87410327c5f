import type { INodeProperties } from 'n8n-workflow';

import * as revoke from './revoke';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['accessToken'] } },
		options: [revoke.option],
		default: 'revoke',
	},
	...revoke.properties,
];
