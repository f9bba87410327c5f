import {
	booleanOf,
	getWebhook,
	type IDataObject,
	type INodeProperties,
	inputError,
	notFoundError,
	options,
	type PreSendAction,
	requireAuthorsUrl,
	sendsId,
} from '../kit';
import { oneDefaultField, webhookId, webhookRouting, webhookUrlField } from './shared';

/** PUT replaces URL and default flag together: what is left out is read from the service first. */
const buildUpdateRequest: PreSendAction = async function (requestOptions) {
	const { id } = requestOptions.body as { id: string };
	const updates = (this.getNodeParameter('updateFields', {}) as IDataObject) ?? {};
	const newUrl =
		updates.webhookUrl === undefined
			? undefined
			: requireAuthorsUrl(
					this,
					'updateFields.webhookUrl',
					updates.webhookUrl,
					'Update Fields: Webhook URL',
				);
	const newDefault =
		updates.isDefault === undefined
			? undefined
			: booleanOf(this, updates.isDefault, 'Update Fields: Use as Account Default');
	if (newUrl === undefined && newDefault === undefined)
		throw inputError(
			this,
			'Update Fields: add the Webhook URL or Use as Account Default to change',
		);
	const current =
		newUrl === undefined || newDefault === undefined ? await getWebhook(this, id) : {};
	if (!current) throw notFoundError(this);
	requestOptions.body = {
		id,
		webhookUrl: newUrl ?? current.webhookUrl,
		isDefault: newDefault ?? current.isDefault === true,
	};
	return requestOptions;
};

export const option = {
	name: 'Update',
	value: 'update',
	action: 'Update a webhook',
	description: 'Change the URL or default flag (the header token cannot be changed)',
	routing: webhookRouting(
		{ method: 'PUT', url: '/api/v1/webhooks' },
		{ preSend: [sendsId(webhookId, { body: 'id' }), buildUpdateRequest], idField: webhookId },
	),
};

export const description: INodeProperties[] = [
	webhookId,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the header token cannot be changed',
		options: [
			oneDefaultField,
			{ ...webhookUrlField, description: 'The new address of the webhook' },
		],
	},
	options,
];
