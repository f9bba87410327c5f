import {
	booleanOf,
	eachEntry,
	type IDataObject,
	type INodeProperties,
	options,
	type PreSendAction,
	requireAuthorsUrl,
	secretOf,
} from '../kit';
import { headerTokenField, isDefaultField, webhookRouting, webhookUrlField } from './shared';

/** The body is a list, which routing.send cannot build. */
const buildWebhookList: PreSendAction = async function (requestOptions) {
	const entries = this.getNodeParameter('webhooks.webhook', []) as IDataObject[];
	requestOptions.body = eachEntry(this, entries, 'Webhooks', 'webhook', (entry, label, index) => {
		const webhookUrl = requireAuthorsUrl(
			this,
			`webhooks.webhook.${index}.webhookUrl`,
			entry.webhookUrl,
			`${label}: Webhook URL`,
		);
		const headerToken = secretOf(this, entry.headerToken, `${label}: Header Token`);
		return {
			webhookUrl,
			...(headerToken ? { headerToken } : {}),
			isDefault: booleanOf(this, entry.isDefault ?? false, `${label}: Use as Account Default`),
		};
	});
	return requestOptions;
};

export const option = {
	name: 'Create Many',
	value: 'createMany',
	action: 'Create many webhooks',
	description: 'Register several URLs in one request',
	routing: webhookRouting(
		{ method: 'POST', url: '/api/v1/webhooks/bulk' },
		{ preSend: [buildWebhookList] },
	),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Webhooks',
		name: 'webhooks',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Webhook',
		default: {},
		required: true,
		options: [
			{
				displayName: 'Webhook',
				name: 'webhook',
				values: [webhookUrlField, headerTokenField, isDefaultField],
			},
		],
	},
	options,
];
