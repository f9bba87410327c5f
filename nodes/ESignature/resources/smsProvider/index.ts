import type { INodeProperties } from 'n8n-workflow';

import * as configure from './configure';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [configure];

export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['smsProvider'] } },
	options: operations.map(({ option }) => option),
	default: 'configure',
};
