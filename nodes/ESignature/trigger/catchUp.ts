import type { IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { resendCallback } from '../service/webhooks';
import { deliveriesTo, deliveryLog, type LogEntry } from './deliveryLog';

/*
 * When the trigger becomes active again, the service re-sends (webhooks/recall) what its log says it could not deliver
 * (docs/service-api.md#webhook-delivery-logs-and-recall); an event that did arrive is not emitted twice.
 */

/** Activation (checkExists), or a callback (the first one a new n8n process receives, for catch-up). */
export type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

/** The key of a trigger's state (received events, log reads): one per workflow and node. */
export function triggerKey(context: TriggerContext): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
}

/**
 * Triggers this process has caught up for. n8n 2.x runs no checkExists when it starts with a stored webhook
 * (docs/n8n-notes.md#trigger-lifecycle), so a restarted n8n catches up on its first callback instead.
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
 * Failed answers a recall cannot fix, reported and never recalled: 413 or 500, n8n refused the body, usually a signed
 * document over N8N_PAYLOAD_SIZE_MAX (16 MiB of JSON, about 12 MB of PDF: docs/n8n-notes.md#payload-size-limit);
 * 400 or 422, the callback cannot be read. Everything else is recalled: no answer, 404 while inactive, 401, 502-504
 * while n8n was down, 503 from the trigger.
 */
const TOO_LARGE = new Set([413, 500]);
const UNREADABLE = new Set([400, 422]);

/**
 * A delivery logged PENDING this recently is under way (logged before it is posted,
 * docs/service-api.md#webhook-delivery-logs-and-recall): recalled, it would arrive twice. An older one is recalled.
 */
export const IN_FLIGHT_MAX_AGE_MS = 10 * 60 * 1000;

export interface CatchUpReport {
	at: string;
	/** Request IDs: re-sent, too large for n8n (raise N8N_PAYLOAD_SIZE_MAX, then resend), unreadable. */
	recalled: string[];
	tooLarge: string[];
	unreadable: string[];
	/** Recalls the service refused, with its message. */
	failed: string[];
	/** Failed deliveries left for the next activation by the bound on recalls. */
	deferred: number;
	/** Why the catch-up could not run at all. */
	error?: string;
}

/** The last delivery of each request to this URL, when it failed within the age limit; oldest first. */
export function missedDeliveries(entries: LogEntry[], url: string, now: number): LogEntry[] {
	return deliveriesTo(entries, url)
		.latest.filter((entry) => !entry.succeeded && !(now - entry.createdAt > CATCH_UP_MAX_AGE_MS))
		.filter((entry) => !(entry.inFlight && !(now - entry.createdAt > IN_FLIGHT_MAX_AGE_MS)));
}

/** Recalls the deliveries this URL missed; never throws, so a failed catch-up does not stop the activation. */
export async function catchUp(context: TriggerContext, url: string): Promise<CatchUpReport> {
	const now = Date.now();
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
		// n8n drops GET bodies, so the log's filters are applied here (docs/n8n-notes.md#get-bodies).
		missed = missedDeliveries(await deliveryLog(context, triggerKey(context), now, true), url, now);
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
	const { failed, tooLarge, unreadable } = report;
	const parts = [`re-sent ${report.recalled.length} missed event(s)`];
	if (report.deferred) parts.push(`${report.deferred} more left for the next activation`);
	if (failed.length)
		parts.push(`${failed.length} recall(s) refused by the service (${failed.join('; ')})`);
	if (tooLarge.length)
		parts.push(
			`${tooLarge.length} callback(s) refused by n8n, most likely larger than N8N_PAYLOAD_SIZE_MAX; the ` +
				"trigger's fetch takes them from the service where Get Status names the documents, else raise it " +
				`and resend them with Webhook → Resend Callback: ${tooLarge.join(', ')}`,
		);
	if (unreadable.length)
		parts.push(`${unreadable.length} callback(s) could not be read: ${unreadable.join(', ')}`);
	return `E-Signature Trigger catch-up: ${parts.join('; ')}`;
}

/** Runs the catch-up and writes what it did to n8n's log; never throws. */
export async function catchUpAndLog(context: TriggerContext, url: string): Promise<CatchUpReport> {
	const report = await catchUp(context, url);
	const line = describeCatchUp(report);
	const troubled =
		report.error || report.failed.length || report.tooLarge.length || report.unreadable.length;
	const meta = { node: context.getNode().name, workflowId: context.getWorkflow().id };
	if (troubled) context.logger.warn(line, meta);
	else context.logger.info(line, meta);
	return report;
}
