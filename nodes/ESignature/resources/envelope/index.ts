import type { INodeProperties } from 'n8n-workflow';

import * as addFiles from './addFiles';
import * as cancel from './cancel';
import * as create from './create';
import * as createAndInvite from './createAndInvite';
import * as createBulk from './createBulk';
import * as createFromBase64 from './createFromBase64';
import * as createFromTemplate from './createFromTemplate';
import * as extendInvitations from './extendInvitations';
import * as getStatus from './getStatus';
import { envelopeId, type OperationFile } from '../shared';
import { severalFiles, webhook } from './shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [
	addFiles,
	cancel,
	createAndInvite,
	createFromBase64,
	createBulk,
	create,
	createFromTemplate,
	extendInvitations,
	getStatus,
];

/** The Envelope operations. */
export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['envelope'] } },
	options: operations.map(({ option }) => option),
	default: 'create',
};

/**
 * Their fields in the order the editor shows them: each field names the operations it shows for, so an operation
 * sees its own fields (its file) between the shared ones (shared.ts; Envelope ID in ../shared.ts).
 */
export const fields: INodeProperties[] = [
	...cancel.description,
	...createBulk.description,
	...createFromTemplate.description,
	envelopeId,
	...extendInvitations.description,
	...addFiles.description,
	...getStatus.description,
	...severalFiles,
	...createFromBase64.description,
	...createAndInvite.description,
	...create.description,
	webhook,
	create.additionalFields,
	createAndInvite.additionalFields,
	createBulk.additionalFields,
	createFromBase64.additionalFields,
];
