import type { INode } from 'n8n-workflow';

import { detailedError } from './errorItems';

// A request with a body follows no redirect (docs/security.md#the-credential-and-redirects): this is its error.

export const isRedirect = (statusCode: number) => statusCode >= 300 && statusCode < 400;

// Its path or query may hold a key.
function redirectOrigin(location: unknown) {
	try {
		return new URL(String(location)).origin;
	} catch {
		return 'another address';
	}
}

export function redirectNotFollowed(
	node: INode,
	statusCode: number,
	location: unknown,
	itemIndex: number | undefined,
) {
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
		{ kind: 'service', code: statusCode, meaning, httpStatus: statusCode },
	);
}
