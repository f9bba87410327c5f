import type { INodeProperties } from 'n8n-workflow';

import * as sign from './sign';
import * as signWithSigners from './signWithSigners';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [sign, signWithSigners];

/** The Identity Provider Signing operations. */
export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['identitySigning'] } },
	options: operations.map(({ option }) => option),
	default: 'sign',
};
