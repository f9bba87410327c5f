import type {
	IDataObject,
	IExecuteSingleFunctions,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { detailedError, detailsOf, errorItemDetails, withDetails } from './errorItems';
import type { ItemFunctions, ServiceContext } from './itemFunctions';
import { maskedAnswer, scrubbed, secretsInHand } from './secrets';

// The spec lists a subset; the rest come from the service's public documentation (docs/service-api.md#error-codes).
export const SERVICE_ERRORS: Record<number, string> = {
	1: 'The session timed out',
	3: 'The service refused the access token (unauthorized)',
	7: 'The request did not have the content type the service expects',
	8: 'The service rejected the request as invalid',
	14: 'The user is not authorized to read this document',
	16: 'The "Available To" date is in the past',
	28: 'The account has used up its quota',
	100: 'The service could not complete the operation',
	116: 'No document file was found in the request',
	121: 'The e-mail address does not belong to a signer of this envelope',
	129: 'Too many files for one envelope',
	134: 'The webhook URL is not valid',
	147: 'A national ID is required for this signer',
	149: 'The commercial registration number is not registered with the Ministry of Commerce',
	157: 'The document is larger than the service allows',
	209: 'The template has fields the recipient must fill, so it cannot be signed directly',
	227: 'The reference number is already used by another envelope of this account',
	345: 'A default webhook is already registered for this account',
	400: 'The service rejected the request',
	401: 'The service refused the access token (unauthorized)',
	404: 'The item was not found',
};

// Operations word some codes their own way: error 100 also refuses cancelling a completed envelope.
export type OperationErrors = Readonly<Record<number, string>>;

function generalMeaning(code: number) {
	// An errorCode such as "constructor" names no entry.
	return Object.hasOwn(SERVICE_ERRORS, code)
		? SERVICE_ERRORS[code]
		: `The service returned error ${code}`;
}

const STALE_WEBHOOK =
	'The Webhook chosen is no longer registered at the service: pick the E-Signature Trigger again in the Webhook list ' +
	'(its webhook was deleted, or registered with an earlier run of the emulator)';

function staleWebhookPick(node: INode, serviceMessage = '', validation: unknown = null) {
	const picked = node.parameters?.webhookId as { value?: unknown } | string | undefined;
	const value = typeof picked === 'object' ? picked?.value : picked;
	if (typeof value !== 'string' || !value.trim()) return false;
	// Bounded: the answer may be hostile (docs/security.md#hostile-answers-from-the-service).
	const said = `${serviceMessage} ${JSON.stringify(validation) ?? ''}`.slice(0, 4000);
	return said.toLowerCase().includes('webhook');
}

interface ServiceWrapper {
	data: unknown;
	errorCode: number;
	message?: string | null;
	returnUrl?: string | null;
	stateValidationErrors?: unknown;
}

export function isServiceWrapper(body: unknown): body is ServiceWrapper {
	return typeof body === 'object' && body !== null && !Array.isArray(body) && 'errorCode' in body;
}

// JSON arrives as bytes when the operation asked for a file.
export function parseBody(body: unknown): unknown {
	const bytes = Buffer.isBuffer(body) || body instanceof ArrayBuffer;
	const text = bytes ? Buffer.from(body as Buffer).toString('utf8') : body;
	if (typeof text !== 'string') return body;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

function describeValidationErrors(errors: unknown) {
	if (!errors || typeof errors !== 'object') return undefined;
	const lines = Object.entries(errors).map(
		([field, problems]) => `${field}: ${Array.isArray(problems) ? problems.join('; ') : problems}`,
	);
	return lines.join('\n') || undefined;
}

export interface SentReference {
	referenceNumber: string;
	derived: boolean;
}

function duplicateReferenceHelp({ referenceNumber, derived }: SentReference) {
	const cause = derived
		? `The node derived reference number "${referenceNumber}" from this execution and item, so an earlier ` +
			`attempt of this item (Retry On Fail, a retried execution, or a request that timed out after the service ` +
			`had created the envelope) already created its envelope. Nothing new was created.`
		: `Reference number "${referenceNumber}" is already used by an envelope of this account; reference numbers ` +
			`are unique per account. Nothing new was created.`;
	return (
		`${cause} The service has no look-up by reference number: find the envelope by "${referenceNumber}" in ` +
		`the service's portal, or take its ID from the envelope's callback (the E-Signature Trigger outputs its ` +
		`envelopeId, and the reference number the callback gave under callbackClaims).` +
		`${derived ? '' : ' To create another envelope, give a new reference number.'}`
	);
}

export type IdKind = 'envelope' | 'document';

// A create outputs both IDs side by side, and users swap them.
export interface MisplacedId {
	field: string;
	id: string;
	expected: IdKind;
	documentIds?: string[];
}

// The service's code is the editor's "Error code" (`httpCode`); the HTTP status, often 200, is in the details.
export async function serviceErrorFor(
	context: ServiceContext,
	body: unknown,
	statusCode: number,
	itemIndex?: number,
	sentReference?: SentReference,
	sent: readonly unknown[] = [],
) {
	const node = context.getNode();
	// The service may repeat a secret it was sent.
	body = scrubbed(body, await secretsInHand(context, itemIndex, sent));
	const wrapper = isServiceWrapper(body) ? body : undefined;
	const code = wrapper ? Number(wrapper.errorCode) : statusCode;
	const serviceMessage =
		(wrapper?.message ?? undefined) ||
		(typeof body === 'string' && body.length < 500 ? body : undefined);
	const validationErrors = wrapper?.stateValidationErrors;
	const stale = code === 8 && staleWebhookPick(node, serviceMessage, validationErrors);
	const meaning = stale ? STALE_WEBHOOK : generalMeaning(code);
	const reference = code === 227 ? sentReference : undefined;
	const details = [
		serviceMessage ? `Service message: ${serviceMessage}` : undefined,
		describeValidationErrors(validationErrors),
		reference ? duplicateReferenceHelp(reference) : undefined,
	].filter(Boolean);
	const errorBody: JsonObject = wrapper
		? (maskedAnswer(wrapper) as unknown as JsonObject)
		: { errorCode: code, message: serviceMessage ?? null };
	return detailedError(
		node,
		errorBody,
		{
			message: reference
				? `${meaning}: "${reference.referenceNumber}" (error ${code})`
				: `${meaning} (error ${code})`,
			description: details.join('\n') || undefined,
			httpCode: String(code),
			itemIndex,
		},
		{
			kind: 'service',
			code,
			meaning,
			serviceMessage: serviceMessage ?? null,
			httpStatus: statusCode,
			...(validationErrors && typeof validationErrors === 'object'
				? { validationErrors: validationErrors as IDataObject }
				: {}),
			...(reference ? { referenceNumber: reference.referenceNumber } : {}),
		},
	);
}

// A message that says more than the general meaning (a stale Webhook pick) stays as it is.
export function inOperationWords<T extends Error>(error: T, errors: OperationErrors) {
	const details = detailsOf(error);
	if (!details || !(error instanceof NodeApiError)) return error;
	const { kind, code } = details;
	if (kind !== 'service' || typeof code !== 'number' || details.meaning !== generalMeaning(code))
		return error;
	if (!Object.hasOwn(errors, code) || !error.message.startsWith(details.meaning)) return error;
	const meaning = errors[code];
	error.message = meaning + error.message.slice(details.meaning.length);
	withDetails(error, { ...details, meaning });
	return error;
}

export function errorOfItem(context: ItemFunctions, item: INodeExecutionData) {
	const details = errorItemDetails(item);
	const message = String(item.json.error);
	const options = { message, description: details?.description ?? undefined };
	return details && detailedError(context.getNode(), {}, options, details);
}

export function isFailedAnswer(body: unknown, statusCode: number) {
	return (isServiceWrapper(body) && Number(body.errorCode) !== 0) || statusCode >= 400;
}

// The service's only answer to an unknown or foreign ID: `errorCode: 0, data: null`.
const NO_DATA =
	'The service answered without data: the ID does not exist or belongs to another account. Check the ID.';

const NOT_FOUND = 'The requested item was not found';

export function notFoundError(context: IExecuteSingleFunctions) {
	return detailedError(
		context.getNode(),
		{ errorCode: 404, message: 'not found' },
		{
			message: NOT_FOUND,
			description: NO_DATA,
			httpCode: '404',
			itemIndex: context.getItemIndex(),
		},
		{ kind: 'service', code: 404, meaning: NOT_FOUND },
	);
}

// An answer in the mapper's words: a 404 of its own says more (no identity-provider signing at either address).
export function isNotFoundError(error: Error) {
	const details = detailsOf(error);
	if (details?.kind !== 'service') return false;
	const { code, meaning, httpStatus } = details;
	const answered =
		meaning === NOT_FOUND || (typeof code === 'number' && meaning === generalMeaning(code));
	// Error 14 answers another account's document.
	return answered && (code === 404 || code === 14 || httpStatus === 404);
}

const OF_THE_ACCOUNT =
	"It must belong to the credential's account: the service finds no ID of another account.";

// What a not-found error says of the ID given: `says` takes the place of its meaning, `help` ends its description.
function toldOfId<T extends Error>(error: T, says: (meaning: string) => string, help: string) {
	const details = detailsOf(error);
	if (!details || !(error instanceof NodeApiError) || !isNotFoundError(error)) return error;
	if (!error.message.startsWith(details.meaning)) return error;
	error.message = says(details.meaning) + error.message.slice(details.meaning.length);
	error.description =
		details.description === NO_DATA
			? `The service answered without data. ${help}`
			: [details.description, help].filter(Boolean).join('\n');
	withDetails(error, details);
	return error;
}

// The ID given, as shown, and where such an ID comes from.
export const withGivenId = <T extends Error>(
	error: T,
	{ field, id, source }: { field: string; id: string; source?: string },
) =>
	toldOfId(
		error,
		() => `${field} "${id}" was not found`,
		[source, OF_THE_ACCOUNT].filter(Boolean).join(' '),
	);

export function withMisplacedId<T extends Error>(
	error: T,
	{ field, id, expected, documentIds = [] }: MisplacedId,
) {
	const envelope = expected === 'envelope';
	const [is, not] = envelope ? ['a document', 'an envelope'] : ['an envelope', 'a document'];
	const quoted = documentIds.map((d) => `"${d}"`).join(', ');
	const takes = envelope
		? `the envelope's ID: use envelopeId from the output of the operation that created it (beside documentId) ` +
			`or of the E-Signature Trigger.`
		: `a document's ID. ` +
			(documentIds.length === 1
				? `This envelope's document ID is ${quoted}.`
				: documentIds.length
					? `This envelope's document IDs are ${quoted}.`
					: `Use documentId from the output of the operation that created the envelope (beside envelopeId).`);
	return toldOfId(
		error,
		(meaning) => `${meaning}: ${field} "${id}" is ${is} ID, not ${not} ID`,
		`The service knows "${id}" as ${is} of this account. This operation takes ${takes}`,
	);
}

export async function missingFileError(
	context: IExecuteSingleFunctions,
	body: unknown,
): Promise<NodeApiError> {
	const wrapper = isServiceWrapper(body)
		? scrubbed(body, await secretsInHand(context, context.getItemIndex()))
		: undefined;
	const meaning = 'The service answered without a file';
	return detailedError(
		context.getNode(),
		(wrapper ?? {}) as unknown as JsonObject,
		{
			message: meaning,
			description: 'Expected the document in the answer, as bytes or as Base64.',
			itemIndex: context.getItemIndex(),
		},
		{
			kind: 'service',
			code: wrapper ? Number(wrapper.errorCode) : 'NO_FILE',
			meaning,
			serviceMessage: wrapper?.message ?? null,
		},
	);
}
