import type { INodeProperties } from 'n8n-workflow';

import { unwrapFoundResponse, unwrapResponse } from '../../routing/answers';
import * as create from './create';
import * as createMany from './createMany';
import * as del from './delete';
import * as get from './get';
import * as getAll from './getAll';
import * as getLogs from './getLogs';
import * as resend from './resend';
import * as update from './update';
import {
	buildCreateManyRequest,
	buildCreateRequest,
	buildResendRequest,
	buildUpdateRequest,
	checkLogFilters,
	filterDeliveryLogs,
	hideHeaderTokens,
	setWebhookIdPath,
} from './hooks';
import { markTriggerWebhooks } from './markTriggers';

const showOnlyForWebhooks = { resource: ['webhook'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForWebhooks },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a webhook',
				description: 'Register a URL that receives signing events',
				routing: {
					request: { method: 'POST', url: '/api/v1/webhooks' },
					send: { preSend: [buildCreateRequest] },
					output: { postReceive: [unwrapResponse, hideHeaderTokens] },
				},
			},
			{
				name: 'Create Many',
				value: 'createMany',
				action: 'Create many webhooks',
				description: 'Register several URLs in one request',
				routing: {
					request: { method: 'POST', url: '/api/v1/webhooks/bulk' },
					send: { preSend: [buildCreateManyRequest] },
					output: { postReceive: [unwrapResponse, hideHeaderTokens] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a webhook',
				description:
					'Remove a webhook; envelopes pinned to it then report to the account default webhook',
				routing: {
					request: { method: 'DELETE', url: '/api/v1/webhooks/{webhookId}' },
					send: { preSend: [setWebhookIdPath] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a webhook',
				description: "Get a webhook's URL and whether it is the account default",
				routing: {
					request: { method: 'GET', url: '/api/v1/webhooks/{webhookId}' },
					send: { preSend: [setWebhookIdPath] },
					output: { postReceive: [unwrapFoundResponse, hideHeaderTokens] },
				},
			},
			{
				name: 'Get Delivery Logs',
				value: 'getLogs',
				action: 'Get webhook delivery logs',
				description: 'List callback deliveries, optionally filtered',
				routing: {
					request: { method: 'GET', url: '/api/v1/webhooks/logs' },
					send: { preSend: [checkLogFilters] },
					output: { postReceive: [unwrapResponse, filterDeliveryLogs, hideHeaderTokens] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many webhooks',
				description: "List the account's webhooks, marking those of n8n triggers",
				routing: {
					request: { method: 'GET', url: '/api/v1/webhooks' },
					output: { postReceive: [unwrapResponse, hideHeaderTokens, markTriggerWebhooks] },
				},
			},
			{
				name: 'Resend Callback',
				value: 'resend',
				action: 'Resend a callback',
				description: 'Deliver a callback again, e.g. after your endpoint failed to process it',
				routing: {
					request: { method: 'POST', url: '/api/v1/webhooks/recall' },
					send: { preSend: [buildResendRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a webhook',
				description: 'Change the URL or default flag (the header token cannot be changed)',
				routing: {
					request: { method: 'PUT', url: '/api/v1/webhooks' },
					send: { preSend: [buildUpdateRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'getAll',
	},
	...create.description,
	...createMany.description,
	...del.description,
	...get.description,
	...getAll.description,
	...getLogs.description,
	...resend.description,
	...update.description,
];
