import type { INodeProperties } from 'n8n-workflow';

import { documentIdProperty, responseOptions } from '../../shared/descriptions';
import { signersProperties } from '../../shared/destinations';

const displayOptions = { show: { resource: ['signing'], operation: ['sign'] } };

export const signDescription: INodeProperties[] = [
	documentIdProperty(displayOptions),
	...signersProperties(displayOptions),
	responseOptions(displayOptions),
];
