import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { unwrapFoundResponse } from '../../routing/answers';
import { webhookId, webhookPath, webhookOutput } from './shared';
import { options } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Get',
	value: 'get',
	action: 'Get a webhook',
	description: "Get a webhook's URL and whether it is the account default",
	routing: {
		request: { method: 'GET', url: webhookPath },
		output: webhookOutput(unwrapFoundResponse),
	},
};

export const description: INodeProperties[] = [webhookId, options];
