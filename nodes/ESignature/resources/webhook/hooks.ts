import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeRequestOutput,
	PostReceiveAction,
} from 'n8n-workflow';

import { namedValueOf } from '../../fields/namedValues';
import { WEBHOOK_DELIVERY_STATUSES } from '../../fields/enums';
import {
	booleanOf,
	checkParameter,
	inputError,
	integerOf,
	requireGuid,
	secretOf,
	textOf,
} from '../../fields/validation';
import { requireAuthorsUrl } from '../../fields/toolInputs';
import { MAX_LENGTH } from '../../../../credentials/text';
import { notFoundError } from '../../service/errors';
import { isErrorItem } from '../../service/errorItems';
import { maskedAnswer } from '../../service/secrets';
import { getWebhook } from '../../service/webhooks';

/** Checks and request builders of the Webhook operations, and what their answers go through. */

/**
 * The header token is a secret: used exactly as entered, never trimmed, left out when empty. A value that is not text
 * is refused: dropping it would register the webhook without a token, which cannot be added later.
 */
function headerTokenOf(
	context: IExecuteSingleFunctions,
	value: unknown,
	fieldLabel: string,
): { headerToken?: string } {
	const token = secretOf(context, value, fieldLabel);
	return token ? { headerToken: token } : {};
}

function selectedWebhookId(context: IExecuteSingleFunctions): string {
	const value = context.getNodeParameter('webhookId', '', { extractValue: true });
	return requireGuid(context, value, 'Webhook');
}

/** The Webhook field: a webhook ID (checked before the URL takes it). */
export async function checkWebhookId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	selectedWebhookId(this);
	return requestOptions;
}

/** Create's Webhook URL: an http(s) URL, written by the workflow's author when the node runs as a tool. */
export async function checkWebhookUrl(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requireAuthorsUrl(this, 'webhookUrl', this.getNodeParameter('webhookUrl'), 'Webhook URL');
	return requestOptions;
}

/**
 * Create's Header Token: text, or a number. A value that is not text is refused: dropping it would register the
 * webhook without a token, which cannot be added later.
 */
export const checkHeaderToken = checkParameter('headerToken', secretOf, 'Header Token');

/** Create's Use as Account Default: true or false (also as text from an expression). */
export const checkIsDefault = checkParameter(
	'isDefault',
	booleanOf,
	'Use as Account Default',
	false,
);

/** Resend Callback's Callback Request ID: a GUID. */
export const checkCallbackRequestId = checkParameter(
	'requestId',
	requireGuid,
	'Callback Request ID',
);

/** Create Many's body: the list of webhooks, each checked as Create checks its fields. */
export async function buildWebhookList(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const entries = this.getNodeParameter('webhooks.webhook', []) as IDataObject[];
	if (!entries.length) throw inputError(this, 'Webhooks: add at least one webhook');
	requestOptions.body = entries.map((entry, index) => {
		const label = `Webhooks, webhook ${index + 1}`;
		return {
			webhookUrl: requireAuthorsUrl(
				this,
				`webhooks.webhook.${index}.webhookUrl`,
				entry.webhookUrl,
				`${label}: Webhook URL`,
			),
			...headerTokenOf(this, entry.headerToken, `${label}: Header Token`),
			isDefault: booleanOf(this, entry.isDefault ?? false, `${label}: Use as Account Default`),
		};
	});
	return requestOptions;
}

/**
 * PUT replaces URL and default flag together, so the fields the user leaves out are read from the service first:
 * changing the URL of the default webhook must not quietly make it a non-default one.
 */
export async function buildUpdateRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const id = selectedWebhookId(this);
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
	if (newUrl === undefined && newDefault === undefined) {
		throw inputError(
			this,
			'Update Fields: add the Webhook URL or Use as Account Default to change',
		);
	}
	let current: IDataObject = {};
	if (newUrl === undefined || newDefault === undefined) {
		const found = await getWebhook(this, id);
		if (!found) throw notFoundError(this);
		current = found;
	}
	requestOptions.body = {
		id,
		webhookUrl: newUrl ?? current.webhookUrl,
		isDefault: newDefault ?? current.isDefault === true,
	};
	return requestOptions;
}

/** The delivery-log filters the user set, checked. */
function logFilters(context: IExecuteSingleFunctions): {
	requestId?: string;
	webhookUrl?: string;
	webhookStatus?: number;
} {
	const filters = (context.getNodeParameter('filters', {}) as IDataObject) ?? {};
	const out: { requestId?: string; webhookUrl?: string; webhookStatus?: number } = {};
	const requestId = textOf(context, filters.requestId, 'Filters: Callback Request ID');
	if (requestId)
		out.requestId = requireGuid(context, requestId, 'Filters: Callback Request ID').toLowerCase();
	const url = textOf(context, filters.webhookUrl, 'Filters: Webhook URL', MAX_LENGTH.url);
	if (url) out.webhookUrl = url;
	if (filters.webhookStatus !== undefined && filters.webhookStatus !== '') {
		out.webhookStatus = namedValueOf(
			context,
			filters.webhookStatus,
			'Filters: Delivery Status',
			WEBHOOK_DELIVERY_STATUSES,
		);
	}
	return out;
}

/**
 * Get Many's Limit: the list is cut after it arrives (the service has no paging), and n8n cuts at whatever number it
 * is given: a negative one would silently drop entries from the end, a fraction or text all of them.
 */
export async function checkLimit(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	integerOf(this, this.getNodeParameter('limit', 50), 'Limit', { min: 1 });
	return requestOptions;
}

export async function checkLogFilters(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	logFilters(this);
	return requestOptions;
}

/**
 * The spec has the log filters sent as a JSON body on GET, but n8n's HTTP client drops the body of every GET request.
 * Without a body the service returns every log entry, so the filters are applied here to the list it returns.
 */
export async function filterDeliveryLogs(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
) {
	const { requestId, webhookUrl, webhookStatus } = logFilters(this);
	return items.filter(({ json }) => {
		if (requestId && String(json.requestId ?? '').toLowerCase() !== requestId) return false;
		if (webhookUrl && json.webhookUrl !== webhookUrl) return false;
		// webhookStatus reads like "FAILEDFROMCLIENT (4)".
		if (
			webhookStatus !== undefined &&
			!String(json.webhookStatus ?? '')
				.trimEnd()
				.endsWith(`(${webhookStatus})`)
		) {
			return false;
		}
		return true;
	});
}

/**
 * Webhooks and delivery logs as output: a header token shows as set, with its last four characters, never in clear;
 * n8n's resume token in a waiting execution's URL is masked (service/secrets.ts).
 */
export async function hideHeaderTokens(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	// Error items pass as they are: their identity carries their details (service/errorItems.ts).
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: maskedAnswer(item.json) },
	);
}

/**
 * The output of every Webhook operation: its own hooks, then hideHeaderTokens, last, so that whatever an answer echoes
 * (a header token, a resume URL) is masked on the one path all of them take (docs/security.md#masking).
 */
export function webhookOutput(...postReceive: PostReceiveAction[]): INodeRequestOutput {
	return { postReceive: [...postReceive, hideHeaderTokens] };
}
