import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { listInputProperty } from './common';
import { findFieldKey, isPlainObject, jsonListParameter } from './json';
import { CALLBACK_AUTHENTICATION_NAMES } from './enums';
import { inputError, requireEmail, textOf } from './validation';
import { optionalMobileNumber } from './phones';
import type { ItemFunctions } from '../service/itemFunctions';

function serviceAuthenticationText(value: string): string {
	const found = Object.entries(CALLBACK_AUTHENTICATION_NAMES).find(
		([, name]) => name.toLowerCase() === value.toLowerCase(),
	);
	return found ? found[0] : value;
}

const SIGNER_DETAILS_JSON_EXAMPLE =
	'[{"firstNameEnglish": "Jane", "familyNameEnglish": "Doe", "emailAddress": "jane@example.com"}]';

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

export function signersProperties(): INodeProperties[] {
	return [
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
										"Optional. How this signer was verified, as text: None (no verification; the service's " +
										"WITHOUTVALIDATION), or another of the service's own words. Not the numbered " +
										'Authentication Type of invitations.',
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
}

/** Only the Email, which the service finds the signer by, is required. */
export function buildSigners(context: ItemFunctions): IDataObject[] {
	const raw =
		context.getNodeParameter('signersInput', 'fields') === 'json'
			? jsonListParameter(context, 'signersJson', 'Signer Details (JSON)', 'signers')
			: ((context.getNodeParameter('signers.signer', []) as IDataObject[]) ?? []);
	if (!raw.length) throw inputError(context, 'Signer Details: add at least one signer');
	return raw.map((entry, index) => {
		const label = `Signer Details, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const out: IDataObject = {};
		const used = new Set<string>();
		for (const field of SIGNER_FIELDS) {
			const key = findFieldKey(
				context,
				entry,
				`${label}: ${field.displayName}`,
				field.name,
				field.displayName,
			);
			if (key === undefined) continue;
			used.add(key);
			const fieldLabel = `${label}: ${field.displayName}`;
			const value =
				field.name === 'mobileNumber'
					? optionalMobileNumber(context, entry[key], fieldLabel)
					: textOf(context, entry[key], fieldLabel);
			if (value)
				out[field.name] = field.name === 'authType' ? serviceAuthenticationText(value) : value;
		}
		// Unknown ones pass through, for fields the service adds later.
		for (const [key, value] of Object.entries(entry)) {
			if (used.has(key) || value === undefined || value === null || value === '') continue;
			out[key] = value;
		}
		if (out.emailAddress === undefined)
			throw inputError(context, `${label}: ${SIGNER_EMAIL.displayName} is required`);
		out.emailAddress = requireEmail(
			context,
			out.emailAddress,
			`${label}: ${SIGNER_EMAIL.displayName}`,
		);
		return out;
	});
}
