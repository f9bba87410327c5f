import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['document'], operation: ['downloadSigned'] } };

export const downloadSignedDescription: INodeProperties[] = [
	documentIdProperty(displayOptions),
	binaryOutputProperty(displayOptions),
];
