import type { INodeProperties } from 'n8n-workflow';

import { responseOptions, webhookLocatorProperty } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['webhook'], operation: ['delete'] } };

export const deleteDescription: INodeProperties[] = [
	webhookLocatorProperty(displayOptions, { description: 'The webhook to delete. Envelopes that used it fall back to the account default webhook.' }),
	responseOptions(displayOptions),
];
