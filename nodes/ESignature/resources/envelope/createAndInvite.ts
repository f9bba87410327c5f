import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, simplifyProperty } from '../../fields/common';
import { destinationsProperties } from '../../fields/recipients';
import { SEVERAL_FILES, fileInputProperties } from '../../fields/fileInput';
import { optionalWebhookProperty } from '../../fields/envelope';

const properties: INodeProperties[] = [
	...fileInputProperties(SEVERAL_FILES),
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
	optionalWebhookProperty(),
	{
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
	},
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['createAndInvite'] } };

export const description = updateDisplayOptions(displayOptions, properties);
