import * as extend from './extend';
import * as getSigningLinks from './getSigningLinks';
import * as send from './send';
import * as sendBulk from './sendBulk';
import * as sendBulkReminders from './sendBulkReminders';
import * as sendForEnvelope from './sendForEnvelope';
import * as sendReminder from './sendReminder';
import * as sendWithLinks from './sendWithLinks';

export const operations = [
	extend,
	getSigningLinks,
	sendBulkReminders,
	sendReminder,
	sendWithLinks,
	send,
	sendForEnvelope,
	sendBulk,
];

export const defaultOperation = 'send';
