import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';
import { SMS_PROVIDERS } from '../../fields/enums';

const properties: INodeProperties[] = [
	{
		displayName: 'Provider',
		name: 'smsProvider',
		type: 'options',
		options: SMS_PROVIDERS,
		default: 1,
		required: true,
		description:
			'The SMS gateway the account sends invitations and one-time passwords through. Choose from the list, or give a name from it (in any case) or its number with an <a href="https://docs.n8n.io/code/expressions/">expression</a> or the model.',
	},
	{
		displayName: 'Gateway URL',
		name: 'smsUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://sms.example.com/api/send',
		description: "Address of the provider's sending API",
	},
	{
		displayName: 'Sender Name',
		name: 'smsSender',
		type: 'string',
		default: '',
		required: true,
		description: 'Sender name registered with the provider',
	},
	{
		displayName: 'Username',
		name: 'smsUserame',
		type: 'string',
		default: '',
		required: true,
		description: 'User name of the account at the provider',
	},
	{
		displayName: 'Password',
		name: 'smsPassword',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: 'Password (or API key) of the account at the provider',
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['smsProvider'], operation: ['configure'] } };

export const description = updateDisplayOptions(displayOptions, properties);
