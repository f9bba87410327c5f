import {
	type INodeProperties,
	type INodePropertyRouting,
	isErrorItem,
	maskedAnswer,
	type OperationRouting,
	type PostReceiveAction,
	routing,
	unwrapResponse,
	webhookLocatorProperty,
} from '../kit';

export const webhookUrlField: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/webhook',
};
export const headerTokenField: INodeProperties = {
	displayName: 'Header Token',
	name: 'headerToken',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description: 'Secret sent back in the Authorization header of every callback',
};
export const isDefaultField: INodeProperties = {
	displayName: 'Use as Account Default',
	name: 'isDefault',
	type: 'boolean',
	default: false,
	description: 'Whether envelopes created without a webhook ID call this webhook',
};
export const oneDefaultField = {
	...isDefaultField,
	hint: 'Only one default webhook is called per event',
};

export const webhookId = webhookLocatorProperty();

/** A header token shows its last four characters, a resume token in a URL is masked (docs/security.md#masking). */
const hideHeaderTokens: PostReceiveAction = async function (items) {
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: maskedAnswer(item.json) },
	);
};

export const webhookRouting = (
	request: INodePropertyRouting['request'],
	{
		unwrap = unwrapResponse,
		postReceive = [],
		...declared
	}: OperationRouting & { unwrap?: PostReceiveAction } = {},
) => routing(request, { ...declared, postReceive: [unwrap, ...postReceive, hideHeaderTokens] });
