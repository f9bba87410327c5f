import type { INodeProperties } from 'n8n-workflow';

import * as download from './download';
import * as downloadSigned from './downloadSigned';
import * as getCompleted from './getCompleted';
import * as getContent from './getContent';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [getCompleted, getContent, download, downloadSigned];

/** The Document operations. */
export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['document'] } },
	options: operations.map(({ option }) => option),
	default: 'download',
};
