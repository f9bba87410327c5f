import {
	checkedField,
	type IDataObject,
	type ItemChecks,
	MAX_LENGTH,
	namedValueOf,
	optionalGuid,
	optionalText,
	options,
	type PostReceiveAction,
} from '../kit';
import { webhookRouting } from './shared';

const WEBHOOK_DELIVERY_STATUSES = [
	{ name: 'Pending', value: 0 },
	{ name: 'Success', value: 1 },
	{ name: 'Recall', value: 2 },
	{ name: 'Failed From Client', value: 4 },
];

/** The spec sends the filters as a GET's body, which n8n drops: the service answers every entry, filtered here. */
const filterDeliveryLogs: PostReceiveAction = async function (items) {
	const { requestId, webhookUrl, webhookStatus } = logFilters(
		this,
		this.getNodeParameter('filters', {}),
	);
	return items.filter(({ json }) => {
		if (requestId && String(json.requestId ?? '').toLowerCase() !== requestId) return false;
		if (webhookUrl && json.webhookUrl !== webhookUrl) return false;
		// Like "FAILEDFROMCLIENT (4)".
		const status = String(json.webhookStatus ?? '').trimEnd();
		return webhookStatus === undefined || status.endsWith(`(${webhookStatus})`);
	});
};

export const option = {
	name: 'Get Delivery Logs',
	value: 'getLogs',
	action: 'Get webhook delivery logs',
	description: 'List callback deliveries, optionally filtered',
	routing: webhookRouting(
		{ method: 'GET', url: '/api/v1/webhooks/logs' },
		{ postReceive: [filterDeliveryLogs] },
	),
};

export const description = [
	checkedField(
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Envelope ID',
					name: 'requestId',
					type: 'string',
					default: '',
					description:
						"Only deliveries of this envelope's callbacks (an entry names its envelope in requestId)",
				},
				{
					displayName: 'Delivery Status',
					name: 'webhookStatus',
					type: 'options',
					options: WEBHOOK_DELIVERY_STATUSES,
					default: 4,
					description:
						'Only deliveries with this status. Choose from the list, or give a name from it (in any case) or its ' +
						'number with an <a href="https://docs.n8n.io/code/expressions/">expression</a> or the model.',
				},
				{
					displayName: 'Webhook URL',
					name: 'webhookUrl',
					type: 'string',
					default: '',
					description: 'Only deliveries to this URL',
				},
			],
		},
		logFilters,
	),
	options,
];

function logFilters(context: ItemChecks, value: unknown) {
	const { requestId, webhookUrl, webhookStatus } = (value as IDataObject) ?? {};
	return {
		requestId: optionalGuid(context, requestId, 'Filters: Envelope ID')?.toLowerCase(),
		webhookUrl: optionalText(context, webhookUrl, 'Filters: Webhook URL', MAX_LENGTH.url),
		webhookStatus:
			(webhookStatus ?? '') === ''
				? undefined
				: namedValueOf(
						context,
						webhookStatus,
						'Filters: Delivery Status',
						WEBHOOK_DELIVERY_STATUSES,
					),
	};
}
