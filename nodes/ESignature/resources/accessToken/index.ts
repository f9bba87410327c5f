import type { INodeProperties } from 'n8n-workflow';

import * as revoke from './revoke';

export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['accessToken'] } },
	options: [revoke.option],
	default: 'revoke',
};

export const fields: INodeProperties[] = [...revoke.properties];
