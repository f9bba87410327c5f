import type { IDataObject } from 'n8n-workflow';

/*
 * Each (envelope, event) starts at most one execution, however often the service delivers it (retries, a recall).
 * Received events are kept in the workflow's static data, to survive restarts; n8n loads a fresh copy of it per call
 * and saves it whole after, so calls in flight cannot see each other there: they are also kept in memory, where check
 * and claim are one synchronous step, and each call writes all it knows back (docs/n8n-notes.md#workflow-static-data).
 */

/** How long a trigger remembers an event: by age only, as no count is safe from events others can cause. */
export const SEEN_EVENTS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** Per trigger (workflow id and node id): event key → when it was received (epoch ms). */
const inMemory = new Map<string, Map<string, number>>();

/** Claimed by a call still building its item: a second delivery meanwhile is a duplicate too. */
const inFlight = new Set<string>();

/** An event as the service holds it: the envelope and what happened to it ("completed"), never a callback's claim. */
export function eventKey(envelopeId: string, event: string): string {
	return `${envelopeId.trim().toLowerCase()}:${event}`;
}

function seenOf(stored: IDataObject): Record<string, number> {
	const seen = stored.seenEvents;
	return typeof seen === 'object' && seen !== null && !Array.isArray(seen)
		? (seen as Record<string, number>)
		: {};
}

function memoryOf(trigger: string): Map<string, number> {
	if (!inMemory.has(trigger)) inMemory.set(trigger, new Map());
	return inMemory.get(trigger)!;
}

/** The events within the age limit. */
function current(entries: Array<[string, number]>, now: number): Array<[string, number]> {
	return entries.filter(([, at]) => typeof at === 'number' && now - at < SEEN_EVENTS_MAX_AGE_MS);
}

/** Whether an event was emitted, so confirmed, before: a forged callback never makes the genuine one a duplicate. */
export function wasReceived(
	trigger: string,
	stored: IDataObject,
	key: string,
	now = Date.now(),
): boolean {
	const at = seenOf(stored)[key] ?? memoryOf(trigger).get(key);
	return at !== undefined && now - at < SEEN_EVENTS_MAX_AGE_MS;
}

/** Claims an event for this call, false when received before or in flight; synchronous, so no call comes between. */
export function claimEvent(
	trigger: string,
	stored: IDataObject,
	key: string,
	now = Date.now(),
): boolean {
	const id = `${trigger}|${key}`;
	if (inFlight.has(id) || wasReceived(trigger, stored, key, now)) return false;
	inFlight.add(id);
	return true;
}

/** The call could not emit the event (n8n answers with an error, the service re-sends): let the next one in. */
export function releaseEvent(trigger: string, key: string): void {
	inFlight.delete(`${trigger}|${key}`);
}

/** The event was emitted: remember it here and in the static data that n8n saves after this call. */
export function confirmEvent(
	trigger: string,
	stored: IDataObject,
	key: string,
	now = Date.now(),
): void {
	inFlight.delete(`${trigger}|${key}`);
	const memory = memoryOf(trigger);
	memory.set(key, now);
	const merged = new Map<string, number>([...Object.entries(seenOf(stored)), ...memory]);
	const kept = current([...merged], now);
	inMemory.set(trigger, new Map(kept));
	stored.seenEvents = Object.fromEntries(kept);
}

/** Whether any final event of an envelope was emitted: an envelope ends once. */
export function wasEnvelopeReceived(
	trigger: string,
	stored: IDataObject,
	envelopeId: string,
): boolean {
	return FINAL_EVENTS.some((event) => wasReceived(trigger, stored, eventKey(envelopeId, event)));
}

const FINAL_EVENTS = ['completed', 'rejected', 'cancelled', 'expired'];

/** Forgets what a trigger received, e.g. when its webhook is deleted. */
export function forgetEvents(trigger: string, stored: IDataObject): void {
	inMemory.delete(trigger);
	delete stored.seenEvents;
}
