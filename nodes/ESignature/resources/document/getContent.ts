import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['document'], operation: ['getContent'] } };

export const getContentDescription: INodeProperties[] = [
	documentIdProperty(displayOptions),
	binaryOutputProperty(displayOptions),
	responseOptions(displayOptions),
];
