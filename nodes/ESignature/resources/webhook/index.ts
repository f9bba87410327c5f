import type { INodeProperties } from 'n8n-workflow';

import { unwrapFoundResponse, unwrapResponse } from '../../shared/hooks';
import { createDescription } from './create';
import { createManyDescription } from './createMany';
import { deleteDescription } from './delete';
import { getDescription } from './get';
import { getAllDescription } from './getAll';
import { getLogsDescription } from './getLogs';
import { resendDescription } from './resend';
import { updateDescription } from './update';
import {
	buildCreateManyWebhooksBody,
	buildCreateWebhookBody,
	buildResendBody,
	buildUpdateWebhookBody,
	checkLogFilters,
	filterDeliveryLogs,
	setWebhookIdPath,
} from './hooks';

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
					send: { preSend: [buildCreateWebhookBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Create Many',
				value: 'createMany',
				action: 'Create many webhooks',
				description: 'Register several URLs in one request',
				routing: {
					request: { method: 'POST', url: '/api/v1/webhooks/bulk' },
					send: { preSend: [buildCreateManyWebhooksBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a webhook',
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
				routing: {
					request: { method: 'GET', url: '/api/v1/webhooks/{webhookId}' },
					send: { preSend: [setWebhookIdPath] },
					output: { postReceive: [unwrapFoundResponse] },
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
					output: { postReceive: [unwrapResponse, filterDeliveryLogs] },
				},
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many webhooks',
				routing: { request: { method: 'GET', url: '/api/v1/webhooks' }, output: { postReceive: [unwrapResponse] } },
			},
			{
				name: 'Resend Callback',
				value: 'resend',
				action: 'Resend a callback',
				description: 'Deliver a callback again, e.g. after your endpoint failed to process it',
				routing: {
					request: { method: 'POST', url: '/api/v1/webhooks/recall' },
					send: { preSend: [buildResendBody] },
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
					send: { preSend: [buildUpdateWebhookBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'getAll',
	},
	...createDescription,
	...createManyDescription,
	...deleteDescription,
	...getDescription,
	...getAllDescription,
	...getLogsDescription,
	...resendDescription,
	...updateDescription,
];
