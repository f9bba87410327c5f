import { type JsonObject, NodeApiError } from 'n8n-workflow';

import { detailedError, withDetails } from './errorItems';
import { SERVICE_ERRORS } from './errors';
import { nodeForErrors, secretsInHand } from './secrets';
import { isCredentialError } from '../../../credentials/environment';
import { scrubbedText } from '../../../credentials/scrubbing';
import type { ServiceContext } from './itemFunctions';

const CONNECTION_ERRORS: Record<string, string> = {
	ECONNABORTED: "The service did not answer in time (the Timeout of the node's request options)",
	ETIMEDOUT: 'The service did not answer in time',
	ESOCKETTIMEDOUT: 'The service did not answer in time',
	ECONNREFUSED: 'The service refused the connection',
	ECONNRESET: 'The connection to the service was cut',
	ENOTFOUND: 'The host name of the service was not found',
	EAI_AGAIN: 'The host name of the service could not be looked up',
};

// Only the message and code travel on: n8n's error can carry the request, with the bearer token in its headers.
export async function connectionError(
	context: ServiceContext,
	error: unknown,
	itemIndex?: number,
	description?: string,
) {
	const node = context.getNode();
	const {
		httpCode,
		code,
		message: raw,
	} = (error ?? {}) as {
		httpCode?: string | null;
		code?: string;
		message?: unknown;
	};
	const message =
		typeof raw === 'string'
			? scrubbedText(raw, await secretsInHand(context, itemIndex))
			: undefined;
	const key = isCredentialError(error) ? 'CREDENTIAL' : String(code ?? httpCode ?? '');
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
		const text = message ?? 'The credential cannot be used';
		const unusable = detailedError(
			node,
			{},
			{ message: text, description, itemIndex },
			{ kind: 'credential', code: key, meaning: text },
		);
		unusable.message = text; // n8n's constructor puts its own in place of an empty one
		return unusable;
	}
	const meaning = Object.hasOwn(CONNECTION_ERRORS, key)
		? CONNECTION_ERRORS[key]
		: (message ?? 'The service could not be reached');
	const wrapped = new NodeApiError(nodeForErrors(node), {} as JsonObject, {
		message: meaning,
		description,
		itemIndex,
	});
	// Set after construction: n8n replaces the message of a code it knows (ECONNABORTED) with one that names no timeout.
	wrapped.message = key && key !== meaning ? `${meaning} (${key})` : meaning;
	wrapped.httpCode = key || null;
	wrapped.description = description ?? null;
	// Duck-typed: an error from another realm (Node's own, seen from a sandbox) is no instance of this realm's Error.
	if (!key && typeof (error as Error | undefined)?.stack === 'string') {
		// Where it happened, for n8n's log, without the error, which can hold the request.
		const cause = new Error(String(raw));
		cause.stack = (error as Error).stack;
		wrapped.cause = cause;
	}
	return withDetails(wrapped, {
		kind: key ? 'connection' : 'other',
		code: key || 'ERROR',
		meaning,
	});
}
