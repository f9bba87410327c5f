import { type Delivery, deliveryLog, missedDeliveries } from '../events/deliveryLog';
import { wasEnvelopeReceived } from '../events/memory';
import { resendCallback } from '../service/webhooks';
import { logLine, type TriggerContext, triggerState } from './state';

// Activation must stay quick.
export const CATCH_UP_MAX_RECALLS = 50;

// A recall cannot fix these: n8n refused the body as too large, or could not read it.
const TOO_LARGE = new Set([413, 500]);
const UNREADABLE = new Set([400, 422]);

interface CatchUpReport {
	at: string;
	recalled: string[];
	tooLarge: string[];
	unreadable: string[];
	failed: string[];
	deferred: number;
	error?: string;
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
	let missed: Map<string, Delivery>;
	try {
		const read = (await deliveryLog(context, url, now, true))!;
		missed = missedDeliveries(read, url, now);
		// A missed delivery whose event a round already took needs no re-send.
		const { memory } = triggerState(context);
		const stored = context.getWorkflowStaticData('node');
		for (const envelopeId of missed.keys())
			if (wasEnvelopeReceived(memory, stored, envelopeId, now)) missed.delete(envelopeId);
	} catch (error) {
		report.error = `Could not read the delivery logs: ${(error as Error).message}`;
		return report;
	}
	const toRecall: string[] = [];
	const oldestFirst = [...missed].sort(([, a], [, b]) => a.createdAt - b.createdAt);
	for (const [envelopeId, { httpStatusCode }] of oldestFirst) {
		if (TOO_LARGE.has(httpStatusCode)) report.tooLarge.push(envelopeId);
		else if (UNREADABLE.has(httpStatusCode)) report.unreadable.push(envelopeId);
		else toRecall.push(envelopeId);
	}
	report.deferred = Math.max(0, toRecall.length - CATCH_UP_MAX_RECALLS);
	for (const envelopeId of toRecall.slice(0, CATCH_UP_MAX_RECALLS)) {
		try {
			await resendCallback(context, envelopeId);
			report.recalled.push(envelopeId);
		} catch (error) {
			const { message, description } = error as { message: string; description?: string | null };
			report.failed.push(`${envelopeId}: ${message}${description ? ` (${description})` : ''}`);
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
	const troubled =
		report.error || report.failed.length || report.tooLarge.length || report.unreadable.length;
	logLine(context, describeCatchUp(report), !!troubled);
	return report;
}
