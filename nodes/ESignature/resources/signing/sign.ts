import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentIdProperty, responseOptions } from '../../fields/common';
import { signersProperties } from '../../fields/signers';

const properties: INodeProperties[] = [
	documentIdProperty(),
	...signersProperties(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['signing'], operation: ['sign'] } };

export const description = updateDisplayOptions(displayOptions, properties);
