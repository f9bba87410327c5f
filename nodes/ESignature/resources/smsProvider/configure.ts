import {
	inputError,
	namedValueOf,
	options,
	requireAuthorsUrl,
	requireText,
	routing,
	secretOf,
	sentField,
	SMS_PROVIDERS,
} from '../kit';

export const option = {
	name: 'Configure',
	value: 'configure',
	action: 'Configure the SMS provider',
	description: 'Set the SMS gateway the account sends invitations and one-time passwords through',
	routing: routing({ method: 'PUT', url: '/api/v1/configuration/sms-provider' }),
};

export const description = [
	// A number, as the spec's sample sends (its schema says string): a listed provider, or one added later.
	sentField(
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
		},
		(context, value, label) => namedValueOf(context, value, label, SMS_PROVIDERS),
	),
	sentField(
		{
			displayName: 'Gateway URL',
			name: 'smsUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://sms.example.com/api/send',
			description: "Address of the provider's sending API",
		},
		(context, value, label) => requireAuthorsUrl(context, 'smsUrl', value, label),
	),
	sentField(
		{
			displayName: 'Sender Name',
			name: 'smsSender',
			type: 'string',
			default: '',
			required: true,
			description: 'Sender name registered with the provider',
		},
		(context, value, label) => requireText(context, value, label),
	),
	sentField(
		{
			displayName: 'Username',
			// Spelled as the interface has it.
			name: 'smsUserame',
			type: 'string',
			default: '',
			required: true,
			description: 'User name of the account at the provider',
		},
		(context, value, label) => requireText(context, value, label),
	),
	// Exactly as entered: spaces may be part of it.
	sentField(
		{
			displayName: 'Password',
			name: 'smsPassword',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Password (or API key) of the account at the provider',
		},
		(context, value, label) => {
			const password = secretOf(context, value, label);
			if (!password) throw inputError(context, 'Password is required');
			return password;
		},
	),
	options,
];
