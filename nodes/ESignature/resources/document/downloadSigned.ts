import { documentIdProperty } from '../kit';
import { downloadOperation } from './shared';

const documentId = documentIdProperty(
	'Gives the file with the signatures made ' +
		'so far, as the service keeps it: a PDF, or a ZIP of every document when the envelope has several. ' +
		'For this one document as a PDF in every case, use Download Content; for the final PDF of a completed ' +
		'envelope, Download Completed.',
);

export const { option, description, builderHint } = downloadOperation(
	{
		name: 'Download Signed',
		value: 'downloadSigned',
		action: 'Download the signed document or ZIP',
		description:
			'Download the document with the signatures so far: a PDF, or a ZIP of every document when the ' +
			'envelope has several',
	},
	'/api/v1/documents/{documentId}/signed',
	false,
	documentId,
);
