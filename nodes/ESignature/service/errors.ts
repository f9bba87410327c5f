import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { MAX_ANSWER_DEPTH, nestedDeeperThan } from './depth';
import { errorOutputTakesDetails } from './n8n1';
import { isRedirect, redirectNotFollowed } from './redirects';
import { maskedAnswer, nodeForErrors, scrubbed, scrubbedText, secretsInHand } from './secrets';
import type { ServiceContext } from './transport';
import type { ItemFunctions } from './itemFunctions';

/**
 * What each error code of the service means, in words a workflow builder can act on. The spec lists a subset; the rest
 * come from the service's public documentation (docs/service-api.md#error-codes). An unknown code still produces an
 * error with the code and the service's own message.
 */
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

/**
 * Codes that mean something more precise on one operation ("resource:operation"). Error 100 is the service's general
 * error, and also what it answers a signer who has not authenticated with the identity provider and the cancellation
 * of a completed envelope (docs/service-api.md#error-codes); the service's own message, kept in every error, tells
 * which.
 */
const OPERATION_ERRORS: Record<string, Record<number, string>> = {
	'identitySigning:sign': {
		100:
			'The service could not sign: the signer has not authenticated with the identity provider yet, ' +
			'or signing failed',
	},
	'identitySigning:signWithSigners': {
		100:
			'The service could not sign: the signer has not authenticated with the identity provider yet, ' +
			'or signing failed',
	},
	'envelope:cancel': {
		100: 'The service could not cancel the envelope: a completed envelope cannot be cancelled',
	},
};

/** Error 8 about the Webhook a create was given: the pick names a webhook the service no longer has. */
const STALE_WEBHOOK =
	'The Webhook chosen is no longer registered at the service: pick the E-Signature Trigger again in the Webhook list ' +
	'(its webhook was deleted, or registered with an earlier run of the emulator)';

/** Whether an error 8 is about the Webhook the node was given (the service names the field or says "webhook"). */
function staleWebhookPick(
	node: INode,
	code: number,
	serviceMessage: string | undefined,
	validation: unknown,
): boolean {
	if (code !== 8) return false;
	const picked = node.parameters?.webhookId as { value?: unknown } | string | undefined;
	const value = typeof picked === 'object' && picked !== null ? picked.value : picked;
	if (typeof value !== 'string' || !value.trim()) return false;
	// Bounded: the service's answer is read only so far (docs/security.md#hostile-answers-from-the-service).
	const said = `${serviceMessage ?? ''} ${JSON.stringify(validation ?? null) ?? ''}`
		.slice(0, 4000)
		.toLowerCase();
	return said.includes('webhook');
}

/** Where an error comes from: the service's answer, the node's input, or the connection to the service. */
export type ErrorKind = 'service' | 'input' | 'connection' | 'other' | 'credential';

/** The code of errors in what the user entered, found before anything is sent. */
export const INVALID_INPUT = 'INVALID_INPUT';

/**
 * What an error item carries for the next node, beside n8n's `error` text (docs/n8n-notes.md#continue-on-fail):
 * the service's code (or the kind of failure), its meaning in plain words and the service's own message.
 */
export interface ErrorDetails {
	kind: ErrorKind;
	/** The service's errorCode (or the HTTP status of an unwrapped answer), INVALID_INPUT, or a connection code. */
	code: number | string;
	/** The code's meaning in plain words (for input errors, what is wrong and in which field). */
	meaning: string;
	/** The service's own message, which tells apart the cases one code covers. */
	serviceMessage: string | null;
	/** The HTTP status of the answer (the service sends most errors with 200). */
	httpStatus: number | null;
	/** What to do about it, as the error's description says. */
	description: string | null;
	/** Error 8: the service's field-by-field problems. */
	validationErrors?: IDataObject;
	/** Error 227: the reference number that exists. */
	referenceNumber?: string;
}

/** Where an error made by this package, or an error item made by failed(), carries its details. */
const DETAILS = Symbol('error details');

type WithDetails = { [DETAILS]?: ErrorDetails };

/** Puts the details on the error or item itself, hidden from enumeration as n8n serialises and copies both. */
function carry(target: object, details: ErrorDetails): void {
	Object.defineProperty(target, DETAILS, { value: details, configurable: true });
}

/** Records what an error item of this error must carry. */
export function withDetails<T extends Error>(
	error: T,
	details: Omit<ErrorDetails, 'description'>,
): T {
	const description = (error as { description?: string | null }).description ?? null;
	carry(error, { ...details, description });
	return error;
}

/** Whether the error was made by this package's mapper or checks (and so carries its details). */
export function hasDetails(error: Error): boolean {
	return (error as WithDetails)[DETAILS] !== undefined;
}

/** The details of any error a hook or the routing engine raised; errors made elsewhere get what can be read. */
export function errorDetails(error: Error): ErrorDetails {
	const known = (error as WithDetails)[DETAILS];
	if (known) return known;
	const { httpCode, description } = error as {
		httpCode?: string | null;
		description?: string | null;
	};
	return {
		kind: 'other',
		code: httpCode ?? 'ERROR',
		meaning: error.message,
		serviceMessage: null,
		httpStatus: null,
		description: description ?? null,
	};
}

export interface ServiceWrapper {
	data: unknown;
	errorCode: number;
	message?: string | null;
	returnUrl?: string | null;
	stateValidationErrors?: unknown;
}

export function isServiceWrapper(body: unknown): body is ServiceWrapper {
	return typeof body === 'object' && body !== null && !Array.isArray(body) && 'errorCode' in body;
}

/** JSON bodies arrive parsed, or as bytes when the operation asked for a file. */
export function parseBody(body: unknown): unknown {
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) {
		const text = Buffer.from(body as Buffer).toString('utf8');
		try {
			return JSON.parse(text);
		} catch {
			return text;
		}
	}
	if (typeof body === 'string') {
		try {
			return JSON.parse(body);
		} catch {
			return body;
		}
	}
	return body;
}

function describeValidationErrors(errors: unknown): string | undefined {
	if (!errors || typeof errors !== 'object') return undefined;
	const lines = Object.entries(errors as IDataObject).map(
		([field, problems]) =>
			`${field}: ${Array.isArray(problems) ? problems.join('; ') : String(problems)}`,
	);
	return lines.length ? lines.join('\n') : undefined;
}

/** A reference number a create request carried, and whether the node derived it (docs/service-api.md#decisions). */
export interface SentReference {
	referenceNumber: string;
	derived: boolean;
}

/**
 * Where the item's context keeps the reference number its create request carried, for explaining error 227: n8n runs
 * an item's preSend and postReceive hooks with the same context object (docs/n8n-notes.md#routing-engine).
 */
const SENT_REFERENCE = Symbol('sent reference number');

type WithSentReference = { [SENT_REFERENCE]?: SentReference };

export function noteSentReference(
	context: IExecuteSingleFunctions,
	reference: SentReference,
): void {
	Object.defineProperty(context, SENT_REFERENCE, { value: reference, configurable: true });
}

/** Error 227 on a create: which reference exists, why, and how to reach the envelope that has it. */
function duplicateReferenceHelp({ referenceNumber, derived }: SentReference): string {
	const cause = derived
		? `The node derived reference number "${referenceNumber}" from this execution and item, so an earlier ` +
			`attempt of this item (Retry On Fail, a retried execution, or a request that timed out after the service ` +
			`had created the envelope) already created its envelope. Nothing new was created.`
		: `Reference number "${referenceNumber}" is already used by an envelope of this account; reference numbers ` +
			`are unique per account. Nothing new was created.`;
	return (
		`${cause} The service has no look-up by reference number: find the envelope by "${referenceNumber}" in ` +
		`the service's portal, or take its ID from the envelope's callback (the E-Signature Trigger outputs ` +
		`referenceNumber and requestId).${derived ? '' : ' To create another envelope, give a new reference number.'}`
	);
}

/** The two kinds of ID a create outputs side by side (envelopeId, documentId), and users swap. */
export type IdKind = 'envelope' | 'document';

/** An ID given for one kind of item that the service knows as the other, learnt after it answered "not found". */
export interface MisplacedId {
	/** The field, as the editor names it. */
	field: string;
	id: string;
	/** What the field takes; the ID is of the other kind. */
	expected: IdKind;
	/** An envelope ID given for a document: the envelope's documents, when the service named them. */
	documentIds?: string[];
}

/** Asks the service what an ID it did not find is; called only after a not-found answer (routing/misplacedIds.ts). */
export type MisplacedIdProbe = () => Promise<MisplacedId | undefined>;

/** A not-found answer for an ID of the other kind: what it is, and which ID the operation takes. */
function misplacedIdHelp({ field, id, expected, documentIds }: MisplacedId) {
	if (expected === 'envelope') {
		return {
			said: `${field} "${id}" is a document ID, not an envelope ID`,
			help:
				`The service knows "${id}" as a document of this account. This operation takes the envelope's ID: use ` +
				`envelopeId from the output of the operation that created it (beside documentId), or requestId from ` +
				`the E-Signature Trigger.`,
		};
	}
	const quoted = (documentIds ?? []).map((d) => `"${d}"`);
	const documents =
		quoted.length === 1
			? `This envelope's document ID is ${quoted[0]}.`
			: quoted.length > 1
				? `This envelope's document IDs are ${quoted.join(', ')}.`
				: `Use documentId from the output of the operation that created the envelope (beside envelopeId).`;
	return {
		said: `${field} "${id}" is an envelope ID, not a document ID`,
		help:
			`The service knows "${id}" as an envelope of this account. This operation takes a document's ID. ` +
			documents,
	};
}

/** 404 by HTTP status or by errorCode: the service did not find what the request named. */
function isNotFoundAnswer(body: unknown, statusCode: number): boolean {
	return statusCode === 404 || (isServiceWrapper(body) && Number(body.errorCode) === 404);
}

/** A service answer as an n8n error: the error code's meaning, the service's message, the item it belongs to. */
export async function serviceError(
	context: IExecuteSingleFunctions,
	body: unknown,
	statusCode: number,
	misplacedId?: MisplacedId,
): Promise<NodeApiError> {
	return await serviceErrorFor(context, body, statusCode, context.getItemIndex(), {
		sentReference: (context as WithSentReference)[SENT_REFERENCE],
		misplacedId,
	});
}

/**
 * serviceError for callers without an item, such as the trigger's webhook lifecycle. The service's code is the error
 * code n8n shows (the editor's "Error code" is `httpCode`); the HTTP status, often 200, is in the details.
 */
export async function serviceErrorFor(
	context: ServiceContext,
	body: unknown,
	statusCode: number,
	itemIndex?: number,
	{ sentReference, misplacedId }: { sentReference?: SentReference; misplacedId?: MisplacedId } = {},
	sent: readonly unknown[] = [],
): Promise<NodeApiError> {
	const node = context.getNode();
	// The service may repeat a secret it was sent: nothing of its answer is shown unscrubbed of the secrets of this
	// credential and node (service/secrets.ts), and nothing is scrubbed of anyone else's.
	body = scrubbed(body, await secretsInHand(context, itemIndex, sent));
	const wrapper = isServiceWrapper(body) ? body : undefined;
	const code = wrapper ? Number(wrapper.errorCode) : statusCode;
	const serviceMessage =
		(wrapper?.message ?? undefined) ||
		(typeof body === 'string' && body.length < 500 ? body : undefined);
	const operation = `${String(node.parameters?.resource ?? '')}:${String(node.parameters?.operation ?? '')}`;
	// Own properties only: an errorCode such as "constructor" names no entry of these tables.
	const forOperation = Object.hasOwn(OPERATION_ERRORS, operation)
		? OPERATION_ERRORS[operation]
		: {};
	const meaning =
		(staleWebhookPick(node, code, serviceMessage, wrapper?.stateValidationErrors)
			? STALE_WEBHOOK
			: undefined) ??
		(Object.hasOwn(forOperation, code) ? forOperation[code] : undefined) ??
		(Object.hasOwn(SERVICE_ERRORS, code) ? SERVICE_ERRORS[code] : undefined) ??
		`The service returned error ${code}`;
	const reference = code === 227 ? sentReference : undefined;
	const misplaced =
		misplacedId && isNotFoundAnswer(body, statusCode) ? misplacedIdHelp(misplacedId) : undefined;
	const details = [
		serviceMessage ? `Service message: ${serviceMessage}` : undefined,
		describeValidationErrors(wrapper?.stateValidationErrors),
		reference ? duplicateReferenceHelp(reference) : undefined,
		misplaced?.help,
	].filter(Boolean);
	// The service may echo what it was sent (a webhook's header token): the answer kept in the error is masked.
	const errorBody: JsonObject = wrapper
		? (maskedAnswer(wrapper) as unknown as JsonObject)
		: { errorCode: code, message: serviceMessage ?? null };
	const error = new NodeApiError(nodeForErrors(node), errorBody, {
		message: reference
			? `${meaning}: "${reference.referenceNumber}" (error ${code})`
			: misplaced
				? `${meaning}: ${misplaced.said} (error ${code})`
				: `${meaning} (error ${code})`,
		description: details.join('\n') || undefined,
		httpCode: String(code),
		itemIndex,
	});
	const validationErrors = wrapper?.stateValidationErrors;
	withDetails(error, {
		kind: 'service',
		code,
		meaning,
		serviceMessage: serviceMessage ?? null,
		httpStatus: statusCode,
		...(validationErrors && typeof validationErrors === 'object'
			? { validationErrors: validationErrors as IDataObject }
			: {}),
		...(reference ? { referenceNumber: reference.referenceNumber } : {}),
	});
	return error;
}

/** An answer is an error when its errorCode is non-zero (even with HTTP 200) or its HTTP status is an error. */
export function isFailedAnswer(body: unknown, statusCode: number): boolean {
	return (isServiceWrapper(body) && Number(body.errorCode) !== 0) || statusCode >= 400;
}

/**
 * An answer without the data asked for: the service says nothing else for an unknown or foreign ID, or for one of the
 * other kind (misplacedId, when the service knows it as that).
 */
export function notFoundError(
	context: IExecuteSingleFunctions,
	misplacedId?: MisplacedId,
): NodeApiError {
	const meaning = 'The requested item was not found';
	const misplaced = misplacedId ? misplacedIdHelp(misplacedId) : undefined;
	const error = new NodeApiError(
		nodeForErrors(context.getNode()),
		{ errorCode: 404, message: 'not found' },
		{
			message: misplaced ? `${meaning}: ${misplaced.said}` : meaning,
			description: misplaced
				? `The service answered without data. ${misplaced.help}`
				: 'The service answered without data: the ID does not exist or belongs to another account. Check the ID.',
			httpCode: '404',
			itemIndex: context.getItemIndex(),
		},
	);
	return withDetails(error, {
		kind: 'service',
		code: 404,
		meaning,
		serviceMessage: null,
		httpStatus: null,
	});
}

/** An answer that should carry a file and does not. */
export async function missingFileError(
	context: IExecuteSingleFunctions,
	body: unknown,
): Promise<NodeApiError> {
	const wrapper = isServiceWrapper(body)
		? scrubbed(body, await secretsInHand(context, context.getItemIndex()))
		: undefined;
	const meaning = 'The service answered without a file';
	const error = new NodeApiError(
		nodeForErrors(context.getNode()),
		(wrapper ?? {}) as unknown as JsonObject,
		{
			message: meaning,
			description: 'Expected the document in the answer, as bytes or as Base64.',
			itemIndex: context.getItemIndex(),
		},
	);
	return withDetails(error, {
		kind: 'service',
		code: wrapper ? Number(wrapper.errorCode) : 'NO_FILE',
		meaning,
		serviceMessage: wrapper?.message ?? null,
		httpStatus: null,
	});
}

/** What a failure to reach the service means, by the code n8n's HTTP layer gives it. */
const CONNECTION_ERRORS: Record<string, string> = {
	ECONNABORTED: "The service did not answer in time (the Timeout of the node's request options)",
	ETIMEDOUT: 'The service did not answer in time',
	ESOCKETTIMEDOUT: 'The service did not answer in time',
	ECONNREFUSED: 'The service refused the connection',
	ECONNRESET: 'The connection to the service was cut',
	ENOTFOUND: 'The host name of the service was not found',
	EAI_AGAIN: 'The host name of the service could not be looked up',
};

/**
 * An error from n8n's HTTP layer: a timeout, a refused connection, or a 401 the token renewal could not cure. Only its
 * message and code travel on: the original can carry the request it made, with the bearer token in its headers.
 */
export async function connectionError(
	context: ServiceContext,
	error: unknown,
	itemIndex?: number,
	description?: string,
): Promise<NodeApiError> {
	const node = context.getNode();
	const { httpCode, code } = (error ?? {}) as { httpCode?: string | null; code?: string };
	const raw = (error as { message?: unknown } | undefined)?.message;
	const message =
		typeof raw === 'string'
			? scrubbedText(raw, await secretsInHand(context, itemIndex))
			: undefined;
	const key = String(code ?? httpCode ?? '');
	if (key === '401') {
		const meaning = SERVICE_ERRORS[401];
		const refused = new NodeApiError(nodeForErrors(node), { message: meaning } as JsonObject, {
			message: `${meaning} (error 401)`,
			description,
			httpCode: '401',
			itemIndex,
		});
		return withDetails(refused, {
			kind: 'service',
			code: 401,
			meaning,
			serviceMessage: message ?? null,
			httpStatus: 401,
		});
	}
	if (key === 'CREDENTIAL') {
		// The credential could not be used (credentials/accessToken.ts): its message names what to fix, never a value.
		const unusable = new NodeApiError(nodeForErrors(node), {} as JsonObject, {
			message: message ?? 'The credential cannot be used',
			itemIndex,
		});
		unusable.message = message ?? 'The credential cannot be used';
		unusable.httpCode = null;
		unusable.description = description ?? null;
		return withDetails(unusable, {
			kind: 'credential',
			code: key,
			meaning: unusable.message,
			serviceMessage: null,
			httpStatus: null,
		});
	}
	const meaning =
		(Object.hasOwn(CONNECTION_ERRORS, key) ? CONNECTION_ERRORS[key] : undefined) ??
		message ??
		'The service could not be reached';
	const wrapped = new NodeApiError(nodeForErrors(node), {} as JsonObject, {
		message: meaning,
		description,
		itemIndex,
	});
	// Set after construction: given to the constructor, a code n8n knows (ECONNABORTED) replaces the message with its
	// own ("The connection was aborted, perhaps the server is offline"), which says nothing about a timeout.
	wrapped.message = key && key !== meaning ? `${meaning} (${key})` : meaning;
	wrapped.httpCode = key || null;
	wrapped.description = description ?? null;
	// Duck-typed: an error from another realm (Node's own, seen from a sandbox) is no instance of this realm's Error.
	if (!key && typeof (error as Error | undefined)?.stack === 'string') {
		// An unexpected failure: keep where it happened for n8n's log, but not the error itself, which can hold the
		// request with its bearer token.
		const cause = new Error(String((error as Error).message));
		cause.stack = (error as Error).stack;
		wrapped.cause = cause;
	}
	return withDetails(wrapped, {
		// Without a code it was no answer of the HTTP layer: an unexpected failure, reported as it is.
		kind: key ? 'connection' : 'other',
		code: key || 'ERROR',
		meaning,
		serviceMessage: null,
		httpStatus: null,
	});
}

/** Whether the item is an error item made by failed(): told apart from the operation's own items by its details. */
export function isErrorItem(item: INodeExecutionData): boolean {
	return (item as WithDetails)[DETAILS] !== undefined;
}

/** The details of an error item made by failed() (also where its JSON cannot carry them, see errorItem). */
export function errorItemDetails(item: INodeExecutionData): ErrorDetails | undefined {
	return (item as WithDetails)[DETAILS];
}

/** Whether the node sends errors to an error output that does not take `details` (n8n 1.x, see errorItem). */
function errorOutputWithoutDetails(context: ItemFunctions): boolean {
	return context.getNode().onError === 'continueErrorOutput' && !errorOutputTakesDetails(context);
}

/**
 * The error item of one input item. n8n replaces the JSON of an item that carries `error` with
 * `{ error: message }`, and sends an item to the error output only when it carries `error` or its JSON has no keys
 * but error, message and details (docs/n8n-notes.md#continue-on-fail). So the item carries no `error` object, and
 * everything the next node needs is in `details`: in both outputs the same `{ error, details }`, paired with its input.
 */
export function errorItem(context: ItemFunctions, error: Error): INodeExecutionData {
	const details = errorDetails(error);
	const item: INodeExecutionData = {
		json: errorOutputWithoutDetails(context)
			? // n8n 1.x sends to the error output only `{ error }` or `{ error, message }`: there the item says what
				// `details` would in its message, rather than go down the node's success output.
				{
					error: error.message,
					message: details.serviceMessage ?? details.description ?? details.meaning,
				}
			: { error: error.message, details: details as unknown as IDataObject },
		pairedItem: { item: context.getItemIndex() },
	};
	carry(item, details);
	return item;
}

/**
 * Where an operation's error goes: thrown, or with Continue On Fail one error item paired with its input. n8n's
 * routing engine leaves its own error items unpaired, which loses the pairing of operations that split lists.
 */
export function failed(context: ItemFunctions, error: Error): INodeExecutionData[] {
	if (!context.continueOnFail()) throw error;
	return [errorItem(context, error)];
}

/** An answer the service should never give (hostile or broken), refused unread, with what to do about it. */
export function brokenAnswerError(
	context: IExecuteSingleFunctions,
	code: string,
	meaning: string,
	description: string,
): NodeApiError {
	const error = new NodeApiError(nodeForErrors(context.getNode()), {} as JsonObject, {
		message: meaning,
		description,
		itemIndex: context.getItemIndex(),
	});
	return withDetails(error, {
		kind: 'service',
		code,
		meaning,
		serviceMessage: null,
		httpStatus: null,
	});
}

/** An answer nested deeper than any of the service's (service/depth.ts): hostile or broken, and not walked. */
function tooDeepError(context: IExecuteSingleFunctions): NodeApiError {
	return brokenAnswerError(
		context,
		'ANSWER_TOO_DEEP',
		`The service's answer is nested more than ${MAX_ANSWER_DEPTH} levels deep`,
		'No answer of the service nests this deep: it was not read. Try again; if it persists, the service is failing.',
	);
}

/** Reads the answer of an operation; a failed answer (or one nested too deep) goes where failed() sends it. */
export async function readServiceAnswer(
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	misplacedIdProbe?: MisplacedIdProbe,
): Promise<{ body: unknown; errorItems?: INodeExecutionData[] }> {
	const body = parseBody(response.body);
	if (nestedDeeperThan(body))
		return { body: undefined, errorItems: failed(context, tooDeepError(context)) };
	if (isRedirect(response.statusCode)) {
		const at = [response.statusCode, response.headers?.location, context.getItemIndex()] as const;
		const { error, details } = redirectNotFollowed(context.getNode(), ...at);
		return { body, errorItems: failed(context, withDetails(error, details)) };
	}
	if (!isFailedAnswer(body, response.statusCode)) return { body };
	// Only after a not-found answer: the happy path sends nothing more.
	const misplaced =
		misplacedIdProbe && isNotFoundAnswer(body, response.statusCode)
			? await misplacedIdProbe()
			: undefined;
	return {
		body,
		errorItems: failed(context, await serviceError(context, body, response.statusCode, misplaced)),
	};
}
