import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';
import { destinationsProperties } from '../../shared/destinations';
import { fileInputProperties } from '../../shared/fileInput';
import { SEVERAL_FILES, optionalWebhookProperty } from './fields';

const displayOptions = { show: { resource: ['envelope'], operation: ['createAndInvite'] } };

export const createAndInviteDescription: INodeProperties[] = [
	...fileInputProperties(displayOptions, SEVERAL_FILES),
	...destinationsProperties('bulkInvite', displayOptions),
	{
		displayName: 'Invitation Subject',
		name: 'invitationSubject',
		type: 'string',
		default: '',
		description: 'Subject of the invitation e-mail; leave empty for the service default',
		displayOptions,
	},
	{
		displayName: 'Invitation Message',
		name: 'invitationMessage',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: 'Message to the signers; leave empty for the service default',
		displayOptions,
	},
	optionalWebhookProperty(displayOptions),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [
			{
				displayName: 'Include Return URL',
				name: 'isReturnUrl',
				type: 'boolean',
				default: false,
				description: 'Whether the service returns a link to the envelope in its dashboard (output as returnUrl)',
			},
			{
				displayName: 'Save as Draft',
				name: 'saveAsDraft',
				type: 'boolean',
				default: false,
				description: 'Whether to keep the envelope as a draft: nothing is sent until it is sent from the portal',
			},
			{
				displayName: 'Send Invitations',
				name: 'sendUserInvitation',
				type: 'boolean',
				default: true,
				description: 'Whether the service notifies the signers by e-mail or SMS',
			},
		],
	},
	responseOptions(displayOptions),
];
