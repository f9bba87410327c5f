import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listInputProperty, textField } from './common';
import { findFieldKey, isPlainObject, jsonListParameter } from './json';
import { CALLBACK_AUTHENTICATION_NAMES } from './enums';
import { inputError, requireEmail, textOf } from './validation';
import { optionalMobileNumber } from './phones';
import type { ItemFunctions } from '../service/itemFunctions';

const serviceAuthenticationText = (value: string) =>
	Object.entries(CALLBACK_AUTHENTICATION_NAMES).find(
		([, name]) => name.toLowerCase() === value.toLowerCase(),
	)?.[0] ?? value;

const SIGNER_DETAILS_JSON_EXAMPLE =
	'[{"firstNameEnglish": "Jane", "familyNameEnglish": "Doe", "emailAddress": "jane@example.com"}]';

const SIGNER_FIELDS = [
	textField('First Name (English)', 'firstNameEnglish'),
	textField('Second Name (English)', 'secondNameEnglish'),
	textField('Family Name (English)', 'familyNameEnglish'),
	textField('First Name (Arabic)', 'firstNameArabic'),
	textField('Second Name (Arabic)', 'secondNameArabic'),
	textField('Family Name (Arabic)', 'familyNameArabic'),
	textField('National ID', 'nationalId'),
	textField('Mobile Number', 'mobileNumber'),
	textField('Email', 'emailAddress', {
		required: true,
		placeholder: 'name@email.com',
		description: 'E-mail address of the signer; the service finds the signer by it',
	}),
	textField('Authentication Method (Text)', 'authType', {
		description:
			"Optional. How this signer was verified, as text: None (no verification; the service's " +
			"WITHOUTVALIDATION), or another of the service's own words. Not the numbered " +
			'Authentication Type of invitations.',
	}),
];

export const signersProperties = (): INodeProperties[] => [
	listInputProperty('signersInput', 'Signer Details Input', 'signer'),
	{
		displayName: 'Signer Details',
		name: 'signers',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Signer',
		default: {},
		required: true,
		displayOptions: { show: { signersInput: ['fields'] } },
		options: [{ displayName: 'Signer', name: 'signer', values: SIGNER_FIELDS }],
	},
	{
		displayName: 'Signer Details (JSON)',
		name: 'signersJson',
		type: 'json',
		default: '',
		placeholder: SIGNER_DETAILS_JSON_EXAMPLE,
		hint: `A list of signers, e.g. ${SIGNER_DETAILS_JSON_EXAMPLE}`,
		description:
			'Array of signer details. Each takes the fields of the Fields mode, named as there (First Name ' +
			'(English), National ID, Mobile Number, Email, ...) or as the API spells them (firstNameEnglish, ' +
			'nationalId, mobileNumber, emailAddress, ...), in any case and with or without spaces. Each needs an ' +
			'e-mail address.',
		displayOptions: { show: { signersInput: ['json'] } },
	},
];

/** Only the Email, which the service finds the signer by, is required. */
export function buildSigners(context: ItemFunctions) {
	const raw =
		context.getNodeParameter('signersInput', 'fields') === 'json'
			? jsonListParameter(context, 'signersJson', 'Signer Details (JSON)', 'signers')
			: ((context.getNodeParameter('signers.signer', []) as IDataObject[]) ?? []);
	if (!raw.length) throw inputError(context, 'Signer Details: add at least one signer');
	return raw.map((entry, index) => {
		const label = `Signer Details, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const out: IDataObject = {};
		const rest = { ...entry };
		for (const field of SIGNER_FIELDS) {
			const fieldLabel = `${label}: ${field.displayName}`;
			const key = findFieldKey(context, entry, fieldLabel, field.name, field.displayName);
			if (key === undefined) continue;
			delete rest[key];
			const value =
				field.name === 'mobileNumber'
					? optionalMobileNumber(context, entry[key], fieldLabel)
					: textOf(context, entry[key], fieldLabel);
			if (value)
				out[field.name] = field.name === 'authType' ? serviceAuthenticationText(value) : value;
		}
		// Unknown ones pass through, for fields the service adds later.
		for (const [key, value] of Object.entries(rest)) if ((value ?? '') !== '') out[key] = value;
		if (out.emailAddress === undefined) throw inputError(context, `${label}: Email is required`);
		out.emailAddress = requireEmail(context, out.emailAddress, `${label}: Email`);
		return out;
	});
}
