import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import {
	ANY_EVENT,
	answerWithoutExecution,
	isAuthorized,
	isWanted,
	readCallback,
} from '../events/callback';
import { confirmCallback } from '../events/confirmation';
import { eventKey, SEEN_EVENTS_MAX_AGE_MS, wasReceived } from '../events/memory';
import { catchUpAndLog } from './catchUp';
import { storedWebhook } from './registration';
import { triggerItem } from './rounds';
import { triggerKey, triggerState } from './state';

// Not 2xx: the service logs the delivery failed, and the trigger's fetch or catch-up takes it again.
export async function receiveCallback(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const answer = answerWithoutExecution(this);
	const stored = storedWebhook(this);
	const isPost = (this.getRequestObject().method ?? 'POST').toUpperCase() === 'POST';
	if (!isPost || !isAuthorized(this.getHeaderData().authorization, stored.headerTokenDigest))
		return answer(401, 'Unauthorized');

	const callback = readCallback(this);
	if (typeof callback === 'string') return answer(400, callback);

	const events = this.getNodeParameter('events', [ANY_EVENT]) as string[];
	const ignored = (event: string) =>
		answer(200, `Event "${event}" received and ignored, as the trigger is set`);
	const duplicate = () => answer(200, 'Event already received: no new execution started');
	const claimed = callback.event;
	// The callback's claim decides nothing but this: a claim the trigger is not set for costs no call.
	if (claimed && !isWanted(events, claimed)) return ignored(claimed);

	const options = this.getNodeParameter('options', {}) as IDataObject;
	const isTest = this.getMode() === 'manual';
	// A test event always runs: "Listen for test event" is for seeing one, whatever production received.
	const state = triggerState(this);
	const memory = options.onceOnly !== false && !isTest ? state.memory : undefined;
	if (memory && claimed && wasReceived(memory, stored, eventKey(callback.requestId, claimed)))
		return duplicate();
	// One process owns the events: where another runs the rounds, a 503 leaves this one to them (queue mode).
	if (!isTest && options.fetchEvents !== false && state.roundsHere === 0)
		return answer(
			503,
			"Received by a process that does not run the trigger's rounds: n8n's main process fetches this event",
		);
	const confirmation = await confirmCallback(this, callback, {
		scope: triggerKey(this),
		webhookUrl: typeof stored.webhookUrl === 'string' ? stored.webhookUrl : undefined,
		notBefore: memory ? Date.now() - SEEN_EVENTS_MAX_AGE_MS : undefined,
	});
	if (confirmation.outcome === 'resend') {
		this.logger.warn(
			`E-Signature Trigger: the event of envelope ${callback.requestId} could not be confirmed now: ` +
				`${confirmation.reason}; answered 503, the trigger fetches it in its next round`,
		);
		return answer(
			503,
			'The event could not be confirmed with the service now; the trigger fetches it later',
		);
	}
	if (confirmation.outcome === 'refused') {
		this.logger.warn(
			`E-Signature Trigger: a callback for envelope ${callback.requestId} was refused: ${confirmation.reason}`,
		);
		return answer(
			409,
			`The callback does not agree with the service (${confirmation.reason}): nothing was started`,
		);
	}
	if (confirmation.outcome === 'stale')
		return answer(
			200,
			`Not started: ${confirmation.reason}, longer ago than the trigger remembers events`,
		);
	const { event } = confirmation;
	if (!isWanted(events, event.event)) return ignored(event.event);
	let item;
	try {
		item = await triggerItem(this, memory, callback, event);
	} catch (error) {
		// Not thrown: n8n answers a throw with 500, which catch-up takes for a body too large.
		this.logger.error(
			`E-Signature Trigger: the event of envelope ${callback.requestId} could not be made into an item ` +
				`(${(error as Error).message}); answered 503, the trigger fetches it in its next round`,
		);
		return answer(503, 'The event could not be processed now; the trigger fetches it later');
	}
	if (!item) return duplicate();
	if (!isTest && options.catchUp !== false && !state.caughtUp) {
		state.caughtUp = true;
		const url = this.getNodeWebhookUrl('default');
		if (url) void catchUpAndLog(this, url);
	}
	return { workflowData: [[item]] };
}
