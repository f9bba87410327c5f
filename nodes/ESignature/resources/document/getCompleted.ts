import { base64ResponseToBinary } from '../../routing/answers';
import { requireGuid } from '../../fields/validation';
import { A_DOCUMENTS_FILE, base64Options, binaryOutput } from './shared';
import { documentId, sendsField, routing } from '../shared';

export const option = {
	name: 'Download Completed PDF',
	value: 'getCompleted',
	action: 'Download the completed PDF',
	description:
		'Download the final signed PDF of a completed envelope; always one PDF, even where Download Signed gives a ZIP',
	routing: routing(
		{ method: 'GET', url: '/api/v1/documents/{documentId}/completed/base64' },
		[sendsField(documentId, requireGuid)],
		[base64ResponseToBinary],
	),
};

export const builderHint = A_DOCUMENTS_FILE;

export const description = [documentId, binaryOutput, base64Options];
