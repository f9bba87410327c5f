import { fileResponseToBinary } from '../../routing/answers';
import { requireGuid } from '../../fields/validation';
import { A_DOCUMENTS_FILE, binaryOutput, fileAnswer, fileOptions } from './shared';
import { documentId, sendsField, routing } from '../shared';

export const option = {
	name: 'Download Original',
	value: 'download',
	action: 'Download the original document',
	description: 'Download the document as it was uploaded, without signatures',
	routing: routing(
		{ method: 'GET', url: '/api/v1/documents/{documentId}', ...fileAnswer },
		[sendsField(documentId, requireGuid)],
		[fileResponseToBinary],
	),
};

export const builderHint = A_DOCUMENTS_FILE;

export const description = [documentId, binaryOutput, fileOptions];
