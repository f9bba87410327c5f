import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';
import { fileInputProperties } from '../../shared/fileInput';
import { SEVERAL_FILES } from './fields';

const displayOptions = { show: { resource: ['envelope'], operation: ['addFiles'] } };

export const addFilesDescription: INodeProperties[] = [
	envelopeIdProperty(displayOptions),
	...fileInputProperties(displayOptions, SEVERAL_FILES),
	responseOptions(displayOptions),
];
