import { deliveryLog, missedDeliveries } from '../events/deliveryLog';
import { wasEnvelopeReceived } from '../events/memory';
import { resendCallback } from '../service/webhooks';
import { logLine, type TriggerContext, triggerState } from './state';

// Activation must stay quick.
export const CATCH_UP_MAX_RECALLS = 50;

// A recall cannot fix these: n8n refused the body as too large, or could not read it.
const UNFIXABLE: Record<number, 'tooLarge' | 'unreadable'> = {
	413: 'tooLarge',
	500: 'tooLarge',
	400: 'unreadable',
	422: 'unreadable',
};

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
async function catchUp(context: TriggerContext, url: string) {
	const now = Date.now();
	const report: CatchUpReport = {
		at: new Date(now).toISOString(),
		recalled: [],
		tooLarge: [],
		unreadable: [],
		failed: [],
		deferred: 0,
	};
	const toRecall: string[] = [];
	try {
		const missed = missedDeliveries((await deliveryLog(context, url, now, true))!, url, now);
		const { memory } = triggerState(context);
		const stored = context.getWorkflowStaticData('node');
		const oldestFirst = [...missed].sort(([, a], [, b]) => a.createdAt - b.createdAt);
		for (const [envelopeId, { httpStatusCode }] of oldestFirst) {
			// A missed delivery whose event a round already took needs no re-send.
			if (wasEnvelopeReceived(memory, stored, envelopeId, now)) continue;
			const unfixable = UNFIXABLE[httpStatusCode];
			(unfixable ? report[unfixable] : toRecall).push(envelopeId);
		}
	} catch (error) {
		report.error = `Could not read the delivery logs: ${(error as Error).message}`;
		return report;
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

export async function catchUpAndLog(context: TriggerContext, url: string) {
	const report = await catchUp(context, url);
	const { error, deferred, failed, tooLarge, unreadable } = report;
	const parts = [
		`re-sent ${report.recalled.length} missed event(s)`,
		deferred ? `${deferred} more left for the next activation` : '',
		failed.length ? `${failed.length} recall(s) refused by the service (${failed.join('; ')})` : '',
		tooLarge.length
			? `${tooLarge.length} callback(s) refused by n8n, most likely larger than N8N_PAYLOAD_SIZE_MAX; the ` +
				"trigger's fetch takes them from the service where Get Status names the documents, else raise it " +
				`and resend them with Webhook → Resend Callback: ${tooLarge.join(', ')}`
			: '',
		unreadable.length
			? `${unreadable.length} callback(s) could not be read: ${unreadable.join(', ')}`
			: '',
	].filter(Boolean);
	logLine(
		context,
		error
			? `E-Signature Trigger catch-up did not run: ${error}`
			: `E-Signature Trigger catch-up: ${parts.join('; ')}`,
		!!(error || failed.length || tooLarge.length || unreadable.length),
	);
	return report;
}
