import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { webhookLocatorProperty } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { webhookIdChecked, webhookPath, webhookOutput } from './shared';
import { options } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a webhook',
	description:
		'Remove a webhook; envelopes pinned to it then report to the account default webhook',
	routing: {
		request: { method: 'DELETE', url: webhookPath },
		output: webhookOutput(unwrapResponse),
	},
};

export const description: INodeProperties[] = [
	{
		...webhookLocatorProperty({
			description:
				'The webhook to delete. Envelopes that used it fall back to the account default webhook.',
		}),
		routing: webhookIdChecked,
	},
	options,
];
