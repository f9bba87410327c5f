import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, documentIdProperty, downloadOptions } from '../../helpers/descriptions';

const properties: INodeProperties[] = [
	documentIdProperty(),
	binaryOutputProperty(),
	downloadOptions({ wrapped: false }),
];

const displayOptions = { show: { resource: ['document'], operation: ['download'] } };

export const description = updateDisplayOptions(displayOptions, properties);
