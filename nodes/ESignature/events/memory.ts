import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../fields/json';

// Also in memory: calls in flight cannot see each other's static data (docs/n8n-notes.md#workflow-static-data).

// By age only, as no count is safe from events others can cause.
export const SEEN_EVENTS_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface Memory {
	// Event key → when it was emitted.
	received: Map<string, number>;
	claimed: Set<string>;
}

// Touched as the most recent; the least recent is dropped past `max`.
export function keptRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number) {
	map.delete(key);
	map.set(key, value);
	if (map.size > max) map.delete(map.keys().next().value!);
	return value;
}

export const newMemory = (): Memory => ({ received: new Map(), claimed: new Set() });

export function eventKey(envelopeId: string, event: string) {
	return `${envelopeId.trim().toLowerCase()}:${event}`;
}

function seenOf(stored: IDataObject): Record<string, number> {
	return isPlainObject(stored.seenEvents) ? (stored.seenEvents as Record<string, number>) : {};
}

export function wasReceived(memory: Memory, stored: IDataObject, key: string, now = Date.now()) {
	const at = seenOf(stored)[key] ?? memory.received.get(key);
	return at !== undefined && now - at < SEEN_EVENTS_MAX_AGE_MS;
}

// Synchronous, so that no call comes between the check and the claim.
export function claimEvent(memory: Memory, stored: IDataObject, key: string, now = Date.now()) {
	if (memory.claimed.has(key) || wasReceived(memory, stored, key, now)) return false;
	memory.claimed.add(key);
	return true;
}

export function releaseEvent(memory: Memory, key: string) {
	memory.claimed.delete(key);
}

export function confirmEvent(memory: Memory, stored: IDataObject, key: string, now = Date.now()) {
	memory.claimed.delete(key);
	memory.received.set(key, now);
	const merged = new Map<string, number>([...Object.entries(seenOf(stored)), ...memory.received]);
	const kept = [...merged].filter(
		([, at]) => typeof at === 'number' && now - at < SEEN_EVENTS_MAX_AGE_MS,
	);
	memory.received = new Map(kept);
	stored.seenEvents = Object.fromEntries(kept);
}

// Claim, make the item, confirm: what a pushed and a fetched event share. Undefined for an event already taken.
export async function takeOnce<T>(
	memory: Memory | undefined,
	stored: IDataObject,
	key: string,
	make: () => Promise<T>,
	now = Date.now(),
): Promise<T | undefined> {
	if (memory && !claimEvent(memory, stored, key, now)) return undefined;
	let item: T | undefined;
	try {
		item = await make();
		// Before n8n saves the static data, on emit or when the webhook's execution ends.
		if (memory) confirmEvent(memory, stored, key, now);
	} finally {
		if (memory && item === undefined) releaseEvent(memory, key);
	}
	return item;
}

const FINAL_EVENTS = ['completed', 'rejected', 'cancelled', 'expired'];

export function wasEnvelopeReceived(
	memory: Memory,
	stored: IDataObject,
	envelopeId: string,
	now = Date.now(),
): boolean {
	return FINAL_EVENTS.some((event) =>
		wasReceived(memory, stored, eventKey(envelopeId, event), now),
	);
}

export function forgetEvents(memory: Memory, stored: IDataObject) {
	memory.received.clear();
	delete stored.seenEvents;
}
