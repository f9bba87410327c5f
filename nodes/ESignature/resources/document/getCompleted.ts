import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, downloadOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	documentIdProperty(),
	binaryOutputProperty(),
	downloadOptions({ wrapped: true }),
];

const displayOptions = { show: { resource: ['document'], operation: ['getCompleted'] } };

export const description = updateDisplayOptions(displayOptions, properties);
