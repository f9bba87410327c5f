import { createHash, timingSafeEqual } from 'crypto';

/*
 * The webhook a waiting execution gets at the service points at n8n's resume URL for this execution
 * (`$execution.resumeUrl`): it carries the execution's secret resume token, and n8n refuses a call without it (401)
 * before the node runs. What the node must know when it is called back travels in that URL's query; the header
 * token proves the caller is the service (docs/n8n-notes.md#send-and-wait).
 */

/** Query parameters this package adds to the resume URL (n8n's own is `signature`, the resume token). */
export const RESUME_QUERY = {
	/** SHA-256 (hex) of the webhook's header token: the token itself is never written into a URL. */
	tokenHash: 'tokenHash',
	/** ISO time after which n8n stops waiting; a later Send and Wait then removes the webhook. */
	until: 'until',
	webhookId: 'webhookId',
	envelopeId: 'envelopeId',
	/** Comma-separated, in the order the documents were given. */
	documentIds: 'documentIds',
} as const;

/** The webhook stays this long after the time limit: a callback n8n no longer waits for is answered 200 by n8n. */
export const EXPIRED_WEBHOOK_GRACE_MS = 24 * 60 * 60 * 1000;

export function sha256Hex(text: string): string {
	return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Whether the presented header token hashes to the signed hash, compared in constant time. */
export function matchesTokenHash(presented: string | undefined, expectedHash: unknown): boolean {
	if (!presented || typeof expectedHash !== 'string' || !/^[0-9a-f]{64}$/.test(expectedHash)) return false;
	return timingSafeEqual(Buffer.from(sha256Hex(presented), 'hex'), Buffer.from(expectedHash, 'hex'));
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
export function isExpiredWaitWebhook(webhookUrl: unknown, waitingBase: string, now: number): boolean {
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
