import { webhookLocatorProperty } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { requireGuid } from '../../fields/validation';
import { webhookPath, webhookOutput } from './shared';
import { options } from '../shared';
import { routing, sendsField } from '../../routing/itemRequest';

const webhook = webhookLocatorProperty({
	description:
		'The webhook to delete. Envelopes that used it fall back to the account default webhook.',
});

export const option = {
	name: 'Delete',
	value: 'delete',
	action: 'Delete a webhook',
	description:
		'Remove a webhook; envelopes pinned to it then report to the account default webhook',
	routing: routing(
		{ method: 'DELETE', url: webhookPath },
		[sendsField(webhook, requireGuid)],
		webhookOutput(unwrapResponse),
	),
};

export const description = [webhook, options];
