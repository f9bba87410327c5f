import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';
import { fileInputProperties } from '../../shared/fileInput';

const displayOptions = { show: { resource: ['envelope'], operation: ['addFiles'] } };

export const addFilesDescription: INodeProperties[] = [
	envelopeIdProperty(displayOptions),
	...fileInputProperties(displayOptions, { multiple: true }),
	responseOptions(displayOptions),
];
