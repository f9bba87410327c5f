import type { IHttpRequestOptions } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

/**
 * Fills `{name}` in the URL an operation declares in its routing (e.g. `/api/v1/documents/{documentId}`) with a
 * value the calling preSend has already checked. The value is URL-encoded, so it stays one path segment.
 */
export function setPathParameter(
	requestOptions: IHttpRequestOptions,
	name: string,
	value: string,
): IHttpRequestOptions {
	const placeholder = `{${name}}`;
	const url = requestOptions.url ?? '';
	// A routing URL without the placeholder is a mistake in this node, not in the user's input.
	if (!url.includes(placeholder))
		throw new UnexpectedError(`The request URL "${url}" has no ${placeholder}`);
	requestOptions.url = url.replace(placeholder, encodeURIComponent(value));
	return requestOptions;
}
