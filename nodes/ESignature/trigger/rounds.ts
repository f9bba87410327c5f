import { createHash } from 'crypto';
import type {
	CronExpression,
	IDataObject,
	INodeExecutionData,
	ITriggerFunctions,
	ITriggerResponse,
	IWebhookFunctions,
} from 'n8n-workflow';

import { ANY_EVENT, type Callback, isWanted } from '../events/callback';
import {
	documentIdsOf,
	finalStatus,
	type ServiceEvent,
	signedFiles,
	type Unavailable,
} from '../events/confirmation';
import { deliveryLog, MISSED_WINDOW_MS, missedDeliveries } from '../events/deliveryLog';
import { eventItem } from '../events/eventItem';
import { eventKey, type Memory, takeOnce, wasEnvelopeReceived } from '../events/memory';
import { resumeWaitingExecutions } from '../sendAndWait/rescue';
import { forgetCredentials } from '../service/transport';
import { storedWebhook } from './registration';
import { logLine, type TriggerState, triggerKey, triggerState } from './state';

// What the trigger was not sent (docs/delivery-guarantees.md#events-the-trigger-fetches).

const STATUS_CALLS_PER_ROUND = 20;
const RESCUE_LIMITS = { statusCalls: 10, downloads: 20 };

// Failures of different envelopes in a row that end a round: the service, not the envelopes.
const FAILURES_THAT_END_A_ROUND = 3;

const MINUTE_MS = 60 * 1000;

export interface RoundReport {
	logRead: boolean;
	emitted: string[];
	notified: string[];
	carried: number;
	problems: string[];
}

interface Round {
	context: ITriggerFunctions;
	state: TriggerState;
	report: RoundReport;
	now: number;
}

async function noteMissed({ context, state, report, now }: Round, url: string) {
	for (const [envelopeId, missed] of state.missed)
		if (!(now - missed.loggedAt < MISSED_WINDOW_MS)) state.missed.delete(envelopeId);
	const read = await deliveryLog(context, url, now).catch((error: Error) => {
		report.problems.push(`the delivery log could not be read (${error.message})`);
	});
	if (!read || read.readAt === state.lastReadAt) return;
	state.lastReadAt = read.readAt;
	report.logRead = true;
	for (const [envelopeId, { createdAt }] of missedDeliveries(read, url, now))
		if (!state.missed.has(envelopeId))
			state.missed.set(envelopeId, { loggedAt: createdAt, nextAt: 0, tries: 0, done: false });
}

type Outcome = 'done' | 'open' | Unavailable;

async function fetchOne(round: Round, envelopeId: string): Promise<Outcome> {
	const { context, state, report, now } = round;
	const events = context.getNodeParameter('events', [ANY_EVENT]) as string[];
	const status = await finalStatus(context, `${triggerKey(context)}|${envelopeId}`, envelopeId);
	if ('unavailable' in status) return status;
	if ('unknown' in status || (status.event && !isWanted(events, status.event))) return 'done';
	if (!status.event) return 'open';
	const event: ServiceEvent = { envelopeId, event: status.event, record: status.record };
	const documentIds = documentIdsOf(status.record);
	if (event.event === 'completed' && documentIds.length > 0) {
		const files = await signedFiles(context, documentIds);
		if ('unavailable' in files) return files;
		event.files = files.files;
	}
	const { onceOnly } = context.getNodeParameter('options', {}) as IDataObject;
	const memory = onceOnly !== false ? state.memory : undefined;
	const item = await triggerItem(context, memory, undefined, event, now);
	if (!item) return 'done';
	// n8n 2.20+ starts one execution per key, in every process (docs/n8n-notes.md#queue-mode).
	const once = memory
		? `esignature:${triggerKey(context)}:${eventKey(envelopeId, event.event)}`
		: undefined;
	context.emit([[item]], undefined, undefined, once);
	report.emitted.push(envelopeId);
	return 'done';
}

async function fetchMissed(round: Round) {
	const { context, state, report, now } = round;
	const stored = storedWebhook(context);
	const due = [...state.missed]
		.filter(([, missed]) => !missed.done && missed.nextAt <= now)
		.sort(([, a], [, b]) => a.nextAt - b.nextAt || a.loggedAt - b.loggedAt);
	let statusCalls = STATUS_CALLS_PER_ROUND;
	let failuresInARow = 0;
	for (const [envelopeId, missed] of due) {
		if (wasEnvelopeReceived(state.memory, stored, envelopeId, now)) {
			missed.done = true;
			continue;
		}
		if (statusCalls === 0) break;
		statusCalls--;
		let outcome: Outcome;
		try {
			outcome = await fetchOne(round, envelopeId);
		} catch (error) {
			outcome = { unavailable: `its item could not be made (${(error as Error).message})` };
		}
		if (outcome === 'done') missed.done = true;
		else {
			// A failed envelope waits longer each time; one still open is asked again next round, then less often.
			missed.tries++;
			const steps = outcome === 'open' ? missed.tries - 3 : missed.tries;
			missed.nextAt = steps > 0 ? now + Math.min(2 ** steps * MINUTE_MS, 6 * 60 * MINUTE_MS) : now;
		}
		if (typeof outcome !== 'object') failuresInARow = 0;
		else {
			report.problems.push(`envelope ${envelopeId}: ${outcome.unavailable}`);
			if (outcome.accountWide || ++failuresInARow >= FAILURES_THAT_END_A_ROUND) break;
		}
	}
	report.carried = [...state.missed.values()].filter((missed) => !missed.done).length;
}

export async function runRound(context: ITriggerFunctions, now = Date.now()) {
	const report: RoundReport = {
		logRead: false,
		emitted: [],
		notified: [],
		carried: 0,
		problems: [],
	};
	const stored = storedWebhook(context);
	const url = stored.webhookUrl;
	if (typeof url !== 'string' || stored.forTest) return report;
	const state = triggerState(context);
	if (state.roundRunning) return report;
	state.roundRunning = true;
	forgetCredentials(context);
	const round = { context, state, report, now };
	try {
		await noteMissed(round, url);
		await fetchMissed(round);
		// Status calls of their own: no number of missed envelopes holds a waiting execution back.
		const rescue = await resumeWaitingExecutions(context, url, state.rescue, RESCUE_LIMITS, now);
		report.notified.push(...rescue.notified);
		report.problems.push(...rescue.problems);
	} catch (error) {
		report.problems.push((error as Error).message);
	} finally {
		state.roundRunning = false;
	}
	return report;
}

async function runAndLog(context: ITriggerFunctions) {
	const report = await runRound(context);
	const parts = [
		report.emitted.length ? `emitted ${report.emitted.join(', ')}` : '',
		report.notified.length ? `notified waiting executions of ${report.notified.join(', ')}` : '',
		report.carried ? `${report.carried} envelope(s) left for the next round` : '',
		...report.problems,
	].filter(Boolean);
	if (parts.length)
		logLine(context, `E-Signature Trigger round: ${parts.join('; ')}`, report.problems.length > 0);
}

export async function startRounds(this: ITriggerFunctions): Promise<ITriggerResponse> {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (this.getMode() === 'manual' || options.fetchEvents === false) return {};
	// So that triggers do not all call the service at once.
	const second = createHash('sha256').update(this.getNode().id).digest()[0] % 60;
	const expression = `${second} * * * * *` as CronExpression;
	this.helpers.registerCron({ expression }, () => void runAndLog(this));
	const state = triggerState(this);
	// A count, as n8n may start a workflow's new trigger() before it closes the old one.
	state.roundsHere++;
	return {
		closeFunction: async () => {
			state.roundsHere--;
		},
	};
}

// What a pushed and a fetched event share: the trigger's item, undefined for an event already taken.
export async function triggerItem(
	context: ITriggerFunctions | IWebhookFunctions,
	memory: Memory | undefined,
	callback: Callback | undefined,
	event: ServiceEvent,
	now?: number,
): Promise<INodeExecutionData | undefined> {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const settings = {
		downloadFiles: options.downloadFiles !== false,
		keepBase64: options.keepBase64 === true,
		simplify: context.getNodeParameter('simplify', true) as boolean,
		acceptCallbackFiles: options.acceptCallbackFiles === true,
	};
	const stored = context.getWorkflowStaticData('node');
	const extra = { webhookId: stored.webhookId ?? null };
	const make = async () => await eventItem(context, callback, event, extra, settings);
	return await takeOnce(memory, stored, eventKey(event.envelopeId, event.event), make, now);
}
