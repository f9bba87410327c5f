import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, webhookLocatorProperty } from '../../fields/common';

const properties: INodeProperties[] = [
	webhookLocatorProperty({
		description:
			'The webhook to delete. Envelopes that used it fall back to the account default webhook.',
	}),
	responseOptions(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);
