import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['document'], operation: ['download'] } };

export const downloadDescription: INodeProperties[] = [
	documentIdProperty(displayOptions),
	binaryOutputProperty(displayOptions),
];
