import type { INodeProperties } from 'n8n-workflow';

import * as check from './check';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [check];

export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['commercialRegistration'] } },
	options: operations.map(({ option }) => option),
	default: 'check',
};
