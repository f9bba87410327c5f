import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { listInputProperty, optionsCollection, textField } from './common';
import { AUTHENTICATION_TYPES, DESTINATION_TYPES, INVITATION_LANGUAGES } from './enums';
import { findFieldKey, isPlainObject, jsonListParameter, jsonObjectParameter } from './json';
import { namedValueOf } from './namedValues';
import { optionalPhone } from './phones';
import {
	booleanOf,
	futureDate,
	inputError,
	integerOf,
	optionalText,
	requireEmail,
	requireHttpUrl,
} from './validation';
import { MAX_LENGTH } from '../../../credentials/text';
import type { ItemChecks, ItemFunctions } from '../service/itemFunctions';

// PascalCase on v1 invitations and bulk invite, camelCase elsewhere, extra fields on v2/v3 invitations.
export type DestinationStyle = 'v1' | 'v1Camel' | 'bulkInvite' | 'v2';

type DestinationField = INodeProperties & {
	/** The API's name when it is not the field's. */
	api?: string;
	styles?: DestinationStyle[];
	/** What the value is checked as when its type does not say (string is text). */
	kind?: 'email' | 'phone' | 'url';
	option?: boolean;
	/** The service's numbers of an enum whose choices are names. */
	values?: INodePropertyOptions[];
};

const offByDefault = (displayName: string, name: string, description: string, more = {}) =>
	({
		displayName,
		name,
		type: 'boolean',
		default: false,
		option: true,
		description,
		...more,
	}) as const;

const listDescription = (what: string) =>
	`${what}. Choose from the list, or give a name from it (in any case) or its number with an <a ` +
	`href="https://docs.n8n.io/code/expressions/">expression</a> or the model.`;

const NAME = textField('Name', 'name', { api: 'destinationName', required: true });
const EMAIL: DestinationField = {
	displayName: 'Email',
	name: 'email',
	api: 'destinationEmail',
	kind: 'email',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
};
const PHONE = textField('Phone Number', 'phoneNumber', {
	api: 'destinationPhoneNumber',
	kind: 'phone',
	placeholder: '+966500000000',
	description:
		'Mobile number for SMS invitations, in international form (+ and the country code); leave ' +
		'empty to invite by email only',
});
const SIGN_ORDER: DestinationField = {
	displayName: 'Sign Order',
	name: 'signOrder',
	api: 'signeOrder',
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
};
const AUTHENTICATION_TYPE: DestinationField = {
	displayName: 'Authentication Type',
	name: 'authenticationType',
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
};
const NATIONAL_ID = textField('National ID', 'nationalId', {
	description: "The signer's national ID (or resident ID). Required for Absher One-Time Password.",
});
const LANGUAGE: DestinationField = {
	displayName: 'Invitation Language',
	name: 'invitationLanguage',
	styles: ['v2'],
	type: 'options',
	// By name: a saved choice keeps its meaning (docs/service-api.md#invitation-language).
	options: INVITATION_LANGUAGES.map(({ name }) => ({ name, value: name.toLowerCase() })),
	default: 'english',
	description: listDescription('Language of the invitation and the signing page'),
	values: INVITATION_LANGUAGES,
};

const DESTINATION_FIELDS: DestinationField[] = [
	NAME,
	EMAIL,
	PHONE,
	SIGN_ORDER,
	AUTHENTICATION_TYPE,
	NATIONAL_ID,
	{
		displayName: 'Recipient Type',
		name: 'destinationType',
		styles: ['v2'],
		type: 'options',
		options: DESTINATION_TYPES,
		default: 1,
		description: listDescription('Role of the recipient'),
	},
	LANGUAGE,
	{
		displayName: 'Available To',
		name: 'availableTo',
		option: true,
		type: 'dateTime',
		default: '',
		description: 'When the invitation expires. Leave empty for the service default.',
	},
	offByDefault(
		'Consent Only',
		'consentOnly',
		'Whether the recipient only gives consent instead of signing',
	),
	offByDefault(
		'Allow Signing Anywhere',
		'allowSignAnywhere',
		'Whether the signer may place the signature anywhere on the document',
		{ api: 'allowUserToSignAnyWhere' },
	),
	offByDefault(
		'Daily Reminder',
		'dailyNotify',
		'Whether the signer gets a reminder every day until they sign',
		{ styles: ['bulkInvite'] },
	),
	{
		displayName: 'Escalation (JSON)',
		name: 'escalation',
		styles: ['v1', 'v1Camel', 'bulkInvite'],
		option: true,
		type: 'json',
		default: '',
		description: "Escalation settings as the service's JSON object; leave empty for none",
	},
	textField('Redirect URL', 'redirectUrl', {
		styles: ['v2'],
		kind: 'url',
		option: true,
		description: 'Where the signer is sent after signing',
	}),
	offByDefault(
		'Allow Adding Recipients',
		'allowUserToAddDestination',
		'Whether the signer may add further recipients',
		{ styles: ['v2'] },
	),
];

const fieldsOf = (style: DestinationStyle) =>
	DESTINATION_FIELDS.filter((f) => !f.styles || f.styles.includes(style));

const apiName = ({ api, name }: DestinationField, style: DestinationStyle) => {
	const key = api ?? name;
	return style === 'v1' || style === 'bulkInvite' ? key[0].toUpperCase() + key.slice(1) : key;
};

const PACKAGE_KEYS = new Set(['api', 'styles', 'kind', 'option', 'values']);

const uiProperty = (field: DestinationField) =>
	Object.fromEntries(
		Object.entries(field).filter(([key]) => !PACKAGE_KEYS.has(key)),
	) as INodeProperties;

// A hint, never the default: switching to JSON sends nothing made up.
const SIGNERS_JSON_EXAMPLE = '[{"name": "Jane Doe", "email": "jane@example.com", "signOrder": 1}]';

export function destinationsProperties(style: DestinationStyle): INodeProperties[] {
	const fields = fieldsOf(style);
	return [
		listInputProperty('destinationsInput', 'Signers Input', 'signer'),
		{
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
						optionsCollection(fields.filter((f) => f.option).map(uiProperty)),
					],
				},
			],
		},
		{
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
		},
	];
}

// docs/service-api.md#signer-verification
const VERIFICATION_NEEDS: Record<number, [DestinationField, string]> = {
	9: [NATIONAL_ID, 'The service refuses an Absher invitation without it (error 147).'],
	10: [PHONE, 'Without it the service accepts the invitation and never sends the code.'],
};

type Check = (...args: [ItemChecks, unknown, string, DestinationField]) => unknown;

const CHECKS: Record<string, Check> = {
	email: requireEmail,
	phone: optionalPhone,
	url: (context, value, label) =>
		optionalText(context, value, label, MAX_LENGTH.url) && requireHttpUrl(context, value, label),
	string: (context, value, label) => optionalText(context, value, label),
	number: (context, value, label) => integerOf(context, value, label) || undefined,
	options: (context, value, label, field) =>
		namedValueOf(context, value, label, field.values ?? (field.options as INodePropertyOptions[])),
	boolean: booleanOf,
	dateTime: futureDate,
	json: jsonObjectParameter,
};

export function buildDestinations(
	context: ItemFunctions,
	style: DestinationStyle,
	{ allowEmpty = false }: { allowEmpty?: boolean } = {},
): IDataObject[] {
	const fromJson = context.getNodeParameter('destinationsInput', 'fields') === 'json';
	let raw: unknown[];
	if (fromJson) raw = jsonListParameter(context, 'destinationsJson', 'Signers (JSON)', 'signers');
	else {
		const entries =
			(context.getNodeParameter('destinations.destination', []) as IDataObject[]) ?? [];
		const saved = context.getNodeParameter('destinations.destination', [], {
			rawExpressions: true,
		});
		raw = entries.map(({ options, ...flat }, index) => {
			// A number saved by the field's first version (docs/service-api.md#invitation-language).
			const number = (saved as IDataObject[] | undefined)?.[index]?.[LANGUAGE.name];
			const language = typeof number === 'number' && ['Arabic', 'English'][number];
			return {
				...flat,
				...(language && { [LANGUAGE.name]: language }),
				...(isPlainObject(options) && options),
			};
		});
	}
	if (!raw.length) {
		if (allowEmpty) return [];
		throw inputError(context, 'Signers: add at least one signer');
	}
	return normaliseDestinations(context, raw, style, { fromJson });
}

export function normaliseDestinations(
	context: ItemFunctions,
	raw: unknown[],
	style: DestinationStyle,
	{ label: listLabel = 'Signers', fromJson = true }: { label?: string; fromJson?: boolean } = {},
): IDataObject[] {
	const built = raw.map((entry, index) => {
		const label = `${listLabel}, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const rest = { ...entry };
		const out: IDataObject = {};
		for (const field of fieldsOf(style)) {
			const fieldLabel = `${label}: ${field.displayName}`;
			const names = [field.api ?? field.name, field.name, field.displayName];
			const source = findFieldKey(context, entry, fieldLabel, ...names);
			if (source === undefined) continue;
			delete rest[source];
			const value = entry[source];
			if ((value ?? '') === '') continue;
			const checked = CHECKS[field.kind ?? field.type](context, value, fieldLabel, field);
			if (checked !== undefined) out[apiName(field, style)] = checked as IDataObject;
		}
		const given = (field: DestinationField) => out[apiName(field, style)];
		if (!given(NAME)) throw inputError(context, `${label}: ${NAME.displayName} is required`);
		if (!given(EMAIL) && !given(PHONE))
			throw inputError(context, `${label}: give an ${EMAIL.displayName} or a ${PHONE.displayName}`);
		// Only labels are shown: the details are personal.
		const authentication = given(AUTHENTICATION_TYPE) as number;
		const [needed, why] = VERIFICATION_NEEDS[authentication] ?? [];
		if (needed && !given(needed)) {
			const type = AUTHENTICATION_TYPES.find((option) => option.value === authentication)?.name;
			throw inputError(
				context,
				`${label} (${String(given(NAME))}): ${needed.displayName} is required when ` +
					`${AUTHENTICATION_TYPE.displayName} is ${type ?? authentication}`,
				why,
			);
		}
		// Fields the UI does not know (e.g. Signatories) pass through.
		return fromJson ? Object.assign(out, rest) : out;
	});
	// Without a Sign Order a signer signs at its position, not another's order (docs/service-api.md#decisions).
	const orderKey = apiName(SIGN_ORDER, style);
	return built.map((signer, index) => {
		if (signer[orderKey] !== undefined) return signer;
		const position = index + 1;
		const taken = built.findIndex((other) => other[orderKey] === position);
		if (taken !== -1)
			throw inputError(
				context,
				`${listLabel}, signer ${position}: ${SIGN_ORDER.displayName} is 0, which means its position ` +
					`${position}, but signer ${taken + 1} was given ${SIGN_ORDER.displayName} ${position}`,
				`Give every signer a ${SIGN_ORDER.displayName}, or none of them.`,
			);
		return { ...signer, [orderKey]: position };
	});
}
