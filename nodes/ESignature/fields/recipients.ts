import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { listInputProperty } from './common';
import {
	AUTHENTICATION_TYPES,
	DESTINATION_TYPES,
	INVITATION_LANGUAGE_CHOICES,
	INVITATION_LANGUAGES,
	SAVED_INVITATION_LANGUAGE_NUMBERS,
} from './enums';
import { namedValueOf } from './namedValues';
import { findFieldKey, isPlainObject, jsonListParameter, jsonObjectParameter } from './json';
import {
	booleanOf,
	futureDate,
	inputError,
	integerOf,
	optionalPhone,
	refuseUnverifiableSigner,
	requireEmail,
	requireHttpUrl,
	textOf,
} from './validation';
import { MAX_LENGTH } from '../../../credentials/text';
import type { ItemFunctions } from '../service/itemFunctions';

/**
 * The recipients of invitations: the signers the service invites, which its API calls "destinations". One field
 * definition and one builder, used by every operation that takes them (the signer details of direct and
 * identity-provider signing are in signers.ts). Endpoints want different spellings: PascalCase on v1 invitations and
 * bulk initiate-and-invite, camelCase elsewhere, plus extra fields on v2/v3 invitations.
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
	kind: 'text' | 'email' | 'phone' | 'url' | 'order' | 'enum' | 'boolean' | 'date' | 'json';
	/** Rarely used: shown in the signer's Options collection instead of flat. */
	option?: boolean;
	/** The rest of the UI property. */
	ui: Omit<INodeProperties, 'displayName' | 'name'>;
	/** The service's numbers of an enum whose choices are names (ui.options); ui.options otherwise. */
	values?: INodePropertyOptions[];
}

const ALL: DestinationStyle[] = ['v1', 'v1Camel', 'bulkInvite', 'v2'];

const listDescription = (what: string) =>
	`${what}. Choose from the list, or give a name from it (in any case) or its number with an <a ` +
	`href="https://docs.n8n.io/code/expressions/">expression</a> or the model.`;

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
		ui: {
			type: 'boolean',
			default: false,
			description: 'Whether the recipient only gives consent instead of signing',
		},
	},
	{
		field: 'allowSignAnywhere',
		label: 'Allow Signing Anywhere',
		api: 'allowUserToSignAnyWhere',
		styles: ALL,
		kind: 'boolean',
		option: true,
		ui: {
			type: 'boolean',
			default: false,
			description: 'Whether the signer may place the signature anywhere on the document',
		},
	},
	{
		field: 'dailyNotify',
		label: 'Daily Reminder',
		api: 'dailyNotify',
		styles: ['bulkInvite'],
		kind: 'boolean',
		option: true,
		ui: {
			type: 'boolean',
			default: false,
			description: 'Whether the signer gets a reminder every day until they sign',
		},
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
		ui: {
			type: 'boolean',
			default: false,
			description: 'Whether the signer may add further recipients',
		},
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
const AUTHENTICATION_TYPE = destinationField('authenticationType');
const NATIONAL_ID = destinationField('nationalId');
const LANGUAGE = destinationField('invitationLanguage');

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

const apiName = (field: DestinationField, style: DestinationStyle) =>
	style === 'v1' || style === 'bulkInvite' ? pascal(field.api) : field.api;

const uiProperty = (field: DestinationField): INodeProperties =>
	({ displayName: field.label, name: field.field, ...field.ui }) as INodeProperties;

/** An example of the JSON input: a hint, never the default, so that switching to JSON sends nothing made up. */
const SIGNERS_JSON_EXAMPLE = '[{"name": "Jane Doe", "email": "jane@example.com", "signOrder": 1}]';

/** The signers fields of an operation: a list of fields, or JSON built by an expression. */
export function destinationsProperties(style: DestinationStyle): INodeProperties[] {
	return [signersInputProperty(), signersProperty(style), signersJsonProperty()];
}

/** Signers Input: Fields or JSON, the same for every style (one field where several operations show it). */
export function signersInputProperty(): INodeProperties {
	return listInputProperty('destinationsInput', 'Signers Input', 'signer');
}

/** Signers: the fields the endpoint takes in this style. */
export function signersProperty(style: DestinationStyle): INodeProperties {
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

/** Signers (JSON), the same for every style: each signer's fields are read in any of the spellings. */
export function signersJsonProperty(): INodeProperties {
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

/**
 * Builds the signers list in the spelling the endpoint wants; refuses bad e-mails, and an empty list unless
 * `allowEmpty` (then an empty list is returned).
 */
export function buildDestinations(
	context: ItemFunctions,
	style: DestinationStyle,
	{ allowEmpty = false }: { allowEmpty?: boolean } = {},
): IDataObject[] {
	const fromJson = context.getNodeParameter('destinationsInput', 'fields') === 'json';
	let raw: unknown[];
	if (fromJson) {
		raw = jsonListParameter(context, 'destinationsJson', 'Signers (JSON)', 'signers');
	} else {
		const entries =
			(context.getNodeParameter('destinations.destination', []) as IDataObject[]) ?? [];
		const saved = context.getNodeParameter('destinations.destination', [], {
			rawExpressions: true,
		}) as unknown;
		// The rarely used fields sit in each signer's Options collection.
		raw = entries.map(({ options, ...flat }, index) => ({
			...flat,
			...savedLanguage(Array.isArray(saved) ? saved[index] : undefined),
			...(isPlainObject(options) ? options : {}),
		}));
	}
	if (!raw.length) {
		if (allowEmpty) return [];
		throw inputError(context, 'Signers: add at least one signer');
	}
	return normaliseDestinations(context, raw, style, { fromJson });
}

/**
 * A language chosen from the list when its choices were numbers, as the name its user saw (fields/enums.ts); a number
 * from an expression is an expression's text here, and is sent as given.
 */
function savedLanguage(saved: unknown): IDataObject {
	const number = isPlainObject(saved) ? saved[LANGUAGE.field] : undefined;
	const name = typeof number === 'number' ? SAVED_INVITATION_LANGUAGE_NUMBERS[number] : undefined;
	return name ? { [LANGUAGE.field]: name } : {};
}

/**
 * A signers list (e.g. one element of a bulk JSON body) in the spelling the endpoint wants, checked like the fields.
 * `label` names the list in error messages.
 */
export function normaliseDestinations(
	context: ItemFunctions,
	raw: unknown[],
	style: DestinationStyle,
	options: { label?: string; fromJson?: boolean } = {},
): IDataObject[] {
	const fields = DESTINATION_FIELDS.filter((f) => f.styles.includes(style));
	const fromJson = options.fromJson ?? true;
	const listLabel = options.label ?? 'Signers';
	const built = raw.map((entry, index) => {
		const label = `${listLabel}, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const used = new Set<string>();
		const out: IDataObject = {};
		for (const field of fields) {
			// JSON signers may use either spelling of the API, our field names or the labels the Fields mode shows.
			const source = findFieldKey(
				context,
				entry,
				`${label}: ${field.label}`,
				field.api,
				field.field,
				field.label,
			);
			if (source === undefined) continue;
			used.add(source);
			const value = entry[source];
			if (value === undefined || value === null || value === '') continue;
			const key = apiName(field, style);
			const fieldLabel = `${label}: ${field.label}`;
			if (field.kind === 'email') out[key] = requireEmail(context, value, fieldLabel);
			else if (field.kind === 'phone') out[key] = optionalPhone(context, value, fieldLabel);
			else if (field.kind === 'date') out[key] = futureDate(context, value, fieldLabel);
			else if (field.kind === 'order') {
				const order = integerOf(context, value, fieldLabel, { min: 0 });
				if (order !== 0) out[key] = order;
			} else if (field.kind === 'enum') {
				out[key] = namedValueOf(
					context,
					value,
					fieldLabel,
					field.values ?? (field.ui.options as INodePropertyOptions[]),
				);
			} else if (field.kind === 'boolean') out[key] = booleanOf(context, value, fieldLabel);
			else if (field.kind === 'json') {
				// The contract's escalation is an object or null.
				const parsed = jsonObjectParameter(context, value, fieldLabel);
				if (parsed !== undefined) out[key] = parsed;
			} else if (field.kind === 'url') {
				const url = textOf(context, value, fieldLabel, MAX_LENGTH.url);
				if (url) out[key] = requireHttpUrl(context, url, fieldLabel);
			} else {
				const text = textOf(context, value, fieldLabel);
				if (text) out[key] = text;
			}
			if (out[key] === undefined) delete out[key];
		}
		if (!out[apiName(NAME, style)])
			throw inputError(context, `${label}: ${NAME.label} is required`);
		if (!out[apiName(EMAIL, style)] && !out[apiName(PHONE, style)]) {
			throw inputError(context, `${label}: give an ${EMAIL.label} or a ${PHONE.label}`);
		}
		const signer = `${label} (${String(out[apiName(NAME, style)])})`;
		refuseUnverifiableSigner(context, signer, out[apiName(AUTHENTICATION_TYPE, style)], {
			authenticationType: AUTHENTICATION_TYPE.label,
			nationalId: [NATIONAL_ID.label, out[apiName(NATIONAL_ID, style)]],
			phone: [PHONE.label, out[apiName(PHONE, style)]],
		});
		// Fields the UI does not know (e.g. Signatories) pass through unchanged from JSON.
		if (fromJson) {
			for (const [key, value] of Object.entries(entry))
				if (!used.has(key)) out[key] = value as IDataObject;
		}
		return out;
	});
	return withSignOrders(context, built, apiName(SIGN_ORDER, style), listLabel);
}

/**
 * A signer without a Sign Order signs at its position in the list (docs/service-api.md#decisions). That position must
 * not be an order another signer was given: an automatic 2 beside an explicit 2 would send two signers as second
 * without anyone asking for it. Orders given explicitly are sent as given, equal ones included.
 */
function withSignOrders(
	context: ItemFunctions,
	signers: IDataObject[],
	orderKey: string,
	listLabel: string,
): IDataObject[] {
	const explicit = new Map<number, number>();
	signers.forEach((signer, index) => {
		const order = signer[orderKey];
		if (typeof order === 'number' && !explicit.has(order)) explicit.set(order, index);
	});
	return signers.map((signer, index) => {
		if (signer[orderKey] !== undefined) return signer;
		const position = index + 1;
		const taken = explicit.get(position);
		if (taken !== undefined) {
			throw inputError(
				context,
				`${listLabel}, signer ${index + 1}: ${SIGN_ORDER.label} is 0, which means its position ${position}, but ` +
					`signer ${taken + 1} was given ${SIGN_ORDER.label} ${position}`,
				`Give every signer a ${SIGN_ORDER.label}, or none of them.`,
			);
		}
		return { ...signer, [orderKey]: position };
	});
}
