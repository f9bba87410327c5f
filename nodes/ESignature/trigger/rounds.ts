import { createHash } from 'crypto';
import type {
	CronExpression,
	IDataObject,
	ITriggerFunctions,
	ITriggerResponse,
} from 'n8n-workflow';

import { ANY_EVENT, type Callback, isWanted } from '../events/callback';
import { IN_FLIGHT_MAX_AGE_MS, triggerKey } from './catchUp';
import { documentIdsOf, finalStatus, type ServiceEvent, signedFiles } from '../events/confirmation';
import { deliveriesTo, deliveryLog } from '../events/deliveryLog';
import { eventItem, triggerItemOptions } from '../events/eventItem';
import {
	SEEN_EVENTS_MAX_AGE_MS,
	claimEvent,
	confirmEvent,
	eventKey,
	releaseEvent,
	wasEnvelopeReceived,
} from '../events/memory';
import { storedWebhook } from './registration';
import { internalAddressProblem } from '../files/addresses';
import { forgetCredentials } from '../service/transport';
import { listWebhooks, type Webhook } from '../service/webhooks';
import { triggerUrlOf, waitingExecutionOf } from '../service/n8nWebhookUrls';

// What the trigger was not sent (docs/delivery-guarantees.md#events-the-trigger-fetches).

const STATUS_CALLS_PER_ROUND = 20;

// With nothing failing: one read is the whole log.
const IDLE_LOG_READ_INTERVAL_MS = 30 * 60 * 1000;

// After the log shows a failed delivery to the trigger, it is read every round for this long.
const FAILING_WINDOW_MS = 60 * 60 * 1000;

const NOTICE_INTERVAL_MS = 10 * 60 * 1000;

interface FetchState {
	lastLogRead: number;
	failingUntil: number;
	due: boolean;
	// Envelope → when its delivery was logged, oldest first.
	pending: Map<string, number>;
	notified: Map<string, number>;
	waitCursor: number;
	running: boolean;
}

const states = new Map<string, FetchState>();

function stateOf(trigger: string): FetchState {
	let state = states.get(trigger);
	if (!state) {
		state = {
			lastLogRead: 0,
			failingUntil: 0,
			due: false,
			pending: new Map(),
			notified: new Map(),
			waitCursor: 0,
			running: false,
		};
		states.set(trigger, state);
	}
	return state;
}

export function fetchSoon(trigger: string): void {
	stateOf(trigger).due = true;
}

export interface FetchReport {
	logRead: boolean;
	emitted: string[];
	notified: string[];
	carried: number;
	problem?: string;
}

// The service cannot call an n8n at an internal address from outside.
function unreachableFromOutside(url: string): boolean {
	try {
		return internalAddressProblem(new URL(url)) !== undefined;
	} catch {
		return false;
	}
}

function logDue(state: FetchState, url: string, now: number): boolean {
	const often = state.due || state.failingUntil > now || unreachableFromOutside(url);
	// A second of slack: n8n's cron may tick a little early.
	return now - state.lastLogRead >= (often ? 0 : IDLE_LOG_READ_INTERVAL_MS - 1000);
}

async function readLog(
	context: ITriggerFunctions,
	state: FetchState,
	url: string,
	now: number,
): Promise<void> {
	const entries = await deliveryLog(context, triggerKey(context), now, true);
	const { latest, reached } = deliveriesTo(entries, url);
	state.lastLogRead = now;
	state.due = false;
	for (const entry of latest) {
		if (entry.succeeded || reached.has(entry.requestId)) continue;
		if (!(now - entry.createdAt < SEEN_EVENTS_MAX_AGE_MS)) continue;
		if (entry.inFlight && now - entry.createdAt < IN_FLIGHT_MAX_AGE_MS) continue;
		if (now - entry.createdAt < FAILING_WINDOW_MS) state.failingUntil = now + FAILING_WINDOW_MS;
		if (!state.pending.has(entry.requestId)) state.pending.set(entry.requestId, entry.createdAt);
	}
}

function fetchedNotice(envelopeId: string, event: string): Callback {
	return { payload: {}, requestId: envelopeId, event, files: [] };
}

// Returns the status calls left.
async function fetchPending(
	context: ITriggerFunctions,
	state: FetchState,
	report: FetchReport,
	now: number,
): Promise<number> {
	let budget = STATUS_CALLS_PER_ROUND;
	const trigger = triggerKey(context);
	const stored = storedWebhook(context);
	const events = context.getNodeParameter('events', [ANY_EVENT]) as string[];
	const options = context.getNodeParameter('options', {}) as IDataObject;
	for (const [envelopeId, loggedAt] of [...state.pending]) {
		if (
			!(now - loggedAt < SEEN_EVENTS_MAX_AGE_MS) ||
			wasEnvelopeReceived(trigger, stored, envelopeId)
		) {
			state.pending.delete(envelopeId);
			continue;
		}
		if (budget === 0) break;
		budget--;
		const status = await finalStatus(context, `${trigger}|${envelopeId}`, envelopeId);
		if ('unavailable' in status) {
			report.problem = status.unavailable;
			break;
		}
		if ('unknown' in status || (status.event && !isWanted(events, status.event))) {
			state.pending.delete(envelopeId);
			continue;
		}
		if (!status.event) continue;
		const key = eventKey(envelopeId, status.event);
		if (options.onceOnly !== false && !claimEvent(trigger, stored, key)) {
			state.pending.delete(envelopeId);
			continue;
		}
		const event: ServiceEvent = { envelopeId, event: status.event, record: status.record };
		const documentIds = documentIdsOf(status.record);
		if (status.event === 'completed' && documentIds.length > 0) {
			const files = await signedFiles(context, documentIds);
			if ('unavailable' in files) {
				releaseEvent(trigger, key);
				report.problem = files.unavailable;
				break;
			}
			event.files = files.files;
		}
		const item = await eventItem(
			context,
			fetchedNotice(envelopeId, status.event),
			event,
			{ webhookId: stored.webhookId ?? null },
			triggerItemOptions(context, options),
		).catch((error: Error) => {
			releaseEvent(trigger, key);
			throw error;
		});
		// Before n8n saves the static data on emit.
		if (options.onceOnly !== false) confirmEvent(trigger, stored, key);
		context.emit([[item]]);
		state.pending.delete(envelopeId);
		report.emitted.push(envelopeId);
	}
	report.carried = state.pending.size;
	return budget;
}

// Send and Wait executions waiting in this n8n: resume URLs beside the trigger's own URL.
function waitingHere(webhooks: Webhook[], triggerUrl: string, now: number) {
	const base = triggerUrlOf(triggerUrl)?.base;
	if (!base) return [];
	return webhooks.flatMap((webhook) => {
		const waiting = waitingExecutionOf(webhook.webhookUrl);
		const url = String(webhook.webhookUrl);
		if (!waiting || typeof webhook.headerToken !== 'string' || !url.startsWith(`${base}/`))
			return [];
		const until = typeof waiting.waitingUntil === 'string' ? Date.parse(waiting.waitingUntil) : NaN;
		if (until < now) return [];
		const envelopeId = String(waiting.envelopeId);
		const documentIds = waiting.documentIds as string[];
		return [{ url, headerToken: webhook.headerToken, envelopeId, documentIds }];
	});
}

async function notifyWaiting(
	context: ITriggerFunctions,
	state: FetchState,
	url: string,
	budget: number,
	report: FetchReport,
	now: number,
): Promise<void> {
	const waiting = waitingHere(await listWebhooks(context), url, now);
	for (const [envelopeId, at] of state.notified)
		if (now - at > NOTICE_INTERVAL_MS) state.notified.delete(envelopeId);
	const start = waiting.length ? state.waitCursor % waiting.length : 0;
	const turn = [...waiting.slice(start), ...waiting.slice(0, start)];
	for (const wait of turn) {
		const { envelopeId } = wait;
		if (budget === 0) break;
		state.waitCursor++;
		if (state.notified.has(envelopeId)) continue;
		budget--;
		const status = await finalStatus(context, `${triggerKey(context)}|${envelopeId}`, envelopeId);
		if (!('record' in status) || (status.event !== 'completed' && status.event !== 'rejected'))
			continue;
		const files =
			status.event === 'completed' ? await signedFiles(context, wait.documentIds) : { files: [] };
		if ('unavailable' in files) continue;
		state.notified.set(envelopeId, now);
		const answer: IDataObject = await context.helpers
			.httpRequest({
				method: 'POST',
				url: wait.url,
				headers: { authorization: wait.headerToken },
				body: {
					RequestId: envelopeId,
					Status: status.event === 'completed' ? 1 : 2,
					Files: files.files.map((file) => ({
						FileName: file.fileName ?? null,
						File: file.bytes.toString('base64'),
					})),
				},
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
			})
			.catch(() => ({ statusCode: 'not reached' }));
		report.notified.push(`${envelopeId} (HTTP ${String(answer.statusCode)})`);
	}
}

export async function fetchRound(
	context: ITriggerFunctions,
	now = Date.now(),
): Promise<FetchReport> {
	const report: FetchReport = { logRead: false, emitted: [], notified: [], carried: 0 };
	const stored = storedWebhook(context);
	const url = stored.webhookUrl;
	if (typeof url !== 'string' || stored.forTest) return report;
	const state = stateOf(triggerKey(context));
	if (state.running) return report;
	state.running = true;
	forgetCredentials(context);
	try {
		if (logDue(state, url, now)) {
			await readLog(context, state, url, now);
			report.logRead = true;
		}
		const budget = await fetchPending(context, state, report, now);
		if (budget > 0 && !report.problem)
			await notifyWaiting(context, state, url, budget, report, now);
	} catch (error) {
		report.problem = (error as Error).message;
	} finally {
		state.running = false;
	}
	return report;
}

async function fetchAndLog(context: ITriggerFunctions): Promise<void> {
	const report = await fetchRound(context);
	const meta = { node: context.getNode().name, workflowId: context.getWorkflow().id };
	const done = [
		report.emitted.length ? `emitted ${report.emitted.join(', ')}` : '',
		report.notified.length ? `notified waiting executions of ${report.notified.join(', ')}` : '',
		report.carried ? `${report.carried} envelope(s) left for the next round` : '',
	].filter(Boolean);
	if (report.problem) context.logger.warn(`E-Signature Trigger fetch: ${report.problem}`, meta);
	else if (done.length) context.logger.info(`E-Signature Trigger fetch: ${done.join('; ')}`, meta);
}

export async function startFetching(this: ITriggerFunctions): Promise<ITriggerResponse> {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (this.getMode() === 'manual' || options.fetchEvents === false) return {};
	// So that triggers do not all call the service at once.
	const second = createHash('sha256').update(this.getNode().id).digest()[0] % 60;
	const expression = `${second} * * * * *` as CronExpression;
	this.helpers.registerCron({ expression }, () => void fetchAndLog(this));
	return {};
}
