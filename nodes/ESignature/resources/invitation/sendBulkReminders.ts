import {
	eachEntry,
	ENVELOPE_ID_SOURCE,
	type IDataObject,
	type INodeProperties,
	inputError,
	isPlainObject,
	jsonListParameter,
	listInputProperty,
	MAX_LENGTH,
	optionalPhone,
	options,
	pick,
	type PreSendAction,
	requiredIdField,
	requireEmail,
	requireGuid,
	requireText,
	routing,
} from '../kit';
import { signerEmail } from './shared';

const buildReminderList: PreSendAction = async function (requestOptions) {
	const fromJson = this.getNodeParameter('remindersInput', 'fields') === 'json';
	const listLabel = fromJson ? 'Reminders (JSON)' : 'Reminders';
	const entries = fromJson
		? jsonListParameter(this, 'remindersJson', listLabel, 'reminders')
		: ((this.getNodeParameter('reminders.reminder', []) as IDataObject[]) ?? []);
	requestOptions.body = eachEntry(this, entries, listLabel, 'reminder', (entry, label) => {
		if (!isPlainObject(entry)) throw inputError(this, `${label} must be an object`);
		const names = fromJson
			? { id: 'requestId', email: 'destinationEmail', phone: 'destinationPhone' }
			: { id: 'Envelope ID', email: 'Signer Email', phone: 'Signer Phone' };
		const emailLabel = `${label}: ${names.email}`;
		return {
			requestId: requireGuid(this, pick(entry, 'requestId'), `${label}: ${names.id}`),
			// The interface marks only destinationPhone as nullable: every reminder names the signer's e-mail.
			destinationEmail: requireEmail(
				this,
				requireText(this, pick(entry, 'destinationEmail'), emailLabel, MAX_LENGTH.email),
				emailLabel,
			),
			destinationPhone:
				optionalPhone(this, pick(entry, 'destinationPhone'), `${label}: ${names.phone}`) ?? null,
		};
	});
	return requestOptions;
};

export const option = {
	name: 'Remind Several Signers',
	value: 'sendBulkReminders',
	action: 'Remind several signers',
	description: 'Remind several signers, of one or more envelopes, in one request',
	routing: routing(
		{ method: 'POST', url: '/api/v1/invitations/bulk/reminders/send' },
		{ preSend: [buildReminderList] },
	),
};

const REMINDERS_JSON_EXAMPLE =
	'[{"requestId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "destinationEmail": "jane@example.com"}]';

export const description: INodeProperties[] = [
	listInputProperty('remindersInput', 'Reminders Input', 'reminder'),
	{
		displayName: 'Reminders',
		name: 'reminders',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Reminder',
		default: {},
		required: true,
		displayOptions: { show: { remindersInput: ['fields'] } },
		options: [
			{
				displayName: 'Reminder',
				name: 'reminder',
				values: [
					{
						...requiredIdField('Envelope ID', 'requestId', ENVELOPE_ID_SOURCE),
						description: 'ID of the envelope (request) the signer was invited to',
					},
					{ ...signerEmail, description: 'E-mail address of the signer to remind' },
					{
						displayName: 'Signer Phone',
						name: 'destinationPhone',
						type: 'string',
						default: '',
						placeholder: '+966500000000',
						description:
							'Phone number of a signer invited by SMS, in international form (+ and the country code), ' +
							'in addition to the e-mail; leave empty otherwise',
					},
				],
			},
		],
	},
	{
		displayName: 'Reminders (JSON)',
		name: 'remindersJson',
		type: 'json',
		default: '',
		placeholder: REMINDERS_JSON_EXAMPLE,
		hint: `A list of reminders, e.g. ${REMINDERS_JSON_EXAMPLE}`,
		description:
			`Array of reminders such as ${REMINDERS_JSON_EXAMPLE}. Each has requestId, destinationEmail and, ` +
			'for a signer invited by SMS, destinationPhone.',
		displayOptions: { show: { remindersInput: ['json'] } },
	},
	options,
];
