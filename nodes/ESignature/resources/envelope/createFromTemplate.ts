import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, simplifyProperty } from '../../fields/common';
import { optionalWebhookProperty } from '../../fields/envelope';

const properties: INodeProperties[] = [
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description: 'ID of the template, as shown in the service portal',
	},
	{
		displayName: 'Only Me as Signer',
		name: 'userOnlySigner',
		type: 'boolean',
		default: false,
		description:
			'Whether the account user is the only signer, instead of the recipients defined in the template',
	},
	optionalWebhookProperty(),
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['createFromTemplate'] } };

export const description = updateDisplayOptions(displayOptions, properties);
