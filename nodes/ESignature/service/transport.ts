import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE, refuseAccessToken, sentTokenOf } from '../../../credentials/accessToken';
import { baseUrlOf, ESignatureCredentialError } from '../../../credentials/environment';
import { isFailedAnswer, isServiceWrapper, parseBody, serviceErrorFor } from './errors';
import { connectionError } from './connectionErrors';
import { detailedError } from './errorItems';
import { nodeForErrors, secretsSent } from './secrets';
import { isRedirect, redirectNotFollowed } from './redirects';
import { readUpTo } from '../files/bytes';
import type { ServiceContext } from './itemFunctions';

/*
 * The one way to call the service outside declarative routing: the trigger's webhook registration, the action node's
 * pickers, and hooks that must read something before they build their request. Declarative operations go through
 * n8n's routing engine instead; both end in the same error mapper (errors.ts).
 */

export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Path below the environment's base URL, e.g. `/api/v1/webhooks`. */
	path: string;
	/** JSON, or a body a request builder wrote as bytes (files/jsonBody.ts), its Content-Type then in headers. */
	body?: IDataObject | IDataObject[] | IHttpRequestOptions['body'];
	headers?: IHttpRequestOptions['headers'];
	qs?: IDataObject;
	/** The answer is read no further (then `cut`, unparsed): for sizes an outsider can choose (a callback's files). */
	maxAnswerBytes?: number;
}

/** The service's answer: its HTTP status and the body, parsed when it is JSON. */
export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
	/** The answer was longer than the request's maxAnswerBytes: it was not read on, and body is undefined. */
	cut?: boolean;
}

const itemIndexOf = (context: ServiceContext): number | undefined =>
	'getItemIndex' in context ? context.getItemIndex() : undefined;

/**
 * An error of n8n's HTTP layer without the request (and bearer token) it can carry; a credential that cannot be used
 * (a field missing, a grant refused) names the fields to check, never their values.
 */
async function transportError(context: ServiceContext, error: unknown): Promise<Error> {
	const itemIndex = itemIndexOf(context);
	if (error instanceof ESignatureCredentialError)
		return new NodeOperationError(nodeForErrors(context.getNode()), error.message, { itemIndex });
	return await connectionError(context, error, itemIndex);
}

/**
 * The credential, read once per node context and handed to n8n with each request (`credentialsDecrypted`): each
 * getCredentials reads, decrypts and (n8n 2.x) resolves it in an isolated VM, about 12 ms
 * (docs/performance.md#what-dominates-our-cost-and-what-we-changed). n8n writes a renewed token into this object.
 */
const credentialsRead = new WeakMap<ServiceContext, Promise<ICredentialDataDecryptedObject>>();

export function credentialsOf(context: ServiceContext): Promise<ICredentialDataDecryptedObject> {
	let read = credentialsRead.get(context);
	if (!read) {
		read = context.getCredentials(CREDENTIAL_TYPE);
		// A read that failed (a credential not set, say) is tried again by the next request.
		void read.catch(() => credentialsRead.delete(context));
		credentialsRead.set(context, read);
	}
	return read;
}

/** A long-lived context (a trigger's fetch rounds) reads the credential anew each round: it may have been edited. */
export function forgetCredentials(context: ServiceContext): void {
	credentialsRead.delete(context);
}

/** What n8n needs to use credentials already read (and to store a renewed token in the right credential). */
function decryptedFor(context: ServiceContext, data: ICredentialDataDecryptedObject) {
	const reference = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return {
		credentialsDecrypted: {
			id: reference?.id ?? '',
			name: reference?.name ?? '',
			type: CREDENTIAL_TYPE,
			data,
		},
	};
}

/**
 * One authenticated call to the credential's environment. Every status is returned except 401, which is left to n8n
 * (it renews the access token and retries once, docs/n8n-notes.md#access-tokens), because the service reports most
 * errors with HTTP 200 and a non-zero errorCode. A token refused in any form is renewed (sendRenewingToken).
 */
export async function callService(
	context: ServiceContext,
	request: ServiceRequest,
): Promise<ServiceAnswer> {
	let sent: IHttpRequestOptions | undefined;
	const send = async (): Promise<ServiceAnswer> => {
		let answer: ServiceAnswer;
		let location: unknown;
		try {
			const credentials = await credentialsOf(context);
			sent = {
				method: request.method,
				url: `${baseUrlOf(credentials)}${request.path}`,
				headers: { Accept: 'application/json', ...request.headers },
				...(request.body !== undefined ? { body: request.body } : {}),
				...(request.qs !== undefined ? { qs: request.qs } : {}),
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: { ignore: true, except: [401] },
				...(request.maxAnswerBytes !== undefined ? { encoding: 'stream' as const } : {}),
			};
			const response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				sent,
				decryptedFor(context, credentials),
			)) as IN8nHttpFullResponse;
			const { maxAnswerBytes: max } = request;
			const { statusCode, body } = response;
			const bytes = max === undefined ? body : await readUpTo(body as AsyncIterable<Buffer>, max);
			answer =
				max !== undefined && bytes === undefined
					? { statusCode, body: undefined, cut: true }
					: { statusCode, body: parseBody(bytes) };
			location = response.headers?.location;
		} catch (error) {
			throw await transportError(context, error);
		}
		// A request with a body is not redirected (the credential's authenticate): the redirect is an error.
		const status = answer.statusCode;
		if (isRedirect(status))
			throw redirectNotFollowed(context.getNode(), status, location, itemIndexOf(context));
		return answer;
	};
	return await sendRenewingToken(
		context,
		send,
		(answer) =>
			refusesToken(
				answer.statusCode,
				isServiceWrapper(answer.body) ? answer.body.errorCode : undefined,
			),
		undefined,
		() => sentTokenOf(sent),
	);
}

/** errorCodes that refuse a token with HTTP 200, which n8n takes for no refusal (docs/service-api.md#error-codes). */
const TOKEN_REFUSED_CODES = new Set([401, 3]);

/** Whether an answer refuses the access token: HTTP 401, or an errorCode that says so (often with HTTP 200). */
export function refusesToken(httpStatus: number | null | undefined, errorCode: unknown): boolean {
	return httpStatus === 401 || TOKEN_REFUSED_CODES.has(Number(errorCode));
}

/**
 * The one renewal path: `send` builds and sends the request; when `refused` says its outcome refuses the access token,
 * the token is renewed and `send` is called once more, so a body that cannot be sent twice (an upload) is built anew.
 * A second refusal is answered by `refusedTwice` (default: an error naming the credential) instead of the outcome.
 * `refusedToken` gives the token the refused request carried (sentTokenOf), when known.
 */
export async function sendRenewingToken<T>(
	context: ServiceContext,
	send: () => Promise<T>,
	refused: (outcome: T) => boolean,
	refusedTwice: (error: NodeApiError) => T = (error) => {
		throw error;
	},
	refusedToken: () => string | undefined = () => undefined,
): Promise<T> {
	const first = await send();
	if (!refused(first)) return first;
	try {
		await renewRefusedToken(context, refusedToken());
	} catch (error) {
		throw await transportError(context, error);
	}
	const second = await send();
	return refused(second) ? refusedTwice(tokenRefusedTwiceError(context)) : second;
}

/**
 * Renews the access token after a refusal n8n did not act on: HTTP 200 with errorCode 401 or 3 (n8n renews only on
 * HTTP 401), or a 401 handed back by n8n 1.x (service/n8n1.ts). The token cache learns the token was refused, and the
 * account's webhooks are read with no token: n8n then fetches one (preAuthentication) and stores it, as after a 401.
 */
async function renewRefusedToken(context: ServiceContext, refusedToken?: string): Promise<void> {
	const credentials = await credentialsOf(context);
	// The token the request carried: by now the credential may hold one another execution stored, which is not refused.
	refuseAccessToken(refusedToken ? { ...credentials, accessToken: refusedToken } : credentials);
	// n8n fetches a token (preAuthentication), stores it in the credential and writes it into this object.
	const renewed: ICredentialDataDecryptedObject = { ...credentials, accessToken: '' };
	await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		{
			method: 'GET',
			url: `${baseUrlOf(credentials)}/api/v1/webhooks`,
			headers: { Accept: 'application/json' },
			json: true,
			// Its answer is not needed: the request the caller sends again tells whether the new token is accepted.
			ignoreHttpStatusErrors: true,
		},
		decryptedFor(context, renewed),
	);
	credentialsRead.set(context, Promise.resolve(renewed));
}

/** A token the service refused again right after it was renewed: the credential itself is not accepted. */
function tokenRefusedTwiceError(context: ServiceContext): NodeApiError {
	const name = context.getNode().credentials?.[CREDENTIAL_TYPE]?.name;
	const credential = name ? `the credential "${name}"` : 'the E-Signature API credential';
	const message = `The service refused the access token of ${credential} again, right after renewing it`;
	return detailedError(
		context.getNode(),
		{ message },
		{
			message,
			description:
				"A token fetched just now was refused too. Check that the credential's Environment and Base URL belong " +
				'to the account of its Client ID (and Username and Account ID), and that the account is active.',
			httpCode: '401',
			itemIndex: itemIndexOf(context),
		},
		{ kind: 'credential', code: 401, meaning: message, serviceMessage: null, httpStatus: null },
	);
}

/**
 * The data of a successful answer; a failed one becomes the mapped NodeApiError, scrubbed of the secrets the request
 * sent too (the trigger's generated header token is no node parameter).
 */
export async function dataOf(
	context: ServiceContext,
	answer: ServiceAnswer,
	request?: ServiceRequest,
): Promise<unknown> {
	if (isFailedAnswer(answer.body, answer.statusCode)) {
		// Only JSON is searched: a body written as bytes carries documents, not the secrets the trigger generates.
		const sent = isJsonBody(request?.body) ? secretsSent(request?.body) : [];
		const { body, statusCode } = answer;
		throw await serviceErrorFor(context, body, statusCode, itemIndexOf(context), {}, sent);
	}
	return isServiceWrapper(answer.body) ? answer.body.data : answer.body;
}

function isJsonBody(body: unknown): boolean {
	if (Array.isArray(body)) return true;
	return (
		typeof body === 'object' && body !== null && Object.getPrototypeOf(body) === Object.prototype
	);
}

/** callService and dataOf in one: the data asked for, or the service's error. */
export async function requestService(
	context: ServiceContext,
	request: ServiceRequest,
): Promise<unknown> {
	return await dataOf(context, await callService(context, request), request);
}

/** 404 by HTTP status or by errorCode: the thing asked for is not (or no longer) at the service. */
export function isNotFound(answer: ServiceAnswer): boolean {
	return (
		answer.statusCode === 404 ||
		(isServiceWrapper(answer.body) && Number(answer.body.errorCode) === 404)
	);
}
