import {
	additionalFields,
	fileInputProperties,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodeProperties,
	isErrorItem,
	keepWrapper,
	optionalGuid,
	optionalText,
	options,
	type PostReceiveAction,
	type PreSendAction,
	readFileInput,
	referenceToSend,
	routing,
	SEVERAL_FILES,
	simplify,
	simplifyOutput,
	unwrapResponse,
	webhookLocatorProperty,
} from '../kit';

export const severalFiles = fileInputProperties(SEVERAL_FILES);

const webhook = webhookLocatorProperty(
	{
		description:
			'Webhook to call for this envelope instead of the account default; leave empty for the default. The ' +
			'E-Signature Trigger outputs the ID of the webhook it registered.',
		hint: "Empty: this envelope's events go to the account default webhook (marked account default in the list)",
	},
	{ optional: true },
);

// One property for every create: the routing engine walks every property per item. A tool pins nothing.
const pinCreatedNotice: INodeProperties = {
	displayName:
		"Testing the nodes after this one? After one run, pin this node's output (<i>Pin data</i>): <i>Execute " +
		'workflow</i> then re-uses it instead of creating another envelope.',
	name: 'pinCreatedNotice',
	type: 'notice',
	default: '',
	displayOptions: { hide: { '@tool': [true] } },
};

export const readSeveralFiles = (context: IExecuteSingleFunctions) =>
	readFileInput(context, { ...SEVERAL_FILES, leaveInStore: true });

/** The service rejects empty GUIDs, and optional fields are never sent as ''. */
export const compact = (values: IDataObject): IDataObject =>
	Object.fromEntries(Object.entries(values).filter(([, value]) => (value ?? '') !== ''));

export const additionalFieldsOf = (context: IExecuteSingleFunctions) =>
	(context.getNodeParameter('additionalFields', {}) as IDataObject) ?? {};

export const selectedWebhookId = (context: IExecuteSingleFunctions) =>
	optionalGuid(
		context,
		context.getNodeParameter('webhookId', '', { extractValue: true }),
		'Webhook',
	);

export function base64CreateFields(
	context: IExecuteSingleFunctions,
	webhookId: string | undefined,
) {
	const fields = additionalFieldsOf(context);
	return compact({
		webhookId,
		workflowId: optionalText(context, fields.workflowId, 'Service Workflow ID'),
		referenceNumber: referenceToSend(context),
	});
}

const sayWhereEventsGo: PostReceiveAction = async function (items) {
	if (keepWrapper(this)) return items;
	const webhookId = selectedWebhookId(this);
	const eventsTo = webhookId
		? `webhook ${webhookId}`
		: 'the account default webhook (no Webhook chosen)';
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: { ...item.json, eventsTo } },
	);
};

export const createRouting = (
	url: string,
	preSend: PreSendAction,
	{
		unwrap = unwrapResponse,
		idField,
		referenceNumber = true,
	}: { unwrap?: PostReceiveAction; idField?: INodeProperties; referenceNumber?: boolean } = {},
) =>
	routing(
		{ method: 'POST', url },
		{
			preSend: [preSend],
			postReceive: [unwrap, sayWhereEventsGo, simplifyOutput],
			idField,
			createsEnvelope: { referenceNumber },
		},
	);

export const createDescription = (own: INodeProperties[], additional?: INodeProperties[]) => [
	pinCreatedNotice,
	...own,
	webhook,
	...(additional ? [additionalFields(additional)] : []),
	simplify,
	options,
];
