import type { INodeProperties } from 'n8n-workflow';

import * as extend from './extend';
import * as getSigningLinks from './getSigningLinks';
import * as send from './send';
import * as sendBulk from './sendBulk';
import * as sendBulkReminders from './sendBulkReminders';
import * as sendForEnvelope from './sendForEnvelope';
import * as sendReminder from './sendReminder';
import * as sendWithLinks from './sendWithLinks';
import type { OperationFile } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [
	extend,
	getSigningLinks,
	sendBulkReminders,
	sendReminder,
	sendWithLinks,
	send,
	sendForEnvelope,
	sendBulk,
];

/** The Invitation operations. */
export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['invitation'] } },
	options: operations.map(({ option }) => option),
	default: 'send',
};
