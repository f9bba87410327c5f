import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { destinationsProperties } from '../../fields/recipients';
import { simplifyOutput } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildCreateAndInviteBody, sayWhereEventsGo, unwrapWithReturnUrl } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Create and Invite',
	value: 'createAndInvite',
	action: 'Create an envelope and invite signers',
	description: 'Create an envelope from documents and send its invitations in one step',
	routing: {
		request: { method: 'POST', url: '/api/v1/envelopes/bulk/initiate-and-invite' },
		send: { preSend: [pairedWithItem(buildCreateAndInviteBody)] },
		output: { postReceive: [unwrapWithReturnUrl, sayWhereEventsGo, simplifyOutput] },
	},
};

const displayOptions = { show: { resource: ['envelope'], operation: ['createAndInvite'] } };

/** After the shared File Input, before the shared Webhook (sharedFields.ts). */
export const description: INodeProperties[] = updateDisplayOptions(displayOptions, [
	...destinationsProperties('bulkInvite'),
	{
		displayName: 'Invitation Subject',
		name: 'invitationSubject',
		type: 'string',
		default: '',
		description: 'Subject of the invitation e-mail; leave empty for the service default',
	},
	{
		displayName: 'Invitation Message',
		name: 'invitationMessage',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: 'Message to the signers; leave empty for the service default',
	},
]);

/** After the shared Webhook; then Simplify and Options. */
export const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{
			displayName: 'Include Return URL',
			name: 'isReturnUrl',
			type: 'boolean',
			default: false,
			description:
				'Whether the service returns a link to the envelope in its dashboard (output as returnUrl)',
		},
		{
			displayName: 'Save as Draft',
			name: 'saveAsDraft',
			type: 'boolean',
			default: false,
			description:
				'Whether to keep the envelope as a draft: nothing is sent until it is sent from the portal',
		},
		{
			displayName: 'Send Invitations',
			name: 'sendUserInvitation',
			type: 'boolean',
			default: true,
			description: 'Whether the service notifies the signers by e-mail or SMS',
		},
	],
	displayOptions,
};
