import type { INodeProperties } from 'n8n-workflow';

import { unwrapResponse } from '../../shared/hooks';
import { extendDescription } from './extend';
import { getSigningLinksDescription } from './getSigningLinks';
import {
	buildBulkRemindersBody,
	buildExtendBody,
	buildReminderBody,
	buildSendBody,
	buildSendBulkBody,
	buildSendForEnvelopeBody,
	buildSigningLinksBody,
	sortBySigneOrder,
} from './hooks';
import { sendDescription } from './send';
import { sendBulkDescription } from './sendBulk';
import { sendBulkRemindersDescription } from './sendBulkReminders';
import { sendForEnvelopeDescription } from './sendForEnvelope';
import { sendReminderDescription } from './sendReminder';
import { sendWithLinksDescription } from './sendWithLinks';

const showOnlyForInvitations = { resource: ['invitation'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForInvitations },
		options: [
			{
				name: 'Extend',
				value: 'extend',
				action: 'Extend an invitation',
				description: "Move a signer's invitation expiry to a later date",
				routing: {
					request: { method: 'PUT', url: '/api/v1/invitations/extend' },
					send: { preSend: [buildExtendBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Get Signing Links',
				value: 'getSigningLinks',
				action: 'Get signing links',
				description: 'Add signers to a document and return their signing links without sending anything',
				routing: {
					request: { method: 'POST', url: '/api/v2/invitations/send' },
					send: { preSend: [buildSigningLinksBody] },
					output: { postReceive: [unwrapResponse, sortBySigneOrder] },
				},
			},
			{
				name: 'Send',
				value: 'send',
				action: 'Send invitations',
				description: 'Invite signers to a document by e-mail or SMS',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations' },
					send: { preSend: [buildSendBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send Bulk',
				value: 'sendBulk',
				action: 'Send invitations for many documents',
				description: 'Invite signers to several documents in one request',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/bulk/send' },
					send: { preSend: [buildSendBulkBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send Bulk Reminders',
				value: 'sendBulkReminders',
				action: 'Send many reminders',
				description: 'Remind several signers in one request',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/bulk/reminders/send' },
					send: { preSend: [buildBulkRemindersBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send for Envelope',
				value: 'sendForEnvelope',
				action: 'Send invitations for an envelope',
				description: 'Invite the pending signers of an envelope, optionally adding more',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/envelope' },
					send: { preSend: [buildSendForEnvelopeBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send Reminder',
				value: 'sendReminder',
				action: 'Send a reminder',
				description: 'Remind a signer through the channel of the original invitation',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/reminders/send' },
					send: { preSend: [buildReminderBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send With Links',
				value: 'sendWithLinks',
				action: 'Send invitations and get signing links',
				description: 'Invite signers by e-mail or SMS and also return their signing links',
				routing: {
					request: { method: 'POST', url: '/api/v3/invitations/send' },
					send: { preSend: [buildSigningLinksBody] },
					output: { postReceive: [unwrapResponse, sortBySigneOrder] },
				},
			},
		],
		default: 'send',
	},
	...extendDescription,
	...getSigningLinksDescription,
	...sendDescription,
	...sendBulkDescription,
	...sendBulkRemindersDescription,
	...sendForEnvelopeDescription,
	...sendReminderDescription,
	...sendWithLinksDescription,
];
