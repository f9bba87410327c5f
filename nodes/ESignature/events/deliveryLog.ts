import type { IDataObject } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/text';
import type { ServiceContext } from '../service/itemFunctions';
import { listDeliveryLogs } from '../service/webhooks';

// No paging and no GET body in n8n: a read is the whole log, so one read serves a trigger for a minute.
const LOG_READ_INTERVAL_MS = 60 * 1000;

// About 200,000 entries.
const MAX_LOG_BYTES = 48 * 1024 * 1024;

export interface LogEntry {
	requestId: string;
	webhookUrl: string;
	createdAt: number;
	succeeded: boolean;
	inFlight: boolean;
	httpStatusCode: number;
}

// The service's log timestamps have no zone: they are read as UTC.
function timeOf(value: unknown): number {
	if (typeof value !== 'string') return Number.NaN;
	return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

// "SUCCESS (1)" and "RECALL (2)" are deliveries that arrived; the HTTP status tells too.
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

function logEntries(raw: unknown): LogEntry[] {
	const entries: LogEntry[] = [];
	for (const item of Array.isArray(raw) ? (raw as IDataObject[]) : []) {
		const entry = toEntry(item);
		if (entry) entries.push(entry);
	}
	return entries;
}

const reads = new Map<string, { startedAt: number; entries: Promise<LogEntry[]> }>();
const MAX_TRIGGERS_REMEMBERED = 1000;

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
