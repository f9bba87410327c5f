import type {
	IDataObject,
	IDisplayOptions,
	IExecuteSingleFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { listInputProperty } from './descriptions';
import { AUTHENTICATION_TYPES, DESTINATION_TYPES, INVITATION_LANGUAGES, toNumber } from './enums';
import { futureDate, inputError, requireEmail } from './validation';

/**
 * Signers ("destinations") and signer details ("signres"): one field definition and one builder each, used by every
 * operation that takes them. Endpoints want different spellings: PascalCase on v1 invitations and bulk
 * initiate-and-invite, camelCase elsewhere, plus extra fields on v2/v3 invitations.
 */
export type DestinationStyle = 'v1' | 'v1Camel' | 'bulkInvite' | 'v2';

interface DestinationField {
	/** Name of the field in the node's UI collection. */
	field: string;
	/** camelCase name of the API; PascalCase styles capitalise it. */
	api: string;
	styles: DestinationStyle[];
	kind: 'text' | 'email' | 'number' | 'boolean' | 'date' | 'json';
}

const ALL: DestinationStyle[] = ['v1', 'v1Camel', 'bulkInvite', 'v2'];

const DESTINATION_FIELDS: DestinationField[] = [
	{ field: 'name', api: 'destinationName', styles: ALL, kind: 'text' },
	{ field: 'email', api: 'destinationEmail', styles: ALL, kind: 'email' },
	{ field: 'phoneNumber', api: 'destinationPhoneNumber', styles: ALL, kind: 'text' },
	{ field: 'signOrder', api: 'signeOrder', styles: ALL, kind: 'number' },
	{ field: 'availableTo', api: 'availableTo', styles: ALL, kind: 'date' },
	{ field: 'consentOnly', api: 'consentOnly', styles: ALL, kind: 'boolean' },
	{ field: 'authenticationType', api: 'authenticationType', styles: ALL, kind: 'number' },
	{ field: 'allowSignAnywhere', api: 'allowUserToSignAnyWhere', styles: ALL, kind: 'boolean' },
	{ field: 'dailyNotify', api: 'dailyNotify', styles: ['bulkInvite'], kind: 'boolean' },
	{ field: 'escalation', api: 'escalation', styles: ['v1', 'v1Camel', 'bulkInvite'], kind: 'json' },
	{ field: 'destinationType', api: 'destinationType', styles: ['v2'], kind: 'number' },
	{ field: 'invitationLanguage', api: 'invitationLanguage', styles: ['v2'], kind: 'number' },
	{ field: 'redirectUrl', api: 'redirectUrl', styles: ['v2'], kind: 'text' },
	{ field: 'allowUserToAddDestination', api: 'allowUserToAddDestination', styles: ['v2'], kind: 'boolean' },
];

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const apiName = (field: DestinationField, style: DestinationStyle) =>
	style === 'v1' || style === 'bulkInvite' ? pascal(field.api) : field.api;

const FIELD_UI: Record<string, INodeProperties> = {
	name: { displayName: 'Name', name: 'name', type: 'string', default: '', required: true },
	email: { displayName: 'Email', name: 'email', type: 'string', placeholder: 'name@email.com', default: '' },
	phoneNumber: {
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		placeholder: '+966500000000',
		description: 'Mobile number for SMS invitations; leave empty to invite by email only',
	},
	signOrder: {
		displayName: 'Sign Order',
		name: 'signOrder',
		type: 'number',
		default: 0,
		description: 'Position of this signer in the signing order. 0 uses the position in this list.',
	},
	availableTo: {
		displayName: 'Available To',
		name: 'availableTo',
		type: 'dateTime',
		default: '',
		description: 'When the invitation expires. Leave empty for the service default.',
	},
	consentOnly: {
		displayName: 'Consent Only',
		name: 'consentOnly',
		type: 'boolean',
		default: false,
		description: 'Whether the recipient only gives consent instead of signing',
	},
	authenticationType: {
		displayName: 'Authentication Type',
		name: 'authenticationType',
		type: 'options',
		options: AUTHENTICATION_TYPES,
		default: 0,
		description:
			'How the signer proves who they are. Choose from the list, or specify a number using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	allowSignAnywhere: {
		displayName: 'Allow Signing Anywhere',
		name: 'allowSignAnywhere',
		type: 'boolean',
		default: false,
		description: 'Whether the signer may place the signature anywhere on the document',
	},
	dailyNotify: {
		displayName: 'Daily Reminder',
		name: 'dailyNotify',
		type: 'boolean',
		default: false,
		description: 'Whether the signer gets a reminder every day until they sign',
	},
	escalation: {
		displayName: 'Escalation (JSON)',
		name: 'escalation',
		type: 'json',
		default: '',
		description: "Escalation settings as the service's JSON object; leave empty for none",
	},
	destinationType: {
		displayName: 'Recipient Type',
		name: 'destinationType',
		type: 'options',
		options: DESTINATION_TYPES,
		default: 1,
		description:
			'Role of the recipient. Choose from the list, or specify a number using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	invitationLanguage: {
		displayName: 'Invitation Language',
		name: 'invitationLanguage',
		type: 'options',
		options: INVITATION_LANGUAGES,
		default: 0,
		description:
			'Language of the invitation. Choose from the list, or specify a number using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	redirectUrl: {
		displayName: 'Redirect URL',
		name: 'redirectUrl',
		type: 'string',
		default: '',
		description: 'Where the signer is sent after signing',
	},
	allowUserToAddDestination: {
		displayName: 'Allow Adding Recipients',
		name: 'allowUserToAddDestination',
		type: 'boolean',
		default: false,
		description: 'Whether the signer may add further recipients',
	},
};

/** The signers fields of an operation: a list of fields, or JSON built by an expression. */
export function destinationsProperties(style: DestinationStyle, displayOptions: IDisplayOptions): INodeProperties[] {
	const fields = DESTINATION_FIELDS.filter((f) => f.styles.includes(style)).map((f) => FIELD_UI[f.field]);
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
			options: [{ displayName: 'Signer', name: 'destination', values: fields }],
		},
		{
			displayName: 'Signers (JSON)',
			name: 'destinationsJson',
			type: 'json',
			default: '[\n  {\n    "destinationName": "Jane Doe",\n    "destinationEmail": "jane@example.com"\n  }\n]',
			description:
				'Array of signers. Field names as the API spells them (e.g. destinationName, destinationEmail, signeOrder), in either case.',
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, destinationsInput: ['json'] } },
		},
	];
}

/** A JSON field (n8n may hand over text or the parsed value); undefined when empty. */
export function parseJsonParameter(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): unknown {
	if (typeof value !== 'string') return value;
	if (!value.trim()) return undefined;
	try {
		return JSON.parse(value);
	} catch (error) {
		throw inputError(context, `${fieldLabel} is not valid JSON: ${(error as Error).message}`);
	}
}

/** Builds the signers list in the spelling the endpoint wants; refuses an empty list and bad e-mails. */
export function buildDestinations(context: IExecuteSingleFunctions, style: DestinationStyle): IDataObject[] {
	const mode = context.getNodeParameter('destinationsInput', 'fields') as string;
	let raw: IDataObject[];
	let fromJson = false;
	if (mode === 'json') {
		const parsed = parseJsonParameter(context, context.getNodeParameter('destinationsJson', '[]'), 'Signers (JSON)');
		if (!Array.isArray(parsed)) throw inputError(context, 'Signers (JSON) must be an array of signers');
		raw = parsed as IDataObject[];
		fromJson = true;
	} else {
		raw = (context.getNodeParameter('destinations.destination', []) as IDataObject[]) ?? [];
	}
	if (!raw.length) throw inputError(context, 'Signers: add at least one signer');
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
	return (raw as IDataObject[]).map((entry, index) => {
		const label = `${listLabel}, signer ${index + 1}`;
		if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
			throw inputError(context, `${label} must be an object`);
		}
		// JSON signers may use either spelling (and our field names): look every known field up case-insensitively.
		const byLowerName = new Map(Object.entries(entry).map(([key, value]) => [key.toLowerCase(), [key, value]] as const));
		const take = (field: DestinationField): unknown => {
			const found = byLowerName.get(field.api.toLowerCase()) ?? byLowerName.get(field.field.toLowerCase());
			if (found) byLowerName.delete(found[0].toLowerCase());
			return found?.[1];
		};
		const out: IDataObject = {};
		for (const field of fields) {
			const value = take(field);
			if (value === undefined || value === null || value === '') continue;
			const key = apiName(field, style);
			if (field.kind === 'email') out[key] = requireEmail(context, value, `${label}: Email`);
			else if (field.kind === 'date') out[key] = futureDate(context, value, `${label}: Available To`);
			else if (field.kind === 'number') {
				const number = toNumber(value);
				if (number === undefined) throw inputError(context, `${label}: ${field.field} must be a number, got "${String(value)}"`);
				if (field.field === 'signOrder' && number === 0) continue;
				out[key] = number;
			} else if (field.kind === 'json') {
				const parsed = parseJsonParameter(context, value, `${label}: Escalation (JSON)`);
				if (parsed !== undefined) out[key] = parsed as IDataObject;
			} else out[key] = value as string | boolean;
		}
		const nameKey = apiName(fields[0], style);
		const emailKey = apiName(fields[1], style);
		const phoneKey = apiName(fields[2], style);
		if (!out[nameKey]) throw inputError(context, `${label}: Name is required`);
		if (!out[emailKey] && !out[phoneKey]) throw inputError(context, `${label}: give an Email or a Phone Number`);
		const orderKey = apiName(fields[3], style);
		if (out[orderKey] === undefined) out[orderKey] = index + 1;
		// Fields the UI does not know (e.g. Signatories) pass through unchanged from JSON.
		if (fromJson) for (const [key, value] of byLowerName.values()) out[key] = value as IDataObject;
		return out;
	});
}

const SIGNER_FIELDS: Array<{ name: string; displayName: string; required?: boolean }> = [
	{ name: 'firstNameEnglish', displayName: 'First Name (English)', required: true },
	{ name: 'secondNameEnglish', displayName: 'Second Name (English)' },
	{ name: 'familyNameEnglish', displayName: 'Family Name (English)', required: true },
	{ name: 'firstNameArabic', displayName: 'First Name (Arabic)' },
	{ name: 'secondNameArabic', displayName: 'Second Name (Arabic)' },
	{ name: 'familyNameArabic', displayName: 'Family Name (Arabic)' },
	{ name: 'nationalId', displayName: 'National ID' },
	{ name: 'mobileNumber', displayName: 'Mobile Number' },
	{ name: 'emailAddress', displayName: 'Email', required: true },
	{ name: 'authType', displayName: 'Authentication Type' },
];

/** Signer details ("signres") of direct and identity-provider signing. */
export function signersProperties(displayOptions: IDisplayOptions, required = true): INodeProperties[] {
	return [
		listInputProperty('signersInput', 'Signer Details Input', 'signer', displayOptions),
		{
			displayName: 'Signer Details',
			name: 'signers',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Signer',
			default: {},
			required,
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
						...(f.name === 'emailAddress' ? { placeholder: 'name@email.com' } : {}),
						...(f.name === 'authType'
							? { description: 'Optional; as the service names it, e.g. a verification method' }
							: {}),
					})),
				},
			],
		},
		{
			displayName: 'Signer Details (JSON)',
			name: 'signersJson',
			type: 'json',
			default:
				'[\n  {\n    "firstNameEnglish": "Jane",\n    "familyNameEnglish": "Doe",\n    "emailAddress": "jane@example.com"\n  }\n]',
			description: 'Array of signer details with the API field names (firstNameArabic, nationalId, emailAddress, ...)',
			displayOptions: { ...displayOptions, show: { ...displayOptions.show, signersInput: ['json'] } },
		},
	];
}

/** Builds `signres`: refuses an empty list and bad e-mails, omits empty fields. */
export function buildSigners(context: IExecuteSingleFunctions): IDataObject[] {
	const mode = context.getNodeParameter('signersInput', 'fields') as string;
	let raw: IDataObject[];
	if (mode === 'json') {
		const parsed = parseJsonParameter(context, context.getNodeParameter('signersJson', '[]'), 'Signer Details (JSON)');
		if (!Array.isArray(parsed)) throw inputError(context, 'Signer Details (JSON) must be an array of signers');
		raw = parsed as IDataObject[];
	} else {
		raw = (context.getNodeParameter('signers.signer', []) as IDataObject[]) ?? [];
	}
	if (!raw.length) throw inputError(context, 'Signer Details: add at least one signer');
	return raw.map((entry, index) => {
		const label = `Signer Details, signer ${index + 1}`;
		if (typeof entry !== 'object' || entry === null) throw inputError(context, `${label} must be an object`);
		const out: IDataObject = {};
		for (const [key, value] of Object.entries(entry)) {
			if (value === undefined || value === null || value === '') continue;
			out[key] = typeof value === 'string' ? value.trim() : value;
		}
		if (out.emailAddress !== undefined) out.emailAddress = requireEmail(context, out.emailAddress, `${label}: Email`);
		for (const field of SIGNER_FIELDS.filter((f) => f.required && mode !== 'json')) {
			if (!out[field.name]) throw inputError(context, `${label}: ${field.displayName} is required`);
		}
		return out;
	});
}
