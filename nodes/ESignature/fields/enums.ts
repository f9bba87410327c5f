import type { INodePropertyOptions } from 'n8n-workflow';

const choices = (names: Record<number, string>) =>
	Object.entries(names).map(([value, name]) => ({ name, value: Number(value) }));

// The spec does not list the service's numbers (docs/service-api.md#enumerations).

export const AUTHENTICATION_TYPES = choices({
	0: 'None',
	1: 'National Identity Provider (First Time Only)',
	2: 'SMS One-Time Password',
	3: 'Email One-Time Password',
	5: 'Digital Signature (Documents Only)',
	7: 'National Identity Provider App (Every Time)',
	9: 'Absher One-Time Password (Needs National ID)',
	10: 'WhatsApp One-Time Password',
});

export const DESTINATION_TYPES = choices({
	0: 'Creator',
	1: 'Signer',
	2: 'CC',
	3: 'Reviewer',
	4: 'Department',
});

export const INVITATION_LANGUAGES = choices({ 1: 'Arabic', 2: 'English' });

export const SMS_PROVIDERS = choices({
	1: 'Imissive',
	2: 'Msegat',
	3: 'Unifonic',
	4: 'FourJawaly',
	5: 'Infinito',
});

export const NAMED_OUTPUT_FIELDS: Record<string, INodePropertyOptions[]> = {
	authenticationType: AUTHENTICATION_TYPES,
	destinationType: DESTINATION_TYPES,
	invitationLanguage: INVITATION_LANGUAGES,
	smsProvider: SMS_PROVIDERS,
	status: choices({ 1: 'Pending', 3: 'Signed', 4: 'Rejected', 7: 'Expired' }),
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
