import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { inputError, requireGuid } from '../../shared/validation';

/** Request builders of the webhook operations. */

function webhookUrl(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const text = typeof value === 'string' ? value.trim() : '';
	let valid = false;
	try {
		const url = new URL(text);
		valid = url.protocol === 'https:' || url.protocol === 'http:';
	} catch {}
	if (!valid) throw inputError(context, `${fieldLabel} must be an http:// or https:// URL, got "${text || '(empty)'}"`);
	return text;
}

function selectedWebhookId(context: IExecuteSingleFunctions): string {
	const value = context.getNodeParameter('webhookId', '', { extractValue: true });
	return requireGuid(context, value, 'Webhook');
}

export async function setWebhookIdPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.url = `/api/v1/webhooks/${encodeURIComponent(selectedWebhookId(this))}`;
	return requestOptions;
}

export async function buildCreateWebhookBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const headerToken = (this.getNodeParameter('headerToken', '') as string).trim();
	requestOptions.body = {
		webhookUrl: webhookUrl(this, this.getNodeParameter('webhookUrl'), 'Webhook URL'),
		...(headerToken ? { headerToken } : {}),
		isDefault: this.getNodeParameter('isDefault', false) as boolean,
	};
	return requestOptions;
}

export async function buildCreateManyWebhooksBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const entries = this.getNodeParameter('webhooks.webhook', []) as IDataObject[];
	if (!entries.length) throw inputError(this, 'Webhooks: add at least one webhook');
	requestOptions.body = entries.map((entry, index) => {
		const headerToken = String(entry.headerToken ?? '').trim();
		return {
			webhookUrl: webhookUrl(this, entry.webhookUrl, `Webhooks, webhook ${index + 1}: Webhook URL`),
			...(headerToken ? { headerToken } : {}),
			isDefault: Boolean(entry.isDefault),
		};
	});
	return requestOptions;
}

export async function buildUpdateWebhookBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = {
		id: selectedWebhookId(this),
		webhookUrl: webhookUrl(this, this.getNodeParameter('webhookUrl'), 'Webhook URL'),
		isDefault: this.getNodeParameter('isDefault', false) as boolean,
	};
	return requestOptions;
}

export async function buildResendBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = { requestId: requireGuid(this, this.getNodeParameter('requestId'), 'Callback Request ID') };
	return requestOptions;
}

/** The delivery-log filters the user set, checked. */
function logFilters(context: IExecuteSingleFunctions): { requestId?: string; webhookUrl?: string; webhookStatus?: number } {
	const filters = context.getNodeParameter('filters', {}) as IDataObject;
	const out: { requestId?: string; webhookUrl?: string; webhookStatus?: number } = {};
	const requestId = String(filters.requestId ?? '').trim();
	if (requestId) out.requestId = requireGuid(context, requestId, 'Filters: Callback Request ID').toLowerCase();
	const url = String(filters.webhookUrl ?? '').trim();
	if (url) out.webhookUrl = url;
	if (filters.webhookStatus !== undefined && filters.webhookStatus !== '') {
		const status = Number(filters.webhookStatus);
		if (!Number.isInteger(status)) {
			throw inputError(context, `Filters: Delivery Status must be a number, got "${String(filters.webhookStatus)}"`);
		}
		out.webhookStatus = status;
	}
	return out;
}

export async function checkLogFilters(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	logFilters(this);
	return requestOptions;
}

/**
 * The spec has the log filters sent as a JSON body on GET, but n8n's HTTP client drops the body of every GET request.
 * Without a body the service returns every log entry, so the filters are applied here to the list it returns.
 */
export async function filterDeliveryLogs(this: IExecuteSingleFunctions, items: INodeExecutionData[]) {
	const { requestId, webhookUrl, webhookStatus } = logFilters(this);
	return items.filter(({ json }) => {
		if (requestId && String(json.requestId ?? '').toLowerCase() !== requestId) return false;
		if (webhookUrl && json.webhookUrl !== webhookUrl) return false;
		// webhookStatus reads like "FAILEDFROMCLIENT (4)".
		if (webhookStatus !== undefined && !new RegExp(`\\(${webhookStatus}\\)\\s*$`).test(String(json.webhookStatus ?? ''))) {
			return false;
		}
		return true;
	});
}
