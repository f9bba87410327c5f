import type { IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { resendCallback } from '../service/webhooks';
import { deliveriesTo, deliveryLog, type LogEntry } from '../events/deliveryLog';

export type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

export function triggerKey(context: TriggerContext): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
}

// n8n 2.x runs no checkExists on start: a restarted n8n catches up on its first callback.
const caughtUp = new Set<string>();

export function claimCatchUp(trigger: string): boolean {
	if (caughtUp.has(trigger)) return false;
	caughtUp.add(trigger);
	return true;
}

// Activation must stay quick.
export const CATCH_UP_MAX_RECALLS = 50;
const CATCH_UP_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

// A recall cannot fix these: n8n refused the body as too large, or could not read it.
const TOO_LARGE = new Set([413, 500]);
const UNREADABLE = new Set([400, 422]);

// The service logs a delivery PENDING before it posts it: recalled this soon, it would arrive twice.
export const IN_FLIGHT_MAX_AGE_MS = 10 * 60 * 1000;

interface CatchUpReport {
	at: string;
	recalled: string[];
	tooLarge: string[];
	unreadable: string[];
	failed: string[];
	deferred: number;
	error?: string;
}

function missedDeliveries(entries: LogEntry[], url: string, now: number): LogEntry[] {
	return deliveriesTo(entries, url)
		.latest.filter((entry) => !entry.succeeded && !(now - entry.createdAt > CATCH_UP_MAX_AGE_MS))
		.filter((entry) => !(entry.inFlight && !(now - entry.createdAt > IN_FLIGHT_MAX_AGE_MS)));
}

// Never throws: a failed catch-up does not stop the activation.
async function catchUp(context: TriggerContext, url: string): Promise<CatchUpReport> {
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
		// n8n drops GET bodies, so the log's filters are applied here.
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

function describeCatchUp(report: CatchUpReport): string {
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
