import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { SMS_PROVIDERS } from '../../fields/enums';
import { unwrapResponse } from '../../routing/answers';
import { checkParameter, inputError, requireText, secretOf } from '../../fields/validation';
import { requireAuthorsUrl } from '../../fields/toolInputs';
import { namedValueOf, namedValueSent } from '../../fields/namedValues';
import { options, sentInBody, TRIMMED } from '../shared';

const checkSenderName = checkParameter('smsSender', requireText, 'Sender Name');
const checkUsername = checkParameter('smsUserame', requireText, 'Username');
const checkGatewayUrl = checkParameter(
	'smsUrl',
	(context, value, fieldLabel) => requireAuthorsUrl(context, 'smsUrl', value, fieldLabel),
	'Gateway URL',
);
/** A password is sent exactly as entered: spaces may be part of it. */
const checkPassword = checkParameter(
	'smsPassword',
	(context, value, fieldLabel) => {
		if (!secretOf(context, value, fieldLabel)) throw inputError(context, 'Password is required');
	},
	'Password',
);

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

/**
 * A number, as the spec's sample sends (its schema says string): a listed provider by name or number, or the number of
 * one added later (the service decides).
 */
const checkProvider = checkParameter(
	'smsProvider',
	(context, value, fieldLabel) => namedValueOf(context, value, fieldLabel, SMS_PROVIDERS),
	'Provider',
);

export const description: INodeProperties[] = [
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
		routing: sentInBody('smsProvider', namedValueSent(SMS_PROVIDERS), checkProvider),
	},
	{
		displayName: 'Gateway URL',
		name: 'smsUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://sms.example.com/api/send',
		description: "Address of the provider's sending API",
		routing: sentInBody('smsUrl', TRIMMED, checkGatewayUrl),
	},
	{
		displayName: 'Sender Name',
		name: 'smsSender',
		type: 'string',
		default: '',
		required: true,
		description: 'Sender name registered with the provider',
		routing: sentInBody('smsSender', TRIMMED, checkSenderName),
	},
	{
		displayName: 'Username',
		// Spelled as the interface has it.
		name: 'smsUserame',
		type: 'string',
		default: '',
		required: true,
		description: 'User name of the account at the provider',
		routing: sentInBody('smsUserame', TRIMMED, checkUsername),
	},
	{
		displayName: 'Password',
		name: 'smsPassword',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		required: true,
		description: 'Password (or API key) of the account at the provider',
		routing: sentInBody('smsPassword', '={{ String($value) }}', checkPassword),
	},
	options,
];
