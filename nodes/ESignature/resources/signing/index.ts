import type { INodeProperties } from 'n8n-workflow';

import { signerFields } from './shared';
import * as sign from './sign';
import * as signByTemplate from './signByTemplate';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [sign, signByTemplate];

/** The Signing operations. */
export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['signing'] } },
	options: operations.map(({ option }) => option),
	default: 'sign',
};

/** Their fields in the order the editor shows them; Sign's Document ID is placed with Invitation's (../shared.ts). */
export const fields: INodeProperties[] = [
	...sign.description,
	signByTemplate.templateIdField,
	...signerFields,
	...signByTemplate.description,
];
