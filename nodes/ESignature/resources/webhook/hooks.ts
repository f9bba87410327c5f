import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { baseUrlOf, CREDENTIAL_TYPE } from '../../../../credentials/accessToken';
import { isFailedAnswer, isServiceWrapper, notFoundError, parseBody, serviceError } from '../../shared/errors';
import { setPathParameter } from '../../shared/paths';
import { inputError, requireGuid, requireHttpUrl, toText } from '../../shared/validation';

/** Request builders of the webhook operations. */

/** The header token is a secret: used exactly as entered, never trimmed. */
function headerTokenOf(value: unknown): { headerToken?: string } {
	return typeof value === 'string' && value !== '' ? { headerToken: value } : {};
}

function selectedWebhookId(context: IExecuteSingleFunctions): string {
	const value = context.getNodeParameter('webhookId', '', { extractValue: true });
	return requireGuid(context, value, 'Webhook');
}

export async function setWebhookIdPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	return setPathParameter(requestOptions, 'webhookId', selectedWebhookId(this));
}

export async function buildCreateWebhookBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = {
		webhookUrl: requireHttpUrl(this, this.getNodeParameter('webhookUrl'), 'Webhook URL'),
		...headerTokenOf(this.getNodeParameter('headerToken', '')),
		isDefault: this.getNodeParameter('isDefault', false) as boolean,
	};
	return requestOptions;
}

export async function buildCreateManyWebhooksBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const entries = this.getNodeParameter('webhooks.webhook', []) as IDataObject[];
	if (!entries.length) throw inputError(this, 'Webhooks: add at least one webhook');
	requestOptions.body = entries.map((entry, index) => ({
		webhookUrl: requireHttpUrl(this, entry.webhookUrl, `Webhooks, webhook ${index + 1}: Webhook URL`),
		...headerTokenOf(entry.headerToken),
		isDefault: Boolean(entry.isDefault),
	}));
	return requestOptions;
}

/**
 * PUT replaces URL and default flag together, so the fields the user leaves out are read from the service first:
 * changing the URL of the default webhook must not quietly make it a non-default one.
 */
export async function buildUpdateWebhookBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const id = selectedWebhookId(this);
	const updates = this.getNodeParameter('updateFields', {}) as IDataObject;
	const newUrl = updates.webhookUrl === undefined ? undefined : requireHttpUrl(this, updates.webhookUrl, 'Update Fields: Webhook URL');
	if (newUrl === undefined && updates.isDefault === undefined) {
		throw inputError(this, 'Update Fields: add the Webhook URL or Use as Account Default to change');
	}
	let current: IDataObject = {};
	if (newUrl === undefined || updates.isDefault === undefined) {
		const credentials = await this.getCredentials(CREDENTIAL_TYPE);
		const answer = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
			method: 'GET',
			url: `${baseUrlOf(credentials)}/api/v1/webhooks/${encodeURIComponent(id)}`,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: { ignore: true, except: [401] },
		})) as IN8nHttpFullResponse;
		const body = parseBody(answer.body);
		if (isFailedAnswer(body, answer.statusCode)) throw serviceError(this, body, answer.statusCode);
		if (!isServiceWrapper(body) || !body.data) throw notFoundError(this);
		current = body.data as IDataObject;
	}
	requestOptions.body = {
		id,
		webhookUrl: newUrl ?? current.webhookUrl,
		isDefault: updates.isDefault === undefined ? Boolean(current.isDefault) : Boolean(updates.isDefault),
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
	const requestId = toText(filters.requestId);
	if (requestId) out.requestId = requireGuid(context, requestId, 'Filters: Callback Request ID').toLowerCase();
	const url = toText(filters.webhookUrl);
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
