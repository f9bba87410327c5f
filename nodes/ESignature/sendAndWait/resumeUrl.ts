import { createHmac } from 'crypto';
import type { FunctionsBase, IExecuteFunctions } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { sameDigest } from '../events/callback';
import { RESUME_QUERY } from '../service/n8nWebhookUrls';
import { deleteWebhook, listWebhooks } from '../service/webhooks';

// n8n 1.x puts no resume token in the URL: this check guards it (docs/security.md#send-and-wait).

// Kept a day past the limit: n8n answers 200 a callback it no longer waits for.
const EXPIRED_WEBHOOK_GRACE_MS = 24 * 60 * 60 * 1000;

// Every grant has some of them, and none leaves n8n.
const KEY_SECRETS = ['clientSecret', 'password', 'accountSecret'] as const;

export const queryValue = (query: Record<string, unknown>, name: string) =>
	typeof query[name] === 'string' ? (query[name] as string) : undefined;

// An unreadable limit counts as passed.
export const pastLimit = (until: string | undefined, now: number) =>
	until !== undefined && !(Date.parse(until) >= now);

// A new secret strands waiting executions.
export async function resumeKey(context: Pick<FunctionsBase, 'getCredentials'>): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const secrets = KEY_SECRETS.map((name) => queryValue(credentials, name) ?? '');
	if (secrets.every((secret) => secret === '')) return '';
	return createHmac('sha256', 'n8n-nodes-esignature resume key')
		.update(JSON.stringify(secrets), 'utf8')
		.digest('hex');
}

// The execution's ID is never in the query: n8n knows it.
function resumeCheck(
	key: string,
	headerToken: string,
	executionId: string,
	query: Record<string, unknown>,
): string {
	const names = Object.values(RESUME_QUERY).filter((name) => name !== RESUME_QUERY.check);
	const values = names.map((name) => `${name}=${queryValue(query, name) ?? ''}`);
	const version = 'n8n-nodes-esignature send and wait 2';
	const text = [version, headerToken, `execution=${executionId}`, ...values].join('\n');
	return createHmac('sha256', key).update(text, 'utf8').digest('hex');
}

export function passesResumeCheck(
	key: string,
	presented: string | undefined,
	executionId: string,
	query: Record<string, unknown>,
): boolean {
	if (!key || !presented || !executionId) return false;
	return sameDigest(resumeCheck(key, presented, executionId, query), query[RESUME_QUERY.check]);
}

export function signedResumeUrl(
	resumeUrl: string,
	key: string,
	headerToken: string,
	executionId: string,
	query: Record<string, string | undefined>,
): string {
	const url = new URL(resumeUrl);
	for (const [name, value] of Object.entries(query))
		if (value !== undefined) url.searchParams.set(name, value);
	url.searchParams.set(RESUME_QUERY.check, resumeCheck(key, headerToken, executionId, query));
	return url.toString();
}

export function isResumeUrlOf(url: unknown, resumeUrl: string): boolean {
	if (typeof url !== 'string' || !URL.canParse(url) || !URL.canParse(resumeUrl)) return false;
	const a = new URL(url);
	const b = new URL(resumeUrl);
	return a.origin === b.origin && a.pathname === b.pathname;
}

// A resume URL is `<base>/<executionId>?…`.
export function waitingBaseOf(resumeUrl: string, executionId: string): string | undefined {
	const url = new URL(resumeUrl);
	const marker = `/${executionId}`;
	if (!url.pathname.endsWith(marker)) return undefined;
	return `${url.origin}${url.pathname.slice(0, -marker.length)}/`;
}

// Best effort, never stops a send: the next Send and Wait tries again.
export async function removeExpiredWaitWebhooks(
	context: IExecuteFunctions,
	resumeUrl: string,
	executionId: string,
): Promise<number> {
	const waitingBase = waitingBaseOf(resumeUrl, executionId);
	const now = Date.now();
	const webhooks = waitingBase ? await listWebhooks(context).catch(() => undefined) : undefined;
	if (!waitingBase || !webhooks) return 0;
	let removed = 0;
	for (const { id, webhookUrl } of webhooks) {
		if (typeof webhookUrl !== 'string' || !webhookUrl.startsWith(waitingBase)) continue;
		const until =
			URL.canParse(webhookUrl) && new URL(webhookUrl).searchParams.get(RESUME_QUERY.until);
		// No node code runs at a time limit, so a later Send and Wait removes the webhook.
		if (until && Date.parse(until) + EXPIRED_WEBHOOK_GRACE_MS < now)
			await deleteWebhook(context, id)
				.then(() => removed++)
				.catch(() => undefined);
	}
	return removed;
}
