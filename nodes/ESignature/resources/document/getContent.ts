import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, downloadOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	documentIdProperty(
		'ID of the document, as returned when the envelope was created. Gives the current content of this one document, with the signatures made so far, always as one file. For every document of the envelope at once (a ZIP when there are several), use Download Signed; for the final PDF of a completed envelope, Download Completed.',
	),
	binaryOutputProperty(),
	downloadOptions({ wrapped: true }),
];

const displayOptions = { show: { resource: ['document'], operation: ['getContent'] } };

export const description = updateDisplayOptions(displayOptions, properties);
