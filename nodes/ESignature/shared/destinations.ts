import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { listInputProperty } from './descriptions';
import { AUTHENTICATION_TYPES, DESTINATION_TYPES, INVITATION_LANGUAGES, toNumber } from './enums';
import { findKey, isPlainObject, jsonListParameter, parseJsonParameter } from './json';
import { futureDate, inputError, requireEmail, requireHttpUrl, toText } from './validation';

/**
 * Signers ("destinations") and signer details ("signres"): one field definition and one builder each, used by every
 * operation that takes them. Endpoints want different spellings: PascalCase on v1 invitations and bulk
 * initiate-and-invite, camelCase elsewhere, plus extra fields on v2/v3 invitations.
 */
export type DestinationStyle = 'v1' | 'v1Camel' | 'bulkInvite' | 'v2';

interface DestinationField {
	/** Name of the field in the node's UI. */
	field: string;
	/** What the user sees: the field's display name, also the name used in error messages. */
	label: string;
	/** camelCase name of the API; PascalCase styles capitalise it. */
	api: string;
	styles: DestinationStyle[];
	kind: 'text' | 'email' | 'url' | 'number' | 'boolean' | 'date' | 'json';
	/** Rarely used: shown in the signer's Options collection instead of flat. */
	option?: boolean;
	/** The rest of the UI property. */
	ui: Omit<INodeProperties, 'displayName' | 'name'>;
}

const ALL: DestinationStyle[] = ['v1', 'v1Camel', 'bulkInvite', 'v2'];

const listDescription = (what: string) =>
	`${what}. Choose from the list, or specify a number using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`;

const DESTINATION_FIELDS: DestinationField[] = [
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
		kind: 'text',
		ui: {
			type: 'string',
			default: '',
			placeholder: '+966500000000',
			description: 'Mobile number for SMS invitations; leave empty to invite by email only',
		},
	},
	{
		field: 'signOrder',
		label: 'Sign Order',
		api: 'signeOrder',
		styles: ALL,
		kind: 'number',
		ui: {
			type: 'number',
			default: 0,
			description: 'Position of this signer in the signing order. 0 uses the position in this list.',
		},
	},
	{
		field: 'authenticationType',
		label: 'Authentication Type',
		api: 'authenticationType',
		styles: ALL,
		kind: 'number',
		ui: {
			type: 'options',
			options: AUTHENTICATION_TYPES,
			default: 0,
			description: listDescription('How the signer proves who they are'),
		},
	},
	{
		field: 'destinationType',
		label: 'Recipient Type',
		api: 'destinationType',
		styles: ['v2'],
		kind: 'number',
		ui: { type: 'options', options: DESTINATION_TYPES, default: 1, description: listDescription('Role of the recipient') },
	},
	{
		field: 'invitationLanguage',
		label: 'Invitation Language',
		api: 'invitationLanguage',
		styles: ['v2'],
		kind: 'number',
		ui: {
			type: 'options',
			options: INVITATION_LANGUAGES,
			default: 0,
			description: listDescription('Language of the invitation'),
		},
	},
	{
		field: 'availableTo',
		label: 'Available To',
		api: 'availableTo',
		styles: ALL,
		kind: 'date',
		option: true,
		ui: { type: 'dateTime', default: '', description: 'When the invitation expires. Leave empty for the service default.' },
	},
	{
		field: 'consentOnly',
		label: 'Consent Only',
		api: 'consentOnly',
		styles: ALL,
		kind: 'boolean',
		option: true,
		ui: { type: 'boolean', default: false, description: 'Whether the recipient only gives consent instead of signing' },
	},
	{
		field: 'allowSignAnywhere',
		label: 'Allow Signing Anywhere',
		api: 'allowUserToSignAnyWhere',
		styles: ALL,
		kind: 'boolean',
		option: true,
		ui: { type: 'boolean', default: false, description: 'Whether the signer may place the signature anywhere on the document' },
	},
	{
		field: 'dailyNotify',
		label: 'Daily Reminder',
		api: 'dailyNotify',
		styles: ['bulkInvite'],
		kind: 'boolean',
		option: true,
		ui: { type: 'boolean', default: false, description: 'Whether the signer gets a reminder every day until they sign' },
	},
	{
		field: 'escalation',
		label: 'Escalation (JSON)',
		api: 'escalation',
		styles: ['v1', 'v1Camel', 'bulkInvite'],
		kind: 'json',
		option: true,
		ui: { type: 'json', default: '', description: "Escalation settings as the service's JSON object; leave empty for none" },
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
		ui: { type: 'boolean', default: false, description: 'Whether the signer may add further recipients' },
	},
];

/** The UI field a builder check refers to; looked up by name so the list's order is free. */
function destinationField(name: string): DestinationField {
	const found = DESTINATION_FIELDS.find((f) => f.field === name);
	if (!found) throw new Error(`Unknown signer field "${name}"`);
	return found;
}

const NAME = destinationField('name');
const EMAIL = destinationField('email');
const PHONE = destinationField('phoneNumber');
const SIGN_ORDER = destinationField('signOrder');

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const apiName = (field: DestinationField, style: DestinationStyle) =>
	style === 'v1' || style === 'bulkInvite' ? pascal(field.api) : field.api;

const uiProperty = (field: DestinationField): INodeProperties =>
	({ displayName: field.label, name: field.field, ...field.ui }) as INodeProperties;

/** Examples of the JSON inputs: hints only, never the default, so that switching to JSON and running sends nothing made up. */
const SIGNERS_JSON_EXAMPLE = '[{"destinationName": "Jane Doe", "destinationEmail": "jane@example.com"}]';
const SIGNER_DETAILS_JSON_EXAMPLE = '[{"firstNameEnglish": "Jane", "familyNameEnglish": "Doe", "emailAddress": "jane@example.com"}]';

/** The signers fields of an operation: a list of fields, or JSON built by an expression. */
export function destinationsProperties(style: DestinationStyle, displayOptions: IDisplayOptions): INodeProperties[] {
	const fields = DESTINATION_FIELDS.filter((f) => f.styles.includes(style));
	const options = fields.filter((f) => f.option).sort((a, b) => a.label.localeCompare(b.label));
	return [
		listInputProperty('destinationsInput', 'Signers Input', 'signer', displayOptions),
		{
			displayName: 'Signers',
			name: 'destinations',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, sortable: true },
			placeholder: 'Add Signer',
			default: {},
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, destinationsInput: ['fields'] } },
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
		},
		{
			displayName: 'Signers (JSON)',
			name: 'destinationsJson',
			type: 'json',
			default: '[]',
			placeholder: SIGNERS_JSON_EXAMPLE,
			description: `Array of signers such as ${SIGNERS_JSON_EXAMPLE}. Field names as the API spells them (e.g. destinationName, destinationEmail, signeOrder), in either case.`,
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, destinationsInput: ['json'] } },
		},
	];
}

/**
 * Builds the signers list in the spelling the endpoint wants; refuses bad e-mails, and an empty list unless
 * `allowEmpty` (then an empty list is returned).
 */
export function buildDestinations(
	context: IExecuteSingleFunctions,
	style: DestinationStyle,
	{ allowEmpty = false }: { allowEmpty?: boolean } = {},
): IDataObject[] {
	const fromJson = context.getNodeParameter('destinationsInput', 'fields') === 'json';
	let raw: unknown[];
	if (fromJson) {
		raw = jsonListParameter(context, 'destinationsJson', 'Signers (JSON)', 'signers');
	} else {
		const entries = (context.getNodeParameter('destinations.destination', []) as IDataObject[]) ?? [];
		// The rarely used fields sit in each signer's Options collection.
		raw = entries.map(({ options, ...flat }) => ({ ...flat, ...(isPlainObject(options) ? options : {}) }));
	}
	if (!raw.length) {
		if (allowEmpty) return [];
		throw inputError(context, 'Signers: add at least one signer');
	}
	return normaliseDestinations(context, raw, style, { fromJson });
}

/**
 * A signers list (e.g. one element of a bulk JSON body) in the spelling the endpoint wants, checked like the fields.
 * `label` names the list in error messages.
 */
export function normaliseDestinations(
	context: IExecuteSingleFunctions,
	raw: unknown[],
	style: DestinationStyle,
	options: { label?: string; fromJson?: boolean } = {},
): IDataObject[] {
	const fields = DESTINATION_FIELDS.filter((f) => f.styles.includes(style));
	const fromJson = options.fromJson ?? true;
	const listLabel = options.label ?? 'Signers';
	return raw.map((entry, index) => {
		const label = `${listLabel}, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const used = new Set<string>();
		const out: IDataObject = {};
		for (const field of fields) {
			// JSON signers may use either spelling of the API, or our field names.
			const source = findKey(entry, field.api, field.field);
			if (source === undefined) continue;
			used.add(source);
			const value = entry[source];
			if (value === undefined || value === null || value === '') continue;
			const key = apiName(field, style);
			const fieldLabel = `${label}: ${field.label}`;
			if (field.kind === 'email') out[key] = requireEmail(context, value, fieldLabel);
			else if (field.kind === 'date') out[key] = futureDate(context, value, fieldLabel);
			else if (field.kind === 'number') {
				const number = toNumber(value);
				if (number === undefined) throw inputError(context, `${fieldLabel} must be a number, got "${String(value)}"`);
				if (field === SIGN_ORDER && number === 0) continue;
				out[key] = number;
			} else if (field.kind === 'json') {
				const parsed = parseJsonParameter(context, value, fieldLabel);
				if (parsed !== undefined) out[key] = parsed as IDataObject;
			} else if (field.kind === 'url') {
				const url = toText(value);
				if (url) out[key] = requireHttpUrl(context, url, fieldLabel);
			} else if (field.kind === 'text') {
				const text = toText(value);
				if (text) out[key] = text;
			} else out[key] = value as boolean;
		}
		if (!out[apiName(NAME, style)]) throw inputError(context, `${label}: ${NAME.label} is required`);
		if (!out[apiName(EMAIL, style)] && !out[apiName(PHONE, style)]) {
			throw inputError(context, `${label}: give an ${EMAIL.label} or a ${PHONE.label}`);
		}
		const orderKey = apiName(SIGN_ORDER, style);
		if (out[orderKey] === undefined) out[orderKey] = index + 1;
		// Fields the UI does not know (e.g. Signatories) pass through unchanged from JSON.
		if (fromJson) {
			for (const [key, value] of Object.entries(entry)) if (!used.has(key)) out[key] = value as IDataObject;
		}
		return out;
	});
}

const SIGNER_FIELDS: Array<{ name: string; displayName: string }> = [
	{ name: 'firstNameEnglish', displayName: 'First Name (English)' },
	{ name: 'secondNameEnglish', displayName: 'Second Name (English)' },
	{ name: 'familyNameEnglish', displayName: 'Family Name (English)' },
	{ name: 'firstNameArabic', displayName: 'First Name (Arabic)' },
	{ name: 'secondNameArabic', displayName: 'Second Name (Arabic)' },
	{ name: 'familyNameArabic', displayName: 'Family Name (Arabic)' },
	{ name: 'nationalId', displayName: 'National ID' },
	{ name: 'mobileNumber', displayName: 'Mobile Number' },
	{ name: 'emailAddress', displayName: 'Email' },
	{ name: 'authType', displayName: 'Authentication Method (Text)' },
];

const SIGNER_EMAIL = SIGNER_FIELDS.find((f) => f.name === 'emailAddress')!;

/** Signer details ("signres") of direct and identity-provider signing. */
export function signersProperties(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		listInputProperty('signersInput', 'Signer Details Input', 'signer', displayOptions),
		{
			displayName: 'Signer Details',
			name: 'signers',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Signer',
			default: {},
			required: true,
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, signersInput: ['fields'] } },
			options: [
				{
					displayName: 'Signer',
					name: 'signer',
					values: SIGNER_FIELDS.map((f) => ({
						displayName: f.displayName,
						name: f.name,
						type: 'string',
						default: '',
						...(f === SIGNER_EMAIL
							? {
									required: true,
									placeholder: 'name@email.com',
									description: 'E-mail address of the signer; the service finds the signer by it',
								}
							: {}),
						...(f.name === 'authType'
							? {
									description:
										'Optional. How this signer was verified, as text in the service\'s own words (e.g. WITHOUTVALIDATION); not the numbered Authentication Type of invitations',
								}
							: {}),
					})),
				},
			],
		},
		{
			displayName: 'Signer Details (JSON)',
			name: 'signersJson',
			type: 'json',
			default: '[]',
			placeholder: SIGNER_DETAILS_JSON_EXAMPLE,
			description: `Array of signer details with the API field names (firstNameArabic, nationalId, emailAddress, ...) such as ${SIGNER_DETAILS_JSON_EXAMPLE}. Each needs an emailAddress.`,
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, signersInput: ['json'] } },
		},
	];
}

/**
 * Builds `signres`: refuses an empty list, omits empty fields. The same check in both modes: the Email, which the
 * service matches the signer by, must be there and look like one; nothing else is required (names may be Arabic only).
 */
export function buildSigners(context: IExecuteSingleFunctions): IDataObject[] {
	const raw =
		context.getNodeParameter('signersInput', 'fields') === 'json'
			? jsonListParameter(context, 'signersJson', 'Signer Details (JSON)', 'signers')
			: ((context.getNodeParameter('signers.signer', []) as IDataObject[]) ?? []);
	if (!raw.length) throw inputError(context, 'Signer Details: add at least one signer');
	return raw.map((entry, index) => {
		const label = `Signer Details, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const out: IDataObject = {};
		for (const [key, value] of Object.entries(entry)) {
			const trimmed = typeof value === 'string' ? value.trim() : value;
			if (trimmed === undefined || trimmed === null || trimmed === '') continue;
			// Known fields go out as the spec spells them, whatever case JSON used; unknown ones pass through.
			const known = SIGNER_FIELDS.find((f) => f.name.toLowerCase() === key.toLowerCase());
			out[known?.name ?? key] = trimmed;
		}
		if (out.emailAddress === undefined) {
			throw inputError(context, `${label}: ${SIGNER_EMAIL.displayName} is required`);
		}
		out.emailAddress = requireEmail(context, out.emailAddress, `${label}: ${SIGNER_EMAIL.displayName}`);
		return out;
	});
}
