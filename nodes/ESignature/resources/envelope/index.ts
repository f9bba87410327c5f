import * as addFiles from './addFiles';
import * as cancel from './cancel';
import * as create from './create';
import * as createAndInvite from './createAndInvite';
import * as createBulk from './createBulk';
import * as createFromBase64 from './createFromBase64';
import * as createFromTemplate from './createFromTemplate';
import * as extendInvitations from './extendInvitations';
import * as getStatus from './getStatus';

export const operations = [
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

export const defaultOperation = 'create';
