import type { INodeProperties } from 'n8n-workflow';

import { documentIdProperty, responseOptions } from '../../shared/descriptions';
import { destinationsProperties } from '../../shared/destinations';

const displayOptions = { show: { resource: ['invitation'], operation: ['send'] } };

export const sendDescription: INodeProperties[] = [
	documentIdProperty(displayOptions),
	...destinationsProperties('v1', displayOptions),
	responseOptions(displayOptions),
];
