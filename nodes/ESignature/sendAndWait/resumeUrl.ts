import { createHmac, timingSafeEqual } from 'crypto';
import { type IExecuteFunctions, type IWebhookFunctions, NodeApiError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { RESUME_QUERY } from '../service/n8nWebhookUrls';
import { deleteWebhook, listWebhooks } from '../service/webhooks';

/*
 * A waiting execution's webhook at the service points at its resume URL (`$execution.resumeUrl`; n8n 2.x puts the
 * secret resume token in it and refuses a call without it, 1.x does not). What the node needs when called back is in
 * its query, signed with a key only the credential holds (`check`); the header token proves the caller is the service
 * (docs/n8n-notes.md#send-and-wait).
 */

/** The webhook stays this long after the time limit: a callback n8n no longer waits for is answered 200 by n8n. */
export const EXPIRED_WEBHOOK_GRACE_MS = 24 * 60 * 60 * 1000;

/** What a check covers: the header token, the execution's ID (n8n knows it, never in the query), the query. */
function signedText(
	headerToken: string,
	executionId: string,
	query: Record<string, unknown>,
): string {
	const names = Object.values(RESUME_QUERY).filter((name) => name !== RESUME_QUERY.check);
	const values = names.map(
		(name) => `${name}=${typeof query[name] === 'string' ? (query[name] as string) : ''}`,
	);
	const version = 'n8n-nodes-esignature send and wait 2';
	return [version, headerToken, `execution=${executionId}`, ...values].join('\n');
}

/** The credential's secrets the check's key is made of: every grant has some of them, and none leaves n8n. */
const KEY_SECRETS = ['clientSecret', 'password', 'accountSecret'] as const;

/**
 * The checks' key, from all the credential's secrets (docs/security.md#send-and-wait), or '' when it has none. A new
 * secret strands waiting executions (docs/delivery-guarantees.md#send-and-wait-for-signature).
 */
export async function resumeKey(context: IExecuteFunctions | IWebhookFunctions): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const secrets = KEY_SECRETS.map((name) =>
		typeof credentials[name] === 'string' ? (credentials[name] as string) : '',
	);
	if (secrets.every((secret) => secret === '')) return '';
	return createHmac('sha256', 'n8n-nodes-esignature resume key')
		.update(JSON.stringify(secrets), 'utf8')
		.digest('hex');
}

/** The check of a resume URL's query, the webhook's header token and the execution (RESUME_QUERY.check). */
export function resumeCheck(
	key: string,
	headerToken: string,
	executionId: string,
	query: Record<string, unknown>,
): string {
	return createHmac('sha256', key)
		.update(signedText(headerToken, executionId, query), 'utf8')
		.digest('hex');
}

/** Whether the presented header token, the execution and the query pass the query's check, in constant time. */
export function passesResumeCheck(
	key: string,
	presented: string | undefined,
	executionId: string,
	query: Record<string, unknown>,
): boolean {
	const check = query[RESUME_QUERY.check];
	if (!key || !presented || !executionId || typeof check !== 'string') return false;
	if (!/^[0-9a-f]{64}$/.test(check)) return false;
	return timingSafeEqual(
		Buffer.from(resumeCheck(key, presented, executionId, query), 'hex'),
		Buffer.from(check, 'hex'),
	);
}

/** The resume URL with the package's query and its check added; `until` left out when there is no time limit. */
export function signedResumeUrl(
	resumeUrl: string,
	key: string,
	headerToken: string,
	executionId: string,
	query: Record<string, string | undefined>,
): string {
	// Added or replaced; the rest of the URL's query is kept.
	const url = new URL(resumeUrl);
	const given: Record<string, string> = {};
	for (const [name, value] of Object.entries(query)) {
		if (value === undefined) continue;
		given[name] = value;
		url.searchParams.set(name, value);
	}
	url.searchParams.set(RESUME_QUERY.check, resumeCheck(key, headerToken, executionId, given));
	return url.toString();
}

/** Whether a URL leads to the same execution's resume URL as `resumeUrl` (the query aside). */
export function isResumeUrlOf(url: unknown, resumeUrl: string): boolean {
	if (typeof url !== 'string') return false;
	try {
		const a = new URL(url);
		const b = new URL(resumeUrl);
		return a.origin === b.origin && a.pathname === b.pathname;
	} catch {
		return false;
	}
}

/** This n8n's waiting-webhook base, read off a resume URL of this execution: `<base>/<executionId>?…`. */
export function waitingBaseOf(resumeUrl: string, executionId: string): string | undefined {
	const url = new URL(resumeUrl);
	const marker = `/${executionId}`;
	if (!url.pathname.endsWith(marker)) return undefined;
	return `${url.origin}${url.pathname.slice(0, -marker.length)}/`;
}

/**
 * Whether a webhook is a Send and Wait's of this n8n whose time limit passed a day ago: nothing removes it otherwise,
 * as no node code runs at a time limit.
 */
export function isExpiredWaitWebhook(
	webhookUrl: unknown,
	waitingBase: string,
	now: number,
): boolean {
	if (typeof webhookUrl !== 'string' || !webhookUrl.startsWith(waitingBase)) return false;
	let until: string | null;
	try {
		until = new URL(webhookUrl).searchParams.get(RESUME_QUERY.until);
	} catch {
		return false;
	}
	const time = until ? Date.parse(until) : NaN;
	return !Number.isNaN(time) && time + EXPIRED_WEBHOOK_GRACE_MS < now;
}

/** Removes expired webhooks of earlier Send and Wait runs (isExpiredWaitWebhook); best effort, never stops a send. */
export async function removeExpiredWaitWebhooks(
	context: IExecuteFunctions,
	waitingBase: string | undefined,
): Promise<number> {
	if (!waitingBase) return 0;
	let removed = 0;
	const now = Date.now();
	const webhooks = await listWebhooks(context).catch(() => undefined);
	if (!webhooks) return 0; // The next Send and Wait tries again.
	for (const webhook of webhooks) {
		if (!isExpiredWaitWebhook(webhook.webhookUrl, waitingBase, now)) continue;
		// One refused delete does not keep the others: the next Send and Wait tries this one again.
		const deleted = await deleteWebhook(context, webhook.id)
			.then(() => true)
			.catch(() => false);
		if (deleted) removed++;
	}
	return removed;
}

/** The credential's Client Secret, which signs the resume URL's query (resumeUrl.ts). */
export async function requireResumeKey(context: IExecuteFunctions): Promise<string> {
	const key = await resumeKey(context);
	if (!key)
		throw new NodeApiError(
			context.getNode(),
			{},
			{
				message:
					'The credential has no secret (Client Secret, Password or Account Secret): Send and Wait signs its resume ' +
					'URL with them',
			},
		);
	return key;
}
