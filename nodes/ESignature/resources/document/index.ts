import type { INodeProperties } from 'n8n-workflow';

import * as download from './download';
import * as downloadSigned from './downloadSigned';
import * as getCompleted from './getCompleted';
import * as getContent from './getContent';
import { base64Options, binaryOutput, fileOptions } from './shared';
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

/**
 * Their fields in the order the editor shows them (each names its operations). Download and Download Completed
 * show the Document ID declared for several resources (../shared.ts), placed with Invitation's fields.
 */
export const fields: INodeProperties[] = [
	...download.description,
	...downloadSigned.description,
	...getCompleted.description,
	...getContent.description,
	binaryOutput,
	fileOptions,
	base64Options,
];
