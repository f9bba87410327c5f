import type { INodeProperties } from 'n8n-workflow';

import * as revoke from './revoke';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [revoke];

export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['accessToken'] } },
	options: operations.map(({ option }) => option),
	default: 'revoke',
};
