import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentIdProperty, responseOptions } from '../../fields/common';
import { destinationsProperties } from '../../fields/recipients';

const properties: INodeProperties[] = [
	documentIdProperty(),
	...destinationsProperties('v1'),
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['send'] } };

export const description = updateDisplayOptions(displayOptions, properties);
