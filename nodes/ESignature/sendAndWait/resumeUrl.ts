import { createHmac, timingSafeEqual } from 'crypto';
import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { RESUME_QUERY } from '../service/n8nWebhookUrls';
import { deleteWebhook, listWebhooks } from '../service/webhooks';

/*
 * The webhook a waiting execution gets at the service points at n8n's resume URL for this execution
 * (`$execution.resumeUrl`). In n8n 2.x it carries the execution's secret resume token, and n8n refuses a call without
 * it (401) before the node runs; n8n 1.x puts none in it. What the node must know when it is called back travels in
 * that URL's query, signed with a key only the credential holds (`check`); the header token proves the caller is the
 * service (docs/n8n-notes.md#send-and-wait).
 */

/** The webhook stays this long after the time limit: a callback n8n no longer waits for is answered 200 by n8n. */
export const EXPIRED_WEBHOOK_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * The text a check covers: the header token, the execution's ID (never in the query: n8n knows it when it calls the
 * node) and the package's query parameters other than the check, in a fixed order.
 */
function signedText(
	headerToken: string,
	executionId: string,
	query: Record<string, unknown>,
): string {
	const names = Object.values(RESUME_QUERY).filter((name) => name !== RESUME_QUERY.check);
	const values = names.map(
		(name) => `${name}=${typeof query[name] === 'string' ? (query[name] as string) : ''}`,
	);
	return [
		'n8n-nodes-esignature send and wait 2',
		headerToken,
		`execution=${executionId}`,
		...values,
	].join('\n');
}

/** The credential's secrets the check's key is made of: every grant has some of them, and none leaves n8n. */
const KEY_SECRETS = ['clientSecret', 'password', 'accountSecret'] as const;

/**
 * The key of the checks, derived from all the credential's secrets (docs/security.md#send-and-wait), or '' when it
 * has none. A waiting execution whose credential gets another secret can no longer be resumed by its callback
 * (docs/delivery-guarantees.md#send-and-wait-for-signature).
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
	if (
		!key ||
		!presented ||
		!executionId ||
		typeof check !== 'string' ||
		!/^[0-9a-f]{64}$/.test(check)
	)
		return false;
	return timingSafeEqual(
		Buffer.from(resumeCheck(key, presented, executionId, query), 'hex'),
		Buffer.from(check, 'hex'),
	);
}

/**
 * The execution's resume URL with the package's query and its check (RESUME_QUERY.check) added. `until` is left out
 * when there is no time limit.
 */
export function signedResumeUrl(
	resumeUrl: string,
	key: string,
	headerToken: string,
	executionId: string,
	query: Record<string, string | undefined>,
): string {
	const given = Object.fromEntries(
		Object.entries(query).filter(
			(entry): entry is [string, string] => typeof entry[1] === 'string',
		),
	);
	return withQuery(resumeUrl, {
		...given,
		[RESUME_QUERY.check]: resumeCheck(key, headerToken, executionId, given),
	});
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

/** A URL with these query parameters added (or replaced); the rest of its query is kept. */
export function withQuery(url: string, query: Record<string, string>): string {
	const result = new URL(url);
	for (const [name, value] of Object.entries(query)) result.searchParams.set(name, value);
	return result.toString();
}

/**
 * The start of every resume URL of this n8n (its waiting-webhook base), read off one resume URL of this execution:
 * `<base>/<executionId>?…`.
 */
export function waitingBaseOf(resumeUrl: string, executionId: string): string | undefined {
	const url = new URL(resumeUrl);
	const marker = `/${executionId}`;
	if (!url.pathname.endsWith(marker)) return undefined;
	return `${url.origin}${url.pathname.slice(0, -marker.length)}/`;
}

/**
 * Whether a webhook of the account is one a Send and Wait of this n8n registered and n8n has stopped waiting for
 * (its time limit passed a day ago): nothing will remove it otherwise, as no node code runs at a time limit.
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

/**
 * Removes webhooks of earlier Send and Wait runs of this n8n whose time limit passed (see isExpiredWaitWebhook).
 * Best effort: it never stops a send.
 */
export async function removeExpiredWaitWebhooks(
	context: IExecuteFunctions,
	waitingBase: string | undefined,
): Promise<number> {
	if (!waitingBase) return 0;
	let removed = 0;
	const now = Date.now();
	let webhooks: Awaited<ReturnType<typeof listWebhooks>>;
	try {
		webhooks = await listWebhooks(context);
	} catch {
		return 0; // The next Send and Wait tries again.
	}
	for (const webhook of webhooks) {
		if (!isExpiredWaitWebhook(webhook.webhookUrl, waitingBase, now)) continue;
		try {
			await deleteWebhook(context, webhook.id);
			removed++;
		} catch {
			// One refused delete does not keep the others: the next Send and Wait tries this one again.
		}
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
