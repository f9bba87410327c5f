import type { INodePropertyOptions } from 'n8n-workflow';

/*
 * Named values of the service's numeric fields (docs/service-api.md#enumerations; the spec does not list them). Each
 * field also accepts a raw number from an expression, for values added later.
 */

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

/** The published numbers (docs/service-api.md#enumerations): what a named choice sends, how outputs name a number. */
export const INVITATION_LANGUAGES: INodePropertyOptions[] = [
	{ name: 'Arabic', value: 1 },
	{ name: 'English', value: 2 },
];

/** Invitation Language's choices by name: a saved one keeps its meaning (docs/service-api.md#invitation-language). */
export const INVITATION_LANGUAGE_CHOICES: INodePropertyOptions[] = INVITATION_LANGUAGES.map(
	({ name }) => ({ name, value: name.toLowerCase() }),
);

/** The field's first choices were numbers: a workflow saved with one keeps meaning that language (same doc). */
export const SAVED_INVITATION_LANGUAGE_NUMBERS: Record<number, string> = {
	0: 'Arabic',
	1: 'English',
};

export const SMS_PROVIDERS: INodePropertyOptions[] = [
	{ name: 'Imissive', value: 1 },
	{ name: 'Msegat', value: 2 },
	{ name: 'Unifonic', value: 3 },
	{ name: 'FourJawaly', value: 4 },
	{ name: 'Infinito', value: 5 },
];

export const WEBHOOK_DELIVERY_STATUSES: INodePropertyOptions[] = [
	{ name: 'Pending', value: 0 },
	{ name: 'Success', value: 1 },
	{ name: 'Recall', value: 2 },
	{ name: 'Failed From Client', value: 4 },
];

/** Status of an invitation record (v2/v3 invitations): the documented signer statuses, for the outputs only. */
export const INVITATION_STATUSES: INodePropertyOptions[] = [
	{ name: 'Pending', value: 1 },
	{ name: 'Signed', value: 3 },
	{ name: 'Rejected', value: 4 },
	{ name: 'Expired', value: 7 },
];

/**
 * Numbers in answers, by field, that the simplified output names as the node's fields do. Only numbers are named
 * (`status` is text or an object in other answers); a number without a name stays.
 */
export const NAMED_OUTPUT_FIELDS: Record<string, INodePropertyOptions[]> = {
	authenticationType: AUTHENTICATION_TYPES,
	destinationType: DESTINATION_TYPES,
	invitationLanguage: INVITATION_LANGUAGES,
	smsProvider: SMS_PROVIDERS,
	status: INVITATION_STATUSES,
};

/**
 * The service's misspelt field names (docs/service-api.md), and its other names of one thing (an invitation record's
 * fileId is its document's ID), as simplified outputs and the trigger correct them.
 */
export const CORRECTED_FIELD_NAMES: Record<string, string> = {
	signeOrder: 'signOrder',
	Nationlity: 'nationality',
	ReferencNumber: 'referenceNumber',
	fileId: 'documentId',
};

/** A callback's verification text (docs/service-api.md#webhook-callbacks) as Authentication Type names it. */
export const CALLBACK_AUTHENTICATION_NAMES: Record<string, string> = {
	WITHOUTVALIDATION: String(AUTHENTICATION_TYPES.find((option) => option.value === 0)?.name),
};

/** The service's text for a verification named as the node names it ("None" → WITHOUTVALIDATION), else as given. */
export function serviceAuthenticationText(value: string): string {
	const found = Object.entries(CALLBACK_AUTHENTICATION_NAMES).find(
		([, name]) => name.toLowerCase() === value.toLowerCase(),
	);
	return found ? found[0] : value;
}

/** Callback `Status` codes (docs/service-api.md#enumerations): 1 completed, 2 rejected. */
export const CALLBACK_STATUSES: Record<number, string> = { 1: 'completed', 2: 'rejected' };

/** The API's numbers, whether an option value or an expression gave them as text. */
export function toNumber(value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	return Number.isFinite(number) ? number : undefined;
}
