import { type JsonObject, NodeApiError } from 'n8n-workflow';

import { DetailedApiError, detailedError } from './errorItems';
import { SERVICE_ERRORS } from './errors';
import { nodeForErrors, scrubbedText, secretsInHand } from './secrets';
import type { ServiceContext } from './itemFunctions';

/*
 * Failures to reach the service (a timeout, a refused connection, a token the renewal could not cure, a credential
 * that cannot be used) as n8n errors that name what happened and carry nothing of the request.
 */

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
		return detailedError(
			node,
			{ message: meaning },
			{ message: `${meaning} (error 401)`, description, httpCode: '401', itemIndex },
			{ kind: 'service', code: 401, meaning, serviceMessage: message ?? null, httpStatus: 401 },
		);
	}
	if (key === 'CREDENTIAL') {
		// The credential could not be used (credentials/environment.ts): its message names what to fix, never a value.
		const text = message ?? 'The credential cannot be used';
		const unusable = detailedError(
			node,
			{},
			{ message: text, description, itemIndex },
			{ kind: 'credential', code: key, meaning: text, serviceMessage: null, httpStatus: null },
		);
		unusable.message = text; // n8n's constructor puts its own in place of an empty one
		return unusable;
	}
	const meaning = Object.hasOwn(CONNECTION_ERRORS, key)
		? CONNECTION_ERRORS[key]
		: (message ?? 'The service could not be reached');
	const wrapped = new DetailedApiError(nodeForErrors(node), {} as JsonObject, {
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
	return wrapped.withDetails({
		// Without a code it was no answer of the HTTP layer: an unexpected failure, reported as it is.
		kind: key ? 'connection' : 'other',
		code: key || 'ERROR',
		meaning,
		serviceMessage: null,
		httpStatus: null,
	});
}
