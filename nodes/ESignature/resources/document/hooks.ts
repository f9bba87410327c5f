import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { requireGuid } from '../../shared/validation';

/** Replaces `{id}` in the operation's path with the checked Document ID. */
export async function setDocumentIdPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const documentId = requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID');
	requestOptions.url = (requestOptions.url ?? '').replace('{id}', encodeURIComponent(documentId));
	return requestOptions;
}
