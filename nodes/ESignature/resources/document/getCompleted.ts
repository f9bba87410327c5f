import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['document'], operation: ['getCompleted'] } };

export const getCompletedDescription: INodeProperties[] = [
	documentIdProperty(displayOptions),
	binaryOutputProperty(displayOptions),
	responseOptions(displayOptions),
];
