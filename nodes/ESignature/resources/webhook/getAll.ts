import {
	checkedField,
	type INodeProperties,
	integerOf,
	isErrorItem,
	options,
	type PostReceiveAction,
	triggerUrlOf,
	waitingExecutionOf,
} from '../kit';
import { webhookRouting } from './shared';

// Leftovers show.
const markTriggerWebhooks: PostReceiveAction = async function (items) {
	return items.map((item) => {
		const url = item.json.webhookUrl;
		if (isErrorItem(item) || typeof url !== 'string') return item;
		const trigger = triggerUrlOf(url);
		const waitingExecution = waitingExecutionOf(url);
		const json = {
			...item.json,
			n8nTrigger: trigger !== undefined,
			testUrl: trigger?.test === true,
			...(waitingExecution && { waitingExecution }),
		};
		return { ...item, json };
	});
};

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many webhooks',
	description: "List the account's webhooks, marking those of n8n triggers",
	routing: webhookRouting(
		{ method: 'GET', url: '/api/v1/webhooks' },
		{ postReceive: [markTriggerWebhooks] },
	),
};

export const description: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	// The service has no paging: n8n cuts the list at any Limit, a negative one from the end.
	checkedField(
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
			routing: { output: { maxResults: '={{$value}}' } },
		},
		(context, value, label) => integerOf(context, value, label, { min: 1 }),
	),
	options,
];
