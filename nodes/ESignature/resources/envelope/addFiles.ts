import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../fields/common';
import { SEVERAL_FILES, fileInputProperties } from '../../fields/fileInput';

const properties: INodeProperties[] = [
	envelopeIdProperty(),
	...fileInputProperties(SEVERAL_FILES),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['addFiles'] } };

export const description = updateDisplayOptions(displayOptions, properties);
