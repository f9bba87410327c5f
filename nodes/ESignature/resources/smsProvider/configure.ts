import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SMS_PROVIDERS } from '../../fields/enums';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { unwrapResponse } from '../../routing/answers';
import {
	checkGatewayUrl,
	checkPassword,
	checkSenderName,
	checkUsername,
	setProviderNumber,
} from './hooks';

export const option: INodePropertyOptions = {
	name: 'Configure',
	value: 'configure',
	action: 'Configure the SMS provider',
	description: 'Set the SMS gateway the account sends invitations and one-time passwords through',
	routing: {
		request: { method: 'PUT', url: '/api/v1/configuration/sms-provider' },
		output: { postReceive: [unwrapResponse] },
	},
};

const displayOptions = { show: { resource: ['smsProvider'], operation: ['configure'] } };

/** Text sent trimmed, after its check. */
const trimmedInto = (property: string) => ({
	type: 'body' as const,
	property,
	value: '={{ String($value).trim() }}',
});

/** The body is these fields: each says how it is sent, after its check. */
export const properties: INodeProperties[] = [
	{
		displayName: 'Provider',
		name: 'smsProvider',
		type: 'options',
		options: SMS_PROVIDERS,
		default: 1,
		required: true,
		description:
			'The SMS gateway the account sends invitations and one-time passwords through. Choose from the list, or ' +
			'give a name from it (in any case) or its number with an ' +
			'<a href="https://docs.n8n.io/code/expressions/">expression</a> or the model.',
		displayOptions,
		// A name becomes its number, which routing.send cannot look up.
		routing: { send: { preSend: [pairedWithItem(setProviderNumber)] } },
	},
	{
		displayName: 'Gateway URL',
		name: 'smsUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://sms.example.com/api/send',
		description: "Address of the provider's sending API",
		displayOptions,
		routing: { send: { ...trimmedInto('smsUrl'), preSend: [pairedWithItem(checkGatewayUrl)] } },
	},
	{
		displayName: 'Sender Name',
		name: 'smsSender',
		type: 'string',
		default: '',
		required: true,
		description: 'Sender name registered with the provider',
		displayOptions,
		routing: { send: { ...trimmedInto('smsSender'), preSend: [pairedWithItem(checkSenderName)] } },
	},
	{
		displayName: 'Username',
		// Spelled as the interface has it.
		name: 'smsUserame',
		type: 'string',
		default: '',
		required: true,
		description: 'User name of the account at the provider',
		displayOptions,
		routing: { send: { ...trimmedInto('smsUserame'), preSend: [pairedWithItem(checkUsername)] } },
	},
	{
		displayName: 'Password',
		name: 'smsPassword',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: 'Password (or API key) of the account at the provider',
		displayOptions,
		routing: {
			send: {
				type: 'body',
				property: 'smsPassword',
				value: '={{ String($value) }}',
				preSend: [pairedWithItem(checkPassword)],
			},
		},
	},
];
