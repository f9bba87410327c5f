import type { INodeProperties } from 'n8n-workflow';

import { simplifyOutput, unwrapResponse } from '../../routing/answers';
import * as extend from './extend';
import * as getSigningLinks from './getSigningLinks';
import {
	buildExtendRequest,
	buildSendBulkRemindersRequest,
	buildSendBulkRequest,
	buildSendForEnvelopeRequest,
	buildSendReminderRequest,
	buildSendRequest,
	buildSigningLinksRequest,
	sortBySigneOrder,
} from './hooks';
import * as send from './send';
import * as sendBulk from './sendBulk';
import * as sendBulkReminders from './sendBulkReminders';
import * as sendForEnvelope from './sendForEnvelope';
import * as sendReminder from './sendReminder';
import * as sendWithLinks from './sendWithLinks';

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
					send: { preSend: [buildExtendRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Get Signing Links',
				value: 'getSigningLinks',
				action: 'Get signing links',
				description:
					'Add signers to a document and return their signing links, without sending them anything',
				routing: {
					request: { method: 'POST', url: '/api/v2/invitations/send' },
					send: { preSend: [buildSigningLinksRequest] },
					output: { postReceive: [unwrapResponse, sortBySigneOrder, simplifyOutput] },
				},
			},
			{
				name: 'Remind Several Signers',
				value: 'sendBulkReminders',
				action: 'Remind several signers',
				description: 'Remind several signers, of one or more envelopes, in one request',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/bulk/reminders/send' },
					send: { preSend: [buildSendBulkRemindersRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Remind Signer',
				value: 'sendReminder',
				action: 'Remind a signer',
				description: 'Remind one signer through the channel of the original invitation',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/reminders/send' },
					send: { preSend: [buildSendReminderRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send and Get Links',
				value: 'sendWithLinks',
				action: 'Send invitations and get signing links',
				description:
					'Invite signers to a document by e-mail or SMS and also return their signing links',
				routing: {
					request: { method: 'POST', url: '/api/v3/invitations/send' },
					send: { preSend: [buildSigningLinksRequest] },
					output: { postReceive: [unwrapResponse, sortBySigneOrder, simplifyOutput] },
				},
			},
			{
				name: 'Send for Document',
				value: 'send',
				action: 'Send invitations for a document',
				description: 'Invite signers to one document by e-mail or SMS',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations' },
					send: { preSend: [buildSendRequest] },
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
					send: { preSend: [buildSendForEnvelopeRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Send for Several Documents',
				value: 'sendBulk',
				action: 'Send invitations for several documents',
				description: 'Invite the same signers to several documents in one request',
				routing: {
					request: { method: 'POST', url: '/api/v1/invitations/bulk/send' },
					send: { preSend: [buildSendBulkRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'send',
	},
	...extend.description,
	...getSigningLinks.description,
	...send.description,
	...sendBulk.description,
	...sendBulkReminders.description,
	...sendForEnvelope.description,
	...sendReminder.description,
	...sendWithLinks.description,
];
