/**
 * Webhook management, delivery logs and recall.
 */
import { randomUUID } from 'node:crypto';
import { deliver } from '../events';
import {
	type Reply,
	arrayBody,
	fail,
	guidParam,
	invalid,
	isObject,
	objectBody,
	ok,
	okStreamed,
	optionalBool,
	optionalInt,
	optionalString,
	raise,
	requiredGuid,
} from '../http';
import { type ApiContext, type Route, api } from '../router';
import type { Account, Webhook, WebhookLogEntry } from '../state';

const view = (w: Webhook) => ({
	id: w.id,
	webhookUrl: w.webhookUrl,
	accountId: w.accountId,
	isDefault: w.isDefault,
	headerToken: w.headerToken,
});

const isHttpUrl = (value: string): boolean => {
	try {
		const url = new URL(value);
		return url.protocol === 'http:' || url.protocol === 'https:';
	} catch {
		return false;
	}
};

/** A webhook URL that is present but not an absolute http(s) URL: errorCode 134. */
function checkUrl(url: string): void {
	if (!isHttpUrl(url)) raise(134, 'InvalidWebhookUrl');
}

function parseNewWebhook(raw: unknown, field: string, account: Account): Webhook {
	if (!isObject(raw)) invalid(field, 'A webhook object is required.');
	const webhookUrl = optionalString(raw, 'webhookUrl');
	if (!webhookUrl) invalid(`${field}webhookUrl`, 'The webhookUrl field is required.');
	checkUrl(webhookUrl);
	return {
		id: randomUUID(),
		webhookUrl,
		accountId: account.credentials.accountId,
		// Several webhooks may be default; only the first-created default is called (see State.callbackTarget).
		isDefault: optionalBool(raw, 'isDefault') ?? false,
		headerToken: optionalString(raw, 'headerToken') ?? '',
	};
}

/** POST /api/v1/webhooks. */
function create(ctx: ApiContext): Reply {
	const webhook = parseNewWebhook(objectBody(ctx.req.body), '', ctx.account);
	ctx.account.webhooks.push(webhook);
	return ok(view(webhook));
}

/** POST /api/v1/webhooks/bulk: all validated before any is stored; answered in request order. */
function createBulk(ctx: ApiContext): Reply {
	const items = arrayBody(ctx.req.body);
	if (items.length === 0) invalid('$', 'At least one webhook is required.');
	const webhooks = items.map((item, i) => parseNewWebhook(item, `[${i}].`, ctx.account));
	ctx.account.webhooks.push(...webhooks);
	return ok(webhooks.map(view));
}

/** GET /api/v1/webhooks. */
const list = (ctx: ApiContext): Reply => ok(ctx.account.webhooks.map(view));

/** GET /api/v1/webhooks/{id}: not found or not owned gives errorCode 0 with data null (observed). */
function get(ctx: ApiContext): Reply {
	const id = guidParam(ctx.params.id, 'id');
	const webhook = ctx.account.webhooks.find((w) => w.id === id);
	return ok(webhook ? view(webhook) : null);
}

const notFound = (): never => raise(404, 'WebhookNotFound', { status: 404 });

/** PUT /api/v1/webhooks {id, webhookUrl, isDefault}: headerToken cannot be changed, so it is ignored. */
function update(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const id = requiredGuid(body, 'id');
	const webhookUrl = optionalString(body, 'webhookUrl');
	if (webhookUrl !== undefined) checkUrl(webhookUrl);
	const isDefault = optionalBool(body, 'isDefault');
	const webhook = ctx.account.webhooks.find((w) => w.id === id);
	if (!webhook) return notFound();
	if (webhookUrl !== undefined) webhook.webhookUrl = webhookUrl;
	if (isDefault !== undefined) webhook.isDefault = isDefault;
	return ok(true);
}

/** DELETE /api/v1/webhooks/{id}: envelopes that used it fall back to the default webhook. */
function remove(ctx: ApiContext): Reply {
	const id = guidParam(ctx.params.id, 'id');
	const index = ctx.account.webhooks.findIndex((w) => w.id === id);
	if (index < 0) return notFound();
	ctx.account.webhooks.splice(index, 1);
	return ok(true);
}

/** POST /api/v1/webhooks/recall {requestId}: re-sends the request's last callback to its current target. */
async function recall(ctx: ApiContext): Promise<Reply> {
	const body = objectBody(ctx.req.body);
	const requestId = requiredGuid(body, 'requestId');
	const envelope = ctx.core.state.envelopeOf(ctx.account, requestId);
	if (!envelope) raise(404, 'RequestNotFound', { status: 404 });
	if (!envelope.lastCallback) return fail(100, 'No callback has been sent for this request');
	const delivered = await deliver(ctx.core.state, envelope, envelope.lastCallback, true);
	return delivered ? ok(true) : fail(100, 'No webhook is configured for this request');
}

/** The first `count` entries that `keep` accepts, read as the answer is written. */
function* logsWhere(
	logs: WebhookLogEntry[],
	count: number,
	keep: (entry: WebhookLogEntry) => boolean,
) {
	for (let index = 0; index < count && index < logs.length; index++)
		if (keep(logs[index])) yield logs[index];
}

/**
 * GET /api/v1/webhooks/logs. Filters come in a JSON body on the GET (not the
 * query string, which is ignored as the service ignores it). The answer is
 * streamed: a log of a million entries (about 195 MB) is never one string.
 * It holds the entries logged when the request came.
 */
function logs(ctx: ApiContext): Reply {
	const filters = ctx.req.body === undefined ? {} : objectBody(ctx.req.body);
	const requestId = optionalString(filters, 'requestId')?.toLowerCase() || undefined;
	const webhookUrl = optionalString(filters, 'webhookUrl') || undefined;
	const webhookStatus = optionalInt(filters, 'webhookStatus');
	const log = ctx.account.logs;
	return okStreamed(
		logsWhere(
			log,
			log.length,
			(entry) =>
				(!requestId || entry.requestId.toLowerCase() === requestId) &&
				(!webhookUrl || entry.webhookUrl === webhookUrl) &&
				(webhookStatus === undefined || entry.webhookStatus.endsWith(`(${webhookStatus})`)),
		),
	);
}

export const webhookRoutes: Route[] = [
	api('POST', '/api/v1/webhooks', 'json', create),
	api('POST', '/api/v1/webhooks/bulk', 'json', createBulk),
	api('GET', '/api/v1/webhooks', 'none', list),
	api('GET', '/api/v1/webhooks/logs', 'json-optional', logs),
	api('POST', '/api/v1/webhooks/recall', 'json', recall),
	api('PUT', '/api/v1/webhooks', 'json', update),
	api('GET', '/api/v1/webhooks/:id', 'none', get),
	api('DELETE', '/api/v1/webhooks/:id', 'none', remove),
];
