import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, downloadOptions } from '../../fields/common';

const properties: INodeProperties[] = [
	documentIdProperty(),
	binaryOutputProperty(),
	downloadOptions({ wrapped: false }),
];

const displayOptions = { show: { resource: ['document'], operation: ['download'] } };

export const description = updateDisplayOptions(displayOptions, properties);
