import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentIdProperty, responseOptions } from '../../helpers/descriptions';
import { destinationsProperties } from '../../helpers/recipients';

const properties: INodeProperties[] = [
	documentIdProperty(),
	...destinationsProperties('v1'),
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['send'] } };

export const description = updateDisplayOptions(displayOptions, properties);
