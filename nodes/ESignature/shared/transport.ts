import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { baseUrlOf, CREDENTIAL_TYPE, ESignatureCredentialError } from '../../../credentials/accessToken';
import { connectionError, isFailedAnswer, isServiceWrapper, parseBody, serviceErrorFor } from './errors';

/*
 * The one way to call the service outside declarative routing: the trigger's webhook registration, the action node's
 * pickers, and hooks that must read something before they build their request. Declarative operations go through
 * n8n's routing engine instead; both end in the same error mapper (errors.ts).
 */

/** Every kind of node context that can make an authenticated call. */
export type ServiceContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| IHookFunctions
	| ILoadOptionsFunctions
	| IWebhookFunctions;

export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Path below the environment's base URL, e.g. `/api/v1/webhooks`. */
	path: string;
	body?: IDataObject | IDataObject[];
	qs?: IDataObject;
}

/** The service's answer: its HTTP status and the body, parsed when it is JSON. */
export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
}

function itemIndexOf(context: ServiceContext): number | undefined {
	return 'getItemIndex' in context ? context.getItemIndex() : undefined;
}

/**
 * An error from n8n's HTTP layer can carry the request it made, with the bearer token in its headers: only its
 * message and status travel on. A credential that cannot be used (a field missing, a grant refused) names the
 * fields to check, never their values.
 */
function transportError(context: ServiceContext, error: unknown): Error {
	const itemIndex = itemIndexOf(context);
	if (error instanceof ESignatureCredentialError) {
		return new NodeOperationError(context.getNode(), error.message, { itemIndex });
	}
	return connectionError(context.getNode(), error, itemIndex);
}

/**
 * One authenticated call to the credential's environment. 401 is left to n8n, which renews the access token and
 * retries once (docs/n8n-notes.md#access-tokens); every other status is returned, because the service reports
 * most errors with HTTP 200 and a non-zero errorCode.
 */
export async function callService(context: ServiceContext, request: ServiceRequest): Promise<ServiceAnswer> {
	try {
		const send = async () => {
			const credentials = await context.getCredentials(CREDENTIAL_TYPE);
			return (await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
				method: request.method,
				url: `${baseUrlOf(credentials)}${request.path}`,
				headers: { Accept: 'application/json' },
				...(request.body !== undefined ? { body: request.body } : {}),
				...(request.qs !== undefined ? { qs: request.qs } : {}),
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: { ignore: true, except: [401] },
			})) as IN8nHttpFullResponse;
		};
		let response = await send();
		if (response.statusCode === 401) {
			await renewRefusedToken(context);
			response = await send();
		}
		return { statusCode: response.statusCode, body: parseBody(response.body) };
	} catch (error) {
		throw transportError(context, error);
	}
}

/**
 * For an n8n that handed back a 401 instead of renewing the token: n8n 1.x reads `ignoreHttpStatusErrors:
 * { ignore: true, except: [401] }` as "return every status" (docs/n8n-notes.md#n8n-1x), so its renewal never runs. A
 * read of the account's webhooks that lets every error through makes n8n meet the 401 itself: it renews and stores
 * the token as n8n 2.x does, and the caller sends its request once more. n8n 2.x never gets here.
 */
export async function renewRefusedToken(context: ServiceContext): Promise<void> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
		method: 'GET',
		url: `${baseUrlOf(credentials)}/api/v1/webhooks`,
		headers: { Accept: 'application/json' },
		json: true,
	});
}

/** The data of a successful answer; a failed one becomes the mapped NodeApiError. */
export function dataOf(context: ServiceContext, answer: ServiceAnswer): unknown {
	if (isFailedAnswer(answer.body, answer.statusCode)) {
		throw serviceErrorFor(context.getNode(), answer.body, answer.statusCode, itemIndexOf(context));
	}
	return isServiceWrapper(answer.body) ? answer.body.data : answer.body;
}

/** callService and dataOf in one: the data asked for, or the service's error. */
export async function requestService(context: ServiceContext, request: ServiceRequest): Promise<unknown> {
	return dataOf(context, await callService(context, request));
}

/** 404 by HTTP status or by errorCode: the thing asked for is not (or no longer) at the service. */
export function isNotFound(answer: ServiceAnswer): boolean {
	return answer.statusCode === 404 || (isServiceWrapper(answer.body) && Number(answer.body.errorCode) === 404);
}
