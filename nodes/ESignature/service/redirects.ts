import type { INode } from 'n8n-workflow';

import { type DetailedApiError, detailedError } from './errorItems';

/*
 * A redirect the service answers to a request with a body is not followed (the credential's authenticate asks n8n not
 * to): a 307 or 308 would send the body again, a header token, a password or a document, to another port or scheme
 * of the host, https to http in clear (docs/security.md#the-credential-and-redirects). This is the error it becomes.
 */

/** Whether an answer is a redirect n8n handed back instead of following. */
export const isRedirect = (statusCode: number) => statusCode >= 300 && statusCode < 400;

/** Where a redirect points, by origin only (its path or query may hold a key). */
function redirectOrigin(location: unknown): string {
	try {
		return new URL(String(location)).origin;
	} catch {
		return 'another address';
	}
}

/** The error of a redirect that was not followed. */
export function redirectNotFollowed(
	node: INode,
	statusCode: number,
	location: unknown,
	itemIndex: number | undefined,
): DetailedApiError {
	const meaning =
		`The service answered with a redirect (HTTP ${statusCode}) to ${redirectOrigin(location)}, ` +
		'which is not followed: the request carries a secret or a document';
	return detailedError(
		node,
		{},
		{
			message: meaning,
			description:
				"Following it could send the request's body (a header token, a password, a document) to another port, " +
				"scheme or host. Check the credential's Base URL: it must be the service's address as it answers, " +
				'without redirects.',
			httpCode: String(statusCode),
			itemIndex,
		},
		{ kind: 'service', code: statusCode, meaning, serviceMessage: null, httpStatus: statusCode },
	);
}
