import type { INodePropertyOptions } from 'n8n-workflow';

// The spec does not list the service's numbers (docs/service-api.md#enumerations).

export const AUTHENTICATION_TYPES: INodePropertyOptions[] = [
	{ name: 'None', value: 0 },
	{ name: 'National Identity Provider (First Time Only)', value: 1 },
	{ name: 'SMS One-Time Password', value: 2 },
	{ name: 'Email One-Time Password', value: 3 },
	{ name: 'Digital Signature (Documents Only)', value: 5 },
	{ name: 'National Identity Provider App (Every Time)', value: 7 },
	{ name: 'Absher One-Time Password (Needs National ID)', value: 9 },
	{ name: 'WhatsApp One-Time Password', value: 10 },
];

export const DESTINATION_TYPES: INodePropertyOptions[] = [
	{ name: 'Creator', value: 0 },
	{ name: 'Signer', value: 1 },
	{ name: 'CC', value: 2 },
	{ name: 'Reviewer', value: 3 },
	{ name: 'Department', value: 4 },
];

export const INVITATION_LANGUAGES: INodePropertyOptions[] = [
	{ name: 'Arabic', value: 1 },
	{ name: 'English', value: 2 },
];

export const SMS_PROVIDERS: INodePropertyOptions[] = [
	{ name: 'Imissive', value: 1 },
	{ name: 'Msegat', value: 2 },
	{ name: 'Unifonic', value: 3 },
	{ name: 'FourJawaly', value: 4 },
	{ name: 'Infinito', value: 5 },
];

const INVITATION_STATUSES: INodePropertyOptions[] = [
	{ name: 'Pending', value: 1 },
	{ name: 'Signed', value: 3 },
	{ name: 'Rejected', value: 4 },
	{ name: 'Expired', value: 7 },
];

export const NAMED_OUTPUT_FIELDS: Record<string, INodePropertyOptions[]> = {
	authenticationType: AUTHENTICATION_TYPES,
	destinationType: DESTINATION_TYPES,
	invitationLanguage: INVITATION_LANGUAGES,
	smsProvider: SMS_PROVIDERS,
	status: INVITATION_STATUSES,
};

// The service's misspellings, and an invitation record's fileId, which is its document's ID.
export const CORRECTED_FIELD_NAMES: Record<string, string> = {
	signeOrder: 'signOrder',
	Nationlity: 'nationality',
	ReferencNumber: 'referenceNumber',
	fileId: 'documentId',
};

export const CALLBACK_AUTHENTICATION_NAMES: Record<string, string> = {
	WITHOUTVALIDATION: AUTHENTICATION_TYPES[0].name,
};

export const CALLBACK_STATUSES: Record<number, string> = { 1: 'completed', 2: 'rejected' };

export function toNumber(value: unknown) {
	if ((value ?? '') === '') return undefined;
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	return Number.isFinite(number) ? number : undefined;
}
