import { documentIdProperty } from '../kit';
import { downloadOperation } from './shared';

const documentId = documentIdProperty(
	'Gives the current content of this one ' +
		'document, with the signatures made so far, always as one file. For every document of the envelope at ' +
		'once (a ZIP when there are several), use Download Signed; for the final PDF of a completed envelope, ' +
		'Download Completed.',
);

export const { option, description, builderHint } = downloadOperation(
	{
		name: 'Download Current PDF',
		value: 'getContent',
		action: 'Download the current PDF of a document',
		description:
			'Download this one document with the signatures made so far, as a PDF even when its envelope has ' +
			'several documents',
	},
	'/api/v1/documents/{documentId}/content-base64',
	true,
	documentId,
);
