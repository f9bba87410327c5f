import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, downloadOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	documentIdProperty(
		'ID of the document, as returned when the envelope was created. Gives the file with the signatures made so far, as the service keeps it: a PDF, or a ZIP of every document when the envelope has several. For this one document as a PDF in every case, use Download Content; for the final PDF of a completed envelope, Download Completed.',
	),
	binaryOutputProperty(),
	downloadOptions({ wrapped: false }),
];

const displayOptions = { show: { resource: ['document'], operation: ['downloadSigned'] } };

export const description = updateDisplayOptions(displayOptions, properties);
