import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/text';
import { listDeliveryLogs, resendCallback } from '../service/webhooks';

/*
 * Catch-up: when the trigger becomes active again (activation, an edit of the active workflow, the first callback
 * after n8n restarted), it asks the service to re-send what it could not deliver to this trigger's URL meanwhile. The
 * service logs every delivery (webhooks/logs) and re-sends a request's last callback on demand (webhooks/recall); see
 * docs/service-api.md#webhook-delivery-logs-and-recall. A recalled event that did arrive before is not emitted twice
 * (receivedEvents.ts).
 */

/** The contexts catch-up runs in: activation (checkExists), or the first callback a new n8n process receives. */
type CatchUpContext = IHookFunctions | IWebhookFunctions;

/**
 * Triggers this process has caught up for. n8n 2.x does not run a trigger's checkExists when it starts with a
 * webhook it already stored (docs/n8n-notes.md#trigger-lifecycle), so a restarted n8n catches up on the first
 * callback it receives instead.
 */
const caughtUp = new Set<string>();

/** True once per trigger and process: the caller is the one to run the catch-up. */
export function claimCatchUp(trigger: string): boolean {
	if (caughtUp.has(trigger)) return false;
	caughtUp.add(trigger);
	return true;
}

/** At most this many recalls per activation, for failures at most this old: activation must stay quick. */
export const CATCH_UP_MAX_RECALLS = 50;
export const CATCH_UP_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Answers of a failed delivery that a recall cannot fix, so they are reported and never recalled:
 * - 413 or 500: n8n refused the body before the trigger ran; the usual cause is a signed document larger than
 *   n8n's N8N_PAYLOAD_SIZE_MAX (16 MiB of JSON by default, about 12 MB of PDF), and re-sending fails the same way
 *   (docs/n8n-notes.md#payload-size-limit);
 * - 400 or 422: the trigger (or n8n) could not read the callback, and would not read it the next time either.
 * Everything else (no answer, a timeout, 404 while the workflow was inactive, 401, 502-504 while n8n was down, 503
 * when the trigger could not make the event into an item) is recalled.
 */
const TOO_LARGE = new Set([413, 500]);
const UNREADABLE = new Set([400, 422]);

interface LogEntry {
	requestId: string;
	createdAt: number;
	succeeded: boolean;
	/** "PENDING (0)": the service is delivering it at this moment. */
	inFlight: boolean;
	httpStatusCode: number;
}

/**
 * A delivery logged PENDING this recently is under way (the service logs it before it posts,
 * docs/service-api.md#webhook-delivery-logs-and-recall): recalling it would send the event twice. An older one never
 * finished and is recalled.
 */
export const IN_FLIGHT_MAX_AGE_MS = 10 * 60 * 1000;

export interface CatchUpReport {
	at: string;
	/** Request IDs whose last callback was re-sent. */
	recalled: string[];
	/** Request IDs that failed because the callback was too large for n8n: raise N8N_PAYLOAD_SIZE_MAX, then resend. */
	tooLarge: string[];
	/** Request IDs whose callback could not be read. */
	unreadable: string[];
	/** Recalls the service refused, with its message. */
	failed: string[];
	/** Failed deliveries left for the next activation because of the bound on recalls. */
	deferred: number;
	/** Why the catch-up could not run at all. */
	error?: string;
}

/** The service's log timestamps have no zone: they are read as UTC. */
function timeOf(value: unknown): number {
	if (typeof value !== 'string') return Number.NaN;
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/** "SUCCESS (1)" and "RECALL (2)" are deliveries that arrived; the HTTP status tells too. */
function toEntry(raw: IDataObject): LogEntry | undefined {
	if (typeof raw.requestId !== 'string') return undefined;
	const httpStatusCode = Number(raw.httpStatusCode ?? 0);
	const status = String(raw.webhookStatus ?? '');
	const failedByName = status.trimEnd().endsWith('(4)') || /FAILED/i.test(status);
	return {
		requestId: raw.requestId.toLowerCase(),
		createdAt: timeOf(raw.createdDate),
		succeeded: !failedByName && httpStatusCode >= 200 && httpStatusCode < 300,
		inFlight: status.trimEnd().endsWith('(0)') || /^\s*PENDING\b/i.test(status),
		httpStatusCode,
	};
}

/** The last delivery of each request to this URL, when it failed within the age limit; oldest first. */
export function missedDeliveries(logs: unknown, url: string, now: number): LogEntry[] {
	const last = new Map<string, LogEntry>();
	for (const raw of Array.isArray(logs) ? (logs as IDataObject[]) : []) {
		if (
			typeof raw?.webhookUrl !== 'string' ||
			withoutTrailingSlashes(raw.webhookUrl) !== withoutTrailingSlashes(url)
		)
			continue;
		const entry = toEntry(raw);
		if (!entry) continue;
		const previous = last.get(entry.requestId);
		if (!previous || !(entry.createdAt < previous.createdAt)) last.set(entry.requestId, entry);
	}
	return [...last.values()]
		.filter((entry) => !entry.succeeded && !(now - entry.createdAt > CATCH_UP_MAX_AGE_MS))
		.filter((entry) => !(entry.inFlight && !(now - entry.createdAt > IN_FLIGHT_MAX_AGE_MS)))
		.sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Recalls the deliveries this URL missed and returns what it did. Never throws: a catch-up that fails must not stop
 * the workflow from activating; the report says why.
 */
export async function catchUp(
	context: CatchUpContext,
	url: string,
	now = Date.now(),
): Promise<CatchUpReport> {
	const report: CatchUpReport = {
		at: new Date(now).toISOString(),
		recalled: [],
		tooLarge: [],
		unreadable: [],
		failed: [],
		deferred: 0,
	};
	let missed: LogEntry[];
	try {
		// n8n drops the body of GET requests, so the log's filters cannot be sent: the list is filtered here
		// (docs/n8n-notes.md#get-bodies).
		missed = missedDeliveries(await listDeliveryLogs(context), url, now);
	} catch (error) {
		report.error = `Could not read the delivery logs: ${(error as Error).message}`;
		return report;
	}
	const toRecall: LogEntry[] = [];
	for (const entry of missed) {
		if (TOO_LARGE.has(entry.httpStatusCode)) report.tooLarge.push(entry.requestId);
		else if (UNREADABLE.has(entry.httpStatusCode)) report.unreadable.push(entry.requestId);
		else toRecall.push(entry);
	}
	report.deferred = Math.max(0, toRecall.length - CATCH_UP_MAX_RECALLS);
	for (const entry of toRecall.slice(0, CATCH_UP_MAX_RECALLS)) {
		try {
			await resendCallback(context, entry.requestId);
			report.recalled.push(entry.requestId);
		} catch (error) {
			const { message, description } = error as { message: string; description?: string | null };
			report.failed.push(`${entry.requestId}: ${message}${description ? ` (${description})` : ''}`);
		}
	}
	return report;
}

/** One line for n8n's log. */
export function describeCatchUp(report: CatchUpReport): string {
	if (report.error) return `E-Signature Trigger catch-up did not run: ${report.error}`;
	const parts = [`re-sent ${report.recalled.length} missed event(s)`];
	if (report.deferred) parts.push(`${report.deferred} more left for the next activation`);
	if (report.failed.length)
		parts.push(
			`${report.failed.length} recall(s) refused by the service (${report.failed.join('; ')})`,
		);
	if (report.tooLarge.length) {
		parts.push(
			`${report.tooLarge.length} callback(s) refused by n8n, most likely larger than N8N_PAYLOAD_SIZE_MAX; raise ` +
				`it and resend them with Webhook → Resend Callback: ${report.tooLarge.join(', ')}`,
		);
	}
	if (report.unreadable.length)
		parts.push(
			`${report.unreadable.length} callback(s) could not be read: ${report.unreadable.join(', ')}`,
		);
	return `E-Signature Trigger catch-up: ${parts.join('; ')}`;
}

/** Runs the catch-up and writes what it did to n8n's log; never throws. */
export async function catchUpAndLog(context: CatchUpContext, url: string): Promise<CatchUpReport> {
	const report = await catchUp(context, url);
	const line = describeCatchUp(report);
	const troubled =
		report.error || report.failed.length || report.tooLarge.length || report.unreadable.length;
	const meta = { node: context.getNode().name, workflowId: context.getWorkflow().id };
	if (troubled) context.logger.warn(line, meta);
	else context.logger.info(line, meta);
	return report;
}
