import type { IDataObject } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/text';
import type { ServiceContext } from '../service/itemFunctions';
import { listDeliveryLogs } from '../service/webhooks';

/*
 * The service's delivery log, the record of what it sent where: no paging and no GET body in n8n, so a read is the
 * whole log, at most once a minute per trigger (docs/delivery-guarantees.md#what-confirming-a-callback-costs).
 */

/** How long one read of the log serves every caller of a trigger. */
export const LOG_READ_INTERVAL_MS = 60 * 1000;

/** An answer larger than this is not read: about 200,000 entries (docs/performance.md#figures). */
export const MAX_LOG_BYTES = 48 * 1024 * 1024;

export interface LogEntry {
	requestId: string;
	webhookUrl: string;
	createdAt: number;
	succeeded: boolean;
	/** "PENDING (0)": the service is delivering it at this moment. */
	inFlight: boolean;
	httpStatusCode: number;
}

/** The service's log timestamps have no zone: they are read as UTC. */
function timeOf(value: unknown): number {
	if (typeof value !== 'string') return Number.NaN;
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

/** "SUCCESS (1)" and "RECALL (2)" are deliveries that arrived; the HTTP status tells too. */
function toEntry(raw: IDataObject | null | undefined): LogEntry | undefined {
	if (typeof raw?.requestId !== 'string' || typeof raw.webhookUrl !== 'string') return undefined;
	const httpStatusCode = Number(raw.httpStatusCode ?? 0);
	const status = String(raw.webhookStatus ?? '').slice(0, 64);
	const failedByName = status.trimEnd().endsWith('(4)') || /FAILED/i.test(status);
	return {
		requestId: raw.requestId.toLowerCase(),
		webhookUrl: withoutTrailingSlashes(raw.webhookUrl),
		createdAt: timeOf(raw.createdDate),
		succeeded: !failedByName && httpStatusCode >= 200 && httpStatusCode < 300,
		inFlight: status.trimEnd().endsWith('(0)') || /^\s*PENDING\b/i.test(status),
		httpStatusCode,
	};
}

/** The log's entries, read and parsed once per read. */
export function logEntries(raw: unknown): LogEntry[] {
	const entries: LogEntry[] = [];
	for (const item of Array.isArray(raw) ? (raw as IDataObject[]) : []) {
		const entry = toEntry(item);
		if (entry) entries.push(entry);
	}
	return entries;
}

const reads = new Map<string, { startedAt: number; entries: Promise<LogEntry[]> }>();
const MAX_TRIGGERS_REMEMBERED = 1000;

/**
 * The log as read within the last minute for this trigger, or read now (always for a fetch round, whose read then
 * serves the callbacks); a failed read is not shared.
 */
export function deliveryLog(
	context: ServiceContext,
	trigger: string,
	now = Date.now(),
	fresh = false,
): Promise<LogEntry[]> {
	const latest = reads.get(trigger);
	if (!fresh && latest && now - latest.startedAt < LOG_READ_INTERVAL_MS) return latest.entries;
	const read = {
		startedAt: now,
		entries: listDeliveryLogs(context, MAX_LOG_BYTES).then(logEntries),
	};
	reads.delete(trigger);
	reads.set(trigger, read);
	void read.entries.catch(() => reads.get(trigger) === read && reads.delete(trigger));
	if (reads.size > MAX_TRIGGERS_REMEMBERED) reads.delete(reads.keys().next().value!);
	return read.entries;
}

/** Where the log sends an envelope's callbacks: to this URL, only to others, or nowhere yet. */
export function deliveredTo(
	entries: LogEntry[],
	envelopeId: string,
	webhookUrl: string,
): 'ours' | 'others' | 'unlogged' {
	const id = envelopeId.toLowerCase();
	const target = withoutTrailingSlashes(webhookUrl);
	let others = false;
	for (const entry of entries) {
		if (entry.requestId !== id) continue;
		if (entry.webhookUrl === target) return 'ours';
		others = true;
	}
	return others ? 'others' : 'unlogged';
}

/** The latest delivery of each envelope to a URL (oldest first), and the envelopes any delivery there reached. */
export function deliveriesTo(
	entries: LogEntry[],
	webhookUrl: string,
): { latest: LogEntry[]; reached: Set<string> } {
	const target = withoutTrailingSlashes(webhookUrl);
	const last = new Map<string, LogEntry>();
	const reached = new Set<string>();
	for (const entry of entries) {
		if (entry.webhookUrl !== target) continue;
		if (entry.succeeded) reached.add(entry.requestId);
		const previous = last.get(entry.requestId);
		if (!previous || !(entry.createdAt < previous.createdAt)) last.set(entry.requestId, entry);
	}
	const latest = [...last.values()].sort((a, b) => a.createdAt - b.createdAt);
	return { latest, reached };
}
