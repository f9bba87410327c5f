import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { listInputProperty } from './common';
import { AUTHENTICATION_TYPES, DESTINATION_TYPES, INVITATION_LANGUAGES } from './enums';

// PascalCase on v1 invitations and bulk invite, camelCase elsewhere, extra fields on v2/v3 invitations.
export type DestinationStyle = 'v1' | 'v1Camel' | 'bulkInvite' | 'v2';

interface DestinationField {
	field: string;
	label: string;
	api: string;
	styles: DestinationStyle[];
	kind: 'text' | 'email' | 'phone' | 'url' | 'order' | 'enum' | 'boolean' | 'date' | 'json';
	option?: boolean;
	ui: Omit<INodeProperties, 'displayName' | 'name'>;
	/** The service's numbers of an enum whose choices are names. */
	values?: INodePropertyOptions[];
}

// By name: a saved choice keeps its meaning (docs/service-api.md#invitation-language).
const INVITATION_LANGUAGE_CHOICES: INodePropertyOptions[] = INVITATION_LANGUAGES.map(
	({ name }) => ({ name, value: name.toLowerCase() }),
);

const ALL: DestinationStyle[] = ['v1', 'v1Camel', 'bulkInvite', 'v2'];

const offByDefault = (description: string) => ({
	type: 'boolean' as const,
	default: false,
	description,
});

const listDescription = (what: string) =>
	`${what}. Choose from the list, or give a name from it (in any case) or its number with an <a ` +
	`href="https://docs.n8n.io/code/expressions/">expression</a> or the model.`;

export const DESTINATION_FIELDS: DestinationField[] = [
	{
		field: 'name',
		label: 'Name',
		api: 'destinationName',
		styles: ALL,
		kind: 'text',
		ui: { type: 'string', default: '', required: true },
	},
	{
		field: 'email',
		label: 'Email',
		api: 'destinationEmail',
		styles: ALL,
		kind: 'email',
		ui: { type: 'string', placeholder: 'name@email.com', default: '' },
	},
	{
		field: 'phoneNumber',
		label: 'Phone Number',
		api: 'destinationPhoneNumber',
		styles: ALL,
		kind: 'phone',
		ui: {
			type: 'string',
			default: '',
			placeholder: '+966500000000',
			description:
				'Mobile number for SMS invitations, in international form (+ and the country code); leave ' +
				'empty to invite by email only',
		},
	},
	{
		field: 'signOrder',
		label: 'Sign Order',
		api: 'signeOrder',
		styles: ALL,
		kind: 'order',
		ui: {
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Position of this signer in the signing order. 0 uses the position in this list, which must not be an ' +
				'order another signer was given.',
			hint: "1 signs first, then 2, …; 0 = this signer's place in the list",
			builderHint: {
				propertyHint:
					'Signing order, 1 first; 0 means the position in the list: leave 0 for all to sign in list order',
			},
		},
	},
	{
		field: 'authenticationType',
		label: 'Authentication Type',
		api: 'authenticationType',
		styles: ALL,
		kind: 'enum',
		ui: {
			type: 'options',
			options: AUTHENTICATION_TYPES,
			default: 0,
			description: listDescription('How the signer proves who they are'),
			hint:
				'None: the invitation link is enough. A one-time password goes to the Email or Phone Number given ' +
				'here; Absher needs the National ID.',
			builderHint: {
				propertyHint:
					'A value of the list: 0 None (the link alone), 3 email one-time password, ' +
					'2 SMS and 10 WhatsApp one-time password (need a phone number)',
			},
		},
	},
	{
		field: 'nationalId',
		label: 'National ID',
		api: 'nationalId',
		styles: ALL,
		kind: 'text',
		ui: {
			type: 'string',
			default: '',
			description:
				"The signer's national ID (or resident ID). Required for Absher One-Time Password.",
		},
	},
	{
		field: 'destinationType',
		label: 'Recipient Type',
		api: 'destinationType',
		styles: ['v2'],
		kind: 'enum',
		ui: {
			type: 'options',
			options: DESTINATION_TYPES,
			default: 1,
			description: listDescription('Role of the recipient'),
		},
	},
	{
		field: 'invitationLanguage',
		label: 'Invitation Language',
		api: 'invitationLanguage',
		styles: ['v2'],
		kind: 'enum',
		ui: {
			type: 'options',
			options: INVITATION_LANGUAGE_CHOICES,
			default: 'english',
			description: listDescription('Language of the invitation and the signing page'),
		},
		values: INVITATION_LANGUAGES,
	},
	{
		field: 'availableTo',
		label: 'Available To',
		api: 'availableTo',
		styles: ALL,
		kind: 'date',
		option: true,
		ui: {
			type: 'dateTime',
			default: '',
			description: 'When the invitation expires. Leave empty for the service default.',
		},
	},
	{
		field: 'consentOnly',
		label: 'Consent Only',
		api: 'consentOnly',
		styles: ALL,
		kind: 'boolean',
		option: true,
		ui: offByDefault('Whether the recipient only gives consent instead of signing'),
	},
	{
		field: 'allowSignAnywhere',
		label: 'Allow Signing Anywhere',
		api: 'allowUserToSignAnyWhere',
		styles: ALL,
		kind: 'boolean',
		option: true,
		ui: offByDefault('Whether the signer may place the signature anywhere on the document'),
	},
	{
		field: 'dailyNotify',
		label: 'Daily Reminder',
		api: 'dailyNotify',
		styles: ['bulkInvite'],
		kind: 'boolean',
		option: true,
		ui: offByDefault('Whether the signer gets a reminder every day until they sign'),
	},
	{
		field: 'escalation',
		label: 'Escalation (JSON)',
		api: 'escalation',
		styles: ['v1', 'v1Camel', 'bulkInvite'],
		kind: 'json',
		option: true,
		ui: {
			type: 'json',
			default: '',
			description: "Escalation settings as the service's JSON object; leave empty for none",
		},
	},
	{
		field: 'redirectUrl',
		label: 'Redirect URL',
		api: 'redirectUrl',
		styles: ['v2'],
		kind: 'url',
		option: true,
		ui: { type: 'string', default: '', description: 'Where the signer is sent after signing' },
	},
	{
		field: 'allowUserToAddDestination',
		label: 'Allow Adding Recipients',
		api: 'allowUserToAddDestination',
		styles: ['v2'],
		kind: 'boolean',
		option: true,
		ui: offByDefault('Whether the signer may add further recipients'),
	},
];

function destinationField(name: string): DestinationField {
	const found = DESTINATION_FIELDS.find((f) => f.field === name);
	if (!found) throw new Error(`Unknown signer field "${name}"`);
	return found;
}

export const NAME = destinationField('name');
export const EMAIL = destinationField('email');
export const PHONE = destinationField('phoneNumber');
export const SIGN_ORDER = destinationField('signOrder');
export const AUTHENTICATION_TYPE = destinationField('authenticationType');
export const NATIONAL_ID = destinationField('nationalId');
export const LANGUAGE = destinationField('invitationLanguage');

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export const apiName = (field: DestinationField, style: DestinationStyle) =>
	style === 'v1' || style === 'bulkInvite' ? pascal(field.api) : field.api;

const uiProperty = (field: DestinationField): INodeProperties =>
	({ displayName: field.label, name: field.field, ...field.ui }) as INodeProperties;

// A hint, never the default: switching to JSON sends nothing made up.
const SIGNERS_JSON_EXAMPLE = '[{"name": "Jane Doe", "email": "jane@example.com", "signOrder": 1}]';

export function destinationsProperties(style: DestinationStyle): INodeProperties[] {
	return [signersInputProperty(), signersProperty(style), signersJsonProperty()];
}

function signersInputProperty(): INodeProperties {
	return listInputProperty('destinationsInput', 'Signers Input', 'signer');
}

function signersProperty(style: DestinationStyle): INodeProperties {
	const fields = DESTINATION_FIELDS.filter((f) => f.styles.includes(style));
	const options = fields.filter((f) => f.option).sort((a, b) => a.label.localeCompare(b.label));
	return {
		displayName: 'Signers',
		name: 'destinations',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Signer',
		default: {},
		displayOptions: { show: { destinationsInput: ['fields'] } },
		options: [
			{
				displayName: 'Signer',
				name: 'destination',
				values: [
					...fields.filter((f) => !f.option).map(uiProperty),
					{
						displayName: 'Options',
						name: 'options',
						type: 'collection',
						placeholder: 'Add Option',
						default: {},
						options: options.map(uiProperty),
					},
				],
			},
		],
	};
}

function signersJsonProperty(): INodeProperties {
	return {
		displayName: 'Signers (JSON)',
		name: 'destinationsJson',
		type: 'json',
		default: '',
		placeholder: SIGNERS_JSON_EXAMPLE,
		hint: `A list of signers, e.g. ${SIGNERS_JSON_EXAMPLE}`,
		description:
			'Array of signers. Each takes the fields of the Fields mode, named as there (Name, Email, Phone Number, ' +
			'Sign Order, Authentication Type, ...) or as the API spells them (destinationName, DestinationEmail, ' +
			'signeOrder, ...), in any case and with or without spaces.',
		displayOptions: { show: { destinationsInput: ['json'] } },
	};
}
