import { A_DOCUMENTS_FILE, downloadDescription, downloadRouting } from './shared';
import { documentId } from '../kit';

export const option = {
	name: 'Download Original',
	value: 'download',
	action: 'Download the original document',
	description: 'Download the document as it was uploaded, without signatures',
	routing: downloadRouting('/api/v1/documents/{documentId}', documentId),
};

export const builderHint = A_DOCUMENTS_FILE;

export const description = downloadDescription(documentId);
