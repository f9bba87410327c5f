import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import { buildDestinations, normaliseDestinations } from '../../fields/recipients';
import { isPlainObject, jsonListParameter, pick } from '../../fields/json';
import {
	futureDate,
	inputError,
	optionalPhone,
	optionalText,
	requireEmail,
	requireGuid,
	textOf,
} from '../../fields/validation';
import { MAX_LENGTH } from '../../../../credentials/text';

/** Request builders of the invitation operations. */

/** The optional invitation subject and message. */
function invitationText(
	context: IExecuteSingleFunctions,
	name: 'invitationMessage' | 'invitationSubject',
): string | undefined {
	return name === 'invitationMessage'
		? optionalText(
				context,
				context.getNodeParameter(name, ''),
				'Invitation Message',
				MAX_LENGTH.longText,
				'multi',
			)
		: optionalText(
				context,
				context.getNodeParameter(name, ''),
				'Invitation Subject',
				MAX_LENGTH.subject,
			);
}

/** A non-empty JSON list parameter. */
function jsonList(
	context: IExecuteSingleFunctions,
	name: string,
	fieldLabel: string,
	what: string,
): unknown[] {
	const list = jsonListParameter(context, name, fieldLabel, what);
	if (!list.length)
		throw inputError(context, `${fieldLabel}: add at least one ${what.replace(/s$/, '')}`);
	return list;
}

export async function buildSendRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = {
		DocumentId: requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID'),
		Destinations: buildDestinations(this, 'v1'),
	};
	return requestOptions;
}

function documentIdList(context: IExecuteSingleFunctions): string[] {
	const value = context.getNodeParameter('documentIds', '') as unknown;
	// A list from an expression, or text with the IDs separated by commas, semicolons or spaces.
	const list: unknown[] = Array.isArray(value)
		? value
		: textOf(context, value, 'Document IDs', Number.MAX_SAFE_INTEGER).split(/[\s,;]+/);
	const ids = list.filter((id) => id !== undefined && id !== null && id !== '');
	if (!ids.length) throw inputError(context, 'Document IDs: enter at least one document ID');
	return ids.map((id, index) => requireGuid(context, id, `Document IDs, ID ${index + 1}`));
}

export async function buildSendBulkRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	if (this.getNodeParameter('bulkInput', 'fields') === 'json') {
		const entries = jsonList(this, 'bulkJson', 'Invitations (JSON)', 'documents');
		requestOptions.body = entries.map((entry, index) => {
			const label = `Invitations (JSON), document ${index + 1}`;
			if (!isPlainObject(entry))
				throw inputError(this, `${label} must be an object with documentId and destinations`);
			const destinations = pick(entry, 'destinations');
			if (!Array.isArray(destinations) || !destinations.length) {
				throw inputError(this, `${label}: destinations must be a non-empty array of signers`);
			}
			return {
				documentId: requireGuid(this, pick(entry, 'documentId'), `${label}: documentId`),
				destinations: normaliseDestinations(this, destinations, 'v1Camel', {
					label: `${label}: destinations`,
				}),
			};
		});
		return requestOptions;
	}
	const documentIds = documentIdList(this);
	const destinations = buildDestinations(this, 'v1Camel');
	requestOptions.body = documentIds.map((documentId) => ({ documentId, destinations }));
	return requestOptions;
}

export async function buildSendForEnvelopeRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const envelopeId = requireGuid(this, this.getNodeParameter('envelopeId', ''), 'Envelope ID');
	const invitationMessage = invitationText(this, 'invitationMessage');
	// The service invites the envelope's pending signers; the list only adds further ones, so an empty list (in
	// either input mode) is sent as [] (not omitted) to say "nobody else".
	const destinations = buildDestinations(this, 'v1Camel', { allowEmpty: true });
	requestOptions.qs = { ...requestOptions.qs, envelopeId };
	requestOptions.body = {
		envelopeId,
		destinations,
		...(invitationMessage ? { invitationMessage } : {}),
	};
	return requestOptions;
}

export async function buildExtendRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = {
		destinationId: requireGuid(this, this.getNodeParameter('destinationId', ''), 'Invitation ID'),
		availableTo: futureDate(this, this.getNodeParameter('availableTo', ''), 'Available To'),
	};
	return requestOptions;
}

export async function buildSendReminderRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = {
		requestId: requireGuid(this, this.getNodeParameter('requestId', ''), 'Envelope ID'),
		destinationEmail: requireEmail(
			this,
			this.getNodeParameter('destinationEmail', ''),
			'Signer Email',
		),
	};
	return requestOptions;
}

export async function buildSendBulkRemindersRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const fromJson = this.getNodeParameter('remindersInput', 'fields') === 'json';
	const listLabel = fromJson ? 'Reminders (JSON)' : 'Reminders';
	const entries = fromJson
		? jsonList(this, 'remindersJson', listLabel, 'reminders')
		: ((this.getNodeParameter('reminders.reminder', []) as IDataObject[]) ?? []);
	if (!entries.length) throw inputError(this, 'Reminders: add at least one reminder');
	requestOptions.body = entries.map((entry, index) => {
		const label = `${listLabel}, reminder ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(this, `${label} must be an object`);
		// In JSON the user wrote the API's keys, so messages name those.
		const names = fromJson
			? { id: 'requestId', email: 'destinationEmail', phone: 'destinationPhone' }
			: { id: 'Envelope ID', email: 'Signer Email', phone: 'Signer Phone' };
		const requestId = requireGuid(this, pick(entry, 'requestId'), `${label}: ${names.id}`);
		const email = textOf(
			this,
			pick(entry, 'destinationEmail'),
			`${label}: ${names.email}`,
			MAX_LENGTH.email,
		);
		// The interface marks only destinationPhone as nullable: every reminder names the signer's e-mail.
		if (!email) throw inputError(this, `${label}: ${names.email} is required`);
		return {
			requestId,
			destinationEmail: requireEmail(this, email, `${label}: ${names.email}`),
			destinationPhone:
				optionalPhone(this, pick(entry, 'destinationPhone'), `${label}: ${names.phone}`) ?? null,
		};
	});
	return requestOptions;
}

/** What an invitation with signing links says, checked. */
export interface SigningLinksValues {
	documentId: string;
	destinations: IDataObject[];
	invitationMessage?: string;
	invitationSubject?: string;
}

/**
 * The body of POST /v2/invitations/send (links only) and /v3/invitations/send (send and links), from checked values.
 * Get Signing Links, Send and Get Links and Send and Wait (sendAndWait/send.ts) all send this.
 */
export function signingLinksBody(values: SigningLinksValues): IDataObject {
	const { documentId, destinations, invitationMessage, invitationSubject } = values;
	return {
		documentId,
		destinations,
		...(invitationMessage ? { invitationMessage } : {}),
		...(invitationSubject ? { invitationSubject } : {}),
	};
}

/** Get Signing Links (v2, links only) and Send and Get Links (v3, send and links) take the same body. */
export async function buildSigningLinksRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const invitationMessage = invitationText(this, 'invitationMessage');
	const invitationSubject = invitationText(this, 'invitationSubject');
	requestOptions.body = signingLinksBody({
		documentId: requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID'),
		destinations: buildDestinations(this, 'v2'),
		invitationMessage,
		invitationSubject,
	});
	return requestOptions;
}

/** Invitation records can come back out of order: they are output in signing order. */
export async function sortBySigneOrder(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const order = (item: INodeExecutionData) => {
		const value = Number(item.json.signeOrder);
		return Number.isFinite(value) ? value : Number.MAX_SAFE_INTEGER;
	};
	return items
		.map((item, index) => ({ item, index }))
		.sort((a, b) => order(a.item) - order(b.item) || a.index - b.index)
		.map(({ item }) => item);
}
