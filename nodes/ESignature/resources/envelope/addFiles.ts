import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';
import { binaryFilesProperty } from './files';

const displayOptions = { show: { resource: ['envelope'], operation: ['addFiles'] } };

export const addFilesDescription: INodeProperties[] = [
	envelopeIdProperty(displayOptions),
	binaryFilesProperty(displayOptions),
	responseOptions(displayOptions),
];
