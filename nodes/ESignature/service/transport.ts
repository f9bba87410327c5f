import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE, refuseAccessToken, sentTokenOf } from '../../../credentials/accessToken';
import { baseUrlOf, ESignatureCredentialError } from '../../../credentials/environment';
import { FRESH_TOKEN_REFUSED_ADVICE } from '../../../credentials/tokenRefusal';
import { isFailedAnswer, isServiceWrapper, parseBody, serviceErrorFor } from './errors';
import { connectionError } from './connectionErrors';
import { detailedError } from './errorItems';
import { nodeForErrors, secretsSent } from './secrets';
import { isRedirect, redirectNotFollowed } from './redirects';
import { readUpTo } from '../files/bytes';
import type { ServiceContext } from './itemFunctions';

export interface ServiceRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IHttpRequestOptions['body'];
	headers?: IHttpRequestOptions['headers'];
	qs?: IDataObject;
	// For answers whose size an outsider can choose: read no further, then `cut`.
	maxAnswerBytes?: number;
	// For answers of any size: a 2xx body is handed over as it arrives, and `body` is what this returns.
	readBody?: (stream: AsyncIterable<Buffer>) => Promise<unknown>;
}

// An error answer to a streamed request is read only this far.
const ERROR_ANSWER_BYTES = 64 * 1024;

export interface ServiceAnswer {
	statusCode: number;
	body: unknown;
	cut?: boolean;
}

const itemIndexOf = (context: ServiceContext) =>
	'getItemIndex' in context ? context.getItemIndex() : undefined;

// n8n's error can carry the request with its bearer token: it does not travel on.
async function transportError(context: ServiceContext, error: unknown) {
	const itemIndex = itemIndexOf(context);
	if (error instanceof ESignatureCredentialError)
		return new NodeOperationError(nodeForErrors(context.getNode()), error.message, { itemIndex });
	return await connectionError(context, error, itemIndex);
}

// Read once per context: each getCredentials costs about 12 ms (docs/performance.md).
const credentialsRead = new WeakMap<ServiceContext, Promise<ICredentialDataDecryptedObject>>();

export function credentialsOf(context: ServiceContext) {
	let read = credentialsRead.get(context);
	if (!read) {
		read = context.getCredentials(CREDENTIAL_TYPE);
		void read.catch(() => credentialsRead.delete(context));
		credentialsRead.set(context, read);
	}
	return read;
}

// A trigger's fetch rounds read it anew: it may have been edited.
export function forgetCredentials(context: ServiceContext) {
	credentialsRead.delete(context);
}

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

// Every status is an answer but 401, which n8n renews the token on: the service sends most errors with HTTP 200.
export async function callService(context: ServiceContext, request: ServiceRequest) {
	let sent: IHttpRequestOptions | undefined;
	const { maxAnswerBytes: max, readBody } = request;
	const send = async () => {
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
				...(max !== undefined || readBody ? { encoding: 'stream' as const } : {}),
			};
			const response = (await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_TYPE,
				sent,
				decryptedFor(context, credentials),
			)) as IN8nHttpFullResponse;
			const { statusCode, body } = response;
			const stream = body as AsyncIterable<Buffer>;
			if (readBody && statusCode < 300) answer = { statusCode, body: await readBody(stream) };
			else {
				const limit = max ?? (readBody ? ERROR_ANSWER_BYTES : undefined);
				const bytes = limit === undefined ? body : await readUpTo(stream, limit);
				answer =
					limit !== undefined && bytes === undefined
						? { statusCode, body: undefined, cut: true }
						: { statusCode, body: parseBody(bytes) };
			}
			location = response.headers?.location;
		} catch (error) {
			throw await transportError(context, error);
		}
		const { statusCode } = answer;
		if (isRedirect(statusCode))
			throw redirectNotFollowed(context.getNode(), statusCode, location, itemIndexOf(context));
		return answer;
	};
	return await sendRenewingToken(
		context,
		send,
		({ statusCode, body }) =>
			refusesToken(statusCode, isServiceWrapper(body) ? body.errorCode : undefined),
		() => sentTokenOf(sent),
	);
}

export function refusesToken(httpStatus: number | null | undefined, errorCode: unknown) {
	return httpStatus === 401 || [401, 3].includes(Number(errorCode));
}

// `send` is called again rather than its request resent: an upload's body cannot be sent twice.
export async function sendRenewingToken<T>(
	context: ServiceContext,
	send: () => Promise<T>,
	refused: (outcome: T) => boolean,
	refusedToken: () => string | undefined,
) {
	const first = await send();
	if (!refused(first)) return first;
	try {
		await renewRefusedToken(context, refusedToken());
	} catch (error) {
		throw await transportError(context, error);
	}
	const second = await send();
	if (refused(second)) throw tokenRefusedTwiceError(context);
	return second;
}

// n8n renews only on a 401 it throws; a read without a token makes it store one (docs/n8n-notes.md#access-tokens).
async function renewRefusedToken(context: ServiceContext, refusedToken?: string) {
	const credentials = await credentialsOf(context);
	const renewed = { ...credentials, accessToken: '' };
	const withoutToken = decryptedFor(context, renewed);
	const read: IHttpRequestOptions = {
		method: 'GET',
		url: `${baseUrlOf(credentials)}/api/v1/webhooks`,
		headers: { Accept: 'application/json' },
		json: true,
		ignoreHttpStatusErrors: true,
	};
	// By now the credential may hold a token another execution stored, which was not refused.
	refuseAccessToken(refusedToken ? { ...credentials, accessToken: refusedToken } : credentials);
	await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		read,
		withoutToken,
	);
	credentialsRead.set(context, Promise.resolve(renewed));
}

function tokenRefusedTwiceError(context: ServiceContext) {
	const name = context.getNode().credentials?.[CREDENTIAL_TYPE]?.name;
	const credential = name ? `the credential "${name}"` : 'the E-Signature API credential';
	const message = `The service refused the access token of ${credential} again, right after renewing it`;
	return detailedError(
		context.getNode(),
		{ message },
		{
			message,
			description: `A token fetched just now was refused too. ${FRESH_TOKEN_REFUSED_ADVICE}`,
			httpCode: '401',
			itemIndex: itemIndexOf(context),
		},
		{ kind: 'credential', code: 401, meaning: message },
	);
}

export async function dataOf(
	context: ServiceContext,
	answer: ServiceAnswer,
	request?: ServiceRequest,
) {
	if (isFailedAnswer(answer.body, answer.statusCode)) {
		// The trigger's generated header token is no node parameter; a body of bytes carries documents, not secrets.
		const sent = request?.body;
		const json =
			Array.isArray(sent) || (!!sent && Object.getPrototypeOf(sent) === Object.prototype);
		const { body, statusCode } = answer;
		const at = itemIndexOf(context);
		throw await serviceErrorFor(
			context,
			body,
			statusCode,
			at,
			undefined,
			json ? secretsSent(sent) : [],
		);
	}
	return isServiceWrapper(answer.body) ? answer.body.data : answer.body;
}

export async function requestService(context: ServiceContext, request: ServiceRequest) {
	return await dataOf(context, await callService(context, request), request);
}

export function isNotFound(answer: ServiceAnswer) {
	return (
		answer.statusCode === 404 ||
		(isServiceWrapper(answer.body) && Number(answer.body.errorCode) === 404)
	);
}
