import { A_DOCUMENTS_FILE, downloadDescription, downloadRouting } from './shared';
import { documentId } from '../kit';

export const option = {
	name: 'Download Completed PDF',
	value: 'getCompleted',
	action: 'Download the completed PDF',
	description:
		'Download the final signed PDF of a completed envelope; always one PDF, even where Download Signed gives a ZIP',
	routing: downloadRouting('/api/v1/documents/{documentId}/completed/base64', documentId, true),
};

export const builderHint = A_DOCUMENTS_FILE;

export const description = downloadDescription(documentId, true);
