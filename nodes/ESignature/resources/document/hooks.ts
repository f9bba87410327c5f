import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { setPathParameter } from '../../routing/paths';
import { requireGuid } from '../../fields/validation';

/** Fills `{documentId}` in the operation's path with the checked Document ID. */
export async function setDocumentIdPath(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const documentId = requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID');
	return setPathParameter(requestOptions, 'documentId', documentId);
}
