import type { IDataObject } from 'n8n-workflow';

// Also in memory: calls in flight cannot see each other's static data (docs/n8n-notes.md#workflow-static-data).

// By age only, as no count is safe from events others can cause.
export const SEEN_EVENTS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const inMemory = new Map<string, Map<string, number>>();

const inFlight = new Set<string>();

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

function current(entries: Array<[string, number]>, now: number): Array<[string, number]> {
	return entries.filter(([, at]) => typeof at === 'number' && now - at < SEEN_EVENTS_MAX_AGE_MS);
}

export function wasReceived(
	trigger: string,
	stored: IDataObject,
	key: string,
	now = Date.now(),
): boolean {
	const at = seenOf(stored)[key] ?? memoryOf(trigger).get(key);
	return at !== undefined && now - at < SEEN_EVENTS_MAX_AGE_MS;
}

// Synchronous, so that no call comes between the check and the claim.
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

export function releaseEvent(trigger: string, key: string): void {
	inFlight.delete(`${trigger}|${key}`);
}

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

export function wasEnvelopeReceived(
	trigger: string,
	stored: IDataObject,
	envelopeId: string,
): boolean {
	return FINAL_EVENTS.some((event) => wasReceived(trigger, stored, eventKey(envelopeId, event)));
}

const FINAL_EVENTS = ['completed', 'rejected', 'cancelled', 'expired'];

export function forgetEvents(trigger: string, stored: IDataObject): void {
	inMemory.delete(trigger);
	delete stored.seenEvents;
}
