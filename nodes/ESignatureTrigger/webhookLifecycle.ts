import { randomBytes } from 'crypto';
import type { IDataObject, IHookFunctions, IHttpRequestMethods, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { baseUrlOf, CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { isFailedAnswer, isServiceWrapper, parseBody, serviceErrorFor } from '../ESignature/shared/errors';


/** What the trigger keeps in the workflow's static data about the webhook it registered. */
export interface StoredWebhook {
	webhookId?: string;
	/** Secret the service sends back as the Authorization header of each callback. */
	headerToken?: string;
	webhookUrl?: string;
	isDefault?: boolean;
}

interface RemoteWebhook {
	id: string;
	webhookUrl: string;
	isDefault?: boolean;
}

interface ServiceAnswer {
	statusCode: number;
	body: unknown;
}

export function storedWebhook(context: { getWorkflowStaticData(type: string): IDataObject }): StoredWebhook & IDataObject {
	return context.getWorkflowStaticData('node') as StoredWebhook & IDataObject;
}

function forgetWebhook(stored: StoredWebhook): void {
	delete stored.webhookId;
	delete stored.headerToken;
	delete stored.webhookUrl;
	delete stored.isDefault;
}

/** The token the service echoes on callbacks: 32 random bytes, hex so it is safe in a header. */
function newHeaderToken(): string {
	return randomBytes(32).toString('hex');
}

/** URLs compare without a trailing slash, as the service may store either. */
function sameUrl(a: string | undefined, b: string | undefined): boolean {
	return !!a && !!b && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

function wantsDefault(context: IHookFunctions): boolean {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	return options.isDefault === true;
}

function ownWebhookUrl(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n did not give this trigger a webhook URL');
	return url;
}

/**
 * One call to the service. 401 still throws, so n8n renews the access token and retries; every other answer is read
 * here, because the service reports most errors with HTTP 200 and a non-zero errorCode.
 */
async function callService(
	context: IHookFunctions,
	method: IHttpRequestMethods,
	path: string,
	body?: IDataObject,
): Promise<ServiceAnswer> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	let baseUrl: string;
	try {
		baseUrl = baseUrlOf(credentials);
	} catch (error) {
		throw new NodeOperationError(context.getNode(), (error as Error).message);
	}
	const response = (await context.helpers.httpRequestWithAuthentication.call(context, CREDENTIAL_TYPE, {
		method,
		url: `${baseUrl}${path}`,
		headers: { Accept: 'application/json' },
		body,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: { ignore: true, except: [401] },
	})) as IN8nHttpFullResponse;
	return { statusCode: response.statusCode, body: parseBody(response.body) };
}

function dataOrThrow(context: IHookFunctions, answer: ServiceAnswer): unknown {
	if (isFailedAnswer(answer.body, answer.statusCode)) {
		throw serviceErrorFor(context.getNode(), answer.body, answer.statusCode);
	}
	return isServiceWrapper(answer.body) ? answer.body.data : answer.body;
}

/** 404 by status or by errorCode: the webhook is already gone. */
function isNotFound(answer: ServiceAnswer): boolean {
	return answer.statusCode === 404 || (isServiceWrapper(answer.body) && Number(answer.body.errorCode) === 404);
}

async function listWebhooks(context: IHookFunctions): Promise<RemoteWebhook[]> {
	const data = dataOrThrow(context, await callService(context, 'GET', '/api/v1/webhooks'));
	return (Array.isArray(data) ? data : []).filter(
		(entry): entry is RemoteWebhook => typeof entry === 'object' && entry !== null && typeof entry.id === 'string',
	);
}

/** Deletes a webhook at the service; one that is already gone is not an error. */
async function deleteRemoteWebhook(context: IHookFunctions, webhookId: string): Promise<void> {
	const answer = await callService(context, 'DELETE', `/api/v1/webhooks/${encodeURIComponent(webhookId)}`);
	if (isNotFound(answer)) return;
	dataOrThrow(context, answer);
}

/**
 * True when the webhook in static data is still registered at the service for this node's current URL, with a token
 * we know. Otherwise it clears what is stale and returns false, so n8n calls create.
 *
 * The URL of a webhook holds the workflow and node ids, so a registration with exactly our URL is ours even when the
 * static data that named it was lost; such leftovers are deleted, which keeps one webhook per URL.
 */
export async function webhookExists(this: IHookFunctions): Promise<boolean> {
	const stored = storedWebhook(this);
	const url = ownWebhookUrl(this);
	const remote = await listWebhooks(this);
	const atOurUrl = remote.filter((webhook) => sameUrl(webhook.webhookUrl, url));
	const current = remote.find((webhook) => webhook.id === stored.webhookId);
	const usable = current !== undefined && !!stored.headerToken && sameUrl(current.webhookUrl, url);

	for (const leftover of atOurUrl) {
		if (!usable || leftover.id !== current?.id) await deleteRemoteWebhook(this, leftover.id);
	}
	if (usable) {
		await keepDefaultSetting(this, current, url);
		return true;
	}

	// A stored webhook for another URL: after a change of n8n's URL it is obsolete and is removed. While testing in the
	// editor it is this workflow's production webhook, still in use, so it is left alone (n8n keeps the test
	// registration's static data apart and does not save it).
	if (current && !sameUrl(current.webhookUrl, url) && this.getActivationMode() !== 'manual') {
		await deleteRemoteWebhook(this, current.id);
	}
	forgetWebhook(stored);
	return false;
}

/** "Use as account default webhook" changed since the webhook was registered: update it in place, keeping its id. */
async function keepDefaultSetting(context: IHookFunctions, webhook: RemoteWebhook, url: string): Promise<void> {
	const isDefault = wantsDefault(context);
	if (webhook.isDefault === undefined || webhook.isDefault === isDefault) return;
	dataOrThrow(
		context,
		await callService(context, 'PUT', '/api/v1/webhooks', { id: webhook.id, webhookUrl: url, isDefault }),
	);
	storedWebhook(context).isDefault = isDefault;
}

/** Registers this node's URL with a fresh token and remembers both. */
export async function createWebhook(this: IHookFunctions): Promise<boolean> {
	const url = ownWebhookUrl(this);
	const headerToken = newHeaderToken();
	const isDefault = wantsDefault(this);
	const data = dataOrThrow(
		this,
		await callService(this, 'POST', '/api/v1/webhooks', { webhookUrl: url, headerToken, isDefault }),
	) as IDataObject | null;
	if (!data || typeof data.id !== 'string') {
		throw new NodeOperationError(this.getNode(), 'The service did not return the id of the registered webhook');
	}
	const stored = storedWebhook(this);
	stored.webhookId = data.id;
	stored.headerToken = headerToken;
	stored.webhookUrl = url;
	stored.isDefault = isDefault;
	return true;
}

/** Removes the registered webhook; one already deleted at the service is fine. */
export async function deleteWebhook(this: IHookFunctions): Promise<boolean> {
	const stored = storedWebhook(this);
	if (stored.webhookId) await deleteRemoteWebhook(this, stored.webhookId);
	forgetWebhook(stored);
	return true;
}
