import type { INodeProperties } from 'n8n-workflow';

import * as extend from './extend';
import * as getSigningLinks from './getSigningLinks';
import * as send from './send';
import * as sendBulk from './sendBulk';
import * as sendBulkReminders from './sendBulkReminders';
import * as sendForEnvelope from './sendForEnvelope';
import * as sendReminder from './sendReminder';
import * as sendWithLinks from './sendWithLinks';
import {
	invitationMessageField,
	invitationSubjectField,
	documentIdField,
	linkSignerFields,
	optionsField,
	simplifyField,
} from './shared';

/** The operations, then their fields in the order the editor shows them. */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['invitation'] } },
		options: [
			extend.option,
			getSigningLinks.option,
			sendBulkReminders.option,
			sendReminder.option,
			sendWithLinks.option,
			send.option,
			sendForEnvelope.option,
			sendBulk.option,
		],
		default: 'send',
	},
	...extend.description,
	...documentIdField,
	...linkSignerFields,
	...send.description,
	...sendBulk.description,
	...sendBulkReminders.description,
	...sendForEnvelope.description,
	...sendReminder.description,
	...invitationSubjectField,
	...invitationMessageField,
	...simplifyField,
	...optionsField,
];
