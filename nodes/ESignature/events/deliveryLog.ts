import { type IDataObject, sleep } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { baseUrlOf } from '../../../credentials/environment';
import { withoutTrailingSlashes } from '../../../credentials/text';
import { isGuid } from '../fields/validation';
import type { ServiceContext } from '../service/itemFunctions';
import { callService, credentialsOf, dataOf } from '../service/transport';
import { eachListEntry } from './jsonStream';
import { keptRecent, SEEN_EVENTS_MAX_AGE_MS } from './memory';

// Each read streams the whole log (docs/n8n-notes.md#a-get-with-a-body-the-delivery-logs-filters).

export interface Delivery {
	createdAt: number;
	inFlight: boolean;
	httpStatusCode: number;
	// Whether any delivery of the envelope to this URL arrived.
	reached: boolean;
}

export interface LogRead {
	readAt: number;
	bytes: number;
	// Per webhook URL asked for: each envelope's latest delivery there.
	urls: Map<string, Map<string, Delivery>>;
	logged: EnvelopeSet;
}

// docs/delivery-guarantees.md#what-the-rounds-cost: reads an hour × log size stays within this, per account.
export const LOG_BYTES_PER_HOUR = 1024 ** 3;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const MIN_READ_INTERVAL_MS = MINUTE_MS;

// So that envelopes pinned to one URL by others cannot grow a read without end: the newest are kept.
const MAX_ENVELOPES_PER_URL = 20_000;

// A callback waits no longer for a read in progress: the service may give up on the delivery.
const CALLBACK_WAITS_FOR_READ_MS = 3000;

const MAX_URLS_PER_ACCOUNT = 1000;
const MAX_ACCOUNTS = 1000;
const URL_FORGOTTEN_AFTER_MS = 24 * HOUR_MS;

export function readInterval(logBytes: number) {
	return Math.max(MIN_READ_INTERVAL_MS, Math.ceil((logBytes / LOG_BYTES_PER_HOUR) * HOUR_MS));
}

// A fixed 2 MiB Bloom filter: "logged to some URL" in bounded memory; a false "yes" only delays an event a round.
class EnvelopeSet {
	private readonly bits = new Uint32Array(1 << 19);

	private positions(id: string) {
		let a = 0x811c9dc5;
		let b = 0x01000193;
		for (let i = 0; i < id.length; i++) {
			a = Math.imul(a ^ id.charCodeAt(i), 0x01000193);
			b = Math.imul(b ^ id.charCodeAt(i), 0x5bd1e995) ^ (b >>> 13);
		}
		return [0, 1, 2, 3, 4, 5, 6].map((i) => ((a + i * (b | 1)) >>> 0) & ((1 << 24) - 1));
	}

	add(id: string) {
		for (const bit of this.positions(id)) this.bits[bit >>> 5] |= 1 << (bit & 31);
	}

	has(id: string) {
		return this.positions(id).every((bit) => (this.bits[bit >>> 5] & (1 << (bit & 31))) !== 0);
	}
}

// "SUCCESS (1)" and "RECALL (2)" are deliveries that arrived; the HTTP status tells too.
function deliveryOf(raw: IDataObject) {
	const httpStatusCode = Number(raw.httpStatusCode ?? 0);
	const status = String(raw.webhookStatus ?? '').slice(0, 64);
	const code = status.trimEnd().slice(-3);
	const failedByName = code === '(4)' || /FAILED/i.test(status);
	// The service's log timestamps have no zone: they are read as UTC (no stamp: NaN).
	const date = typeof raw.createdDate === 'string' ? raw.createdDate : '';
	return {
		createdAt: Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(date) ? date : `${date}Z`),
		inFlight: code === '(0)' || /^\s*PENDING\b/i.test(status),
		httpStatusCode,
		reached: !failedByName && httpStatusCode >= 200 && httpStatusCode < 300,
	};
}

function take(read: LogRead, raw: IDataObject) {
	const requestId = typeof raw.requestId === 'string' ? raw.requestId.trim().toLowerCase() : '';
	if (!isGuid(requestId)) return;
	read.logged.add(requestId);
	const envelopes =
		typeof raw.webhookUrl === 'string' && read.urls.get(withoutTrailingSlashes(raw.webhookUrl));
	if (!envelopes) return;
	const delivery = deliveryOf(raw);
	const previous = envelopes.get(requestId);
	const latest = previous && delivery.createdAt < previous.createdAt ? previous : delivery;
	latest.reached = delivery.reached || previous?.reached === true;
	keptRecent(envelopes, requestId, latest, MAX_ENVELOPES_PER_URL);
}

async function readLog(context: ServiceContext, urls: string[], now: number) {
	const read: LogRead = {
		readAt: now,
		bytes: 0,
		urls: new Map(urls.map((url) => [url, new Map()])),
		logged: new EnvelopeSet(),
	};
	const request = {
		method: 'GET' as const,
		path: '/api/v1/webhooks/logs',
		readBody: async (stream: AsyncIterable<Buffer>) => {
			const list = await eachListEntry(stream, (entry) => take(read, entry));
			read.bytes += list.bytes;
			return { errorCode: list.errorCode ?? 0, message: list.message };
		},
	};
	await dataOf(context, await callService(context, request), request);
	return read;
}

interface AccountLog {
	// URL → when a trigger last asked for it.
	urls: Map<string, number>;
	latest?: LogRead;
	reading?: Promise<LogRead>;
	lastStartedAt: number;
	lastFailed: boolean;
}

// One read serves every trigger of the account that this process runs.
const accounts = new Map<string, AccountLog>();

async function accountOf(context: ServiceContext): Promise<AccountLog> {
	const credential = context.getNode().credentials?.[CREDENTIAL_TYPE]?.id ?? '';
	const key = `${credential}|${baseUrlOf(await credentialsOf(context))}`;
	const account = accounts.get(key) ?? { urls: new Map(), lastStartedAt: 0, lastFailed: false };
	return keptRecent(accounts, key, account, MAX_ACCOUNTS);
}

function isDue(account: AccountLog, url: string, now: number) {
	const sinceLast = now - account.lastStartedAt;
	if (account.lastFailed) return sinceLast >= MIN_READ_INTERVAL_MS;
	if (!account.latest?.urls.has(url)) return true;
	// A second of slack: n8n's cron may tick a little early.
	return sinceLast >= readInterval(account.latest.bytes) - 1000;
}

function startRead(context: ServiceContext, account: AccountLog, now: number) {
	for (const [url, at] of account.urls)
		if (now - at > URL_FORGOTTEN_AFTER_MS) account.urls.delete(url);
	account.lastStartedAt = now;
	const reading = readLog(context, [...account.urls.keys()], now).then(
		(read) => {
			account.latest = read;
			account.lastFailed = false;
			return read;
		},
		(error: unknown) => {
			account.lastFailed = true;
			throw error;
		},
	);
	account.reading = reading;
	void reading.finally(() => account.reading === reading && delete account.reading).catch(() => {});
	return reading;
}

// The latest read that covers `url`, read anew when the budget allows; undefined when none can be had now.
// `fresh`: a read of its own, for catch-up, which runs once per activation.
export async function deliveryLog(
	context: ServiceContext,
	webhookUrl: string,
	now = Date.now(),
	fresh = false,
): Promise<LogRead | undefined> {
	const url = withoutTrailingSlashes(webhookUrl);
	const account = await accountOf(context);
	keptRecent(account.urls, url, now, MAX_URLS_PER_ACCOUNT);
	if (fresh) return await startRead(context, account, now);
	const inFlight = await account.reading?.catch(() => undefined);
	if (inFlight?.urls.has(url)) return inFlight;
	if (!isDue(account, url, now)) return account.latest?.urls.has(url) ? account.latest : undefined;
	return await startRead(context, account, now);
}

// Without a read (failed, not within 3 s, or none the budget allows) it is unlogged (docs/security.md#callbacks).
export async function deliveredTo(
	context: ServiceContext,
	envelopeId: string,
	webhookUrl: string,
): Promise<'ours' | 'others' | 'unlogged'> {
	const read = await Promise.race([
		deliveryLog(context, webhookUrl).catch(() => undefined),
		sleep(CALLBACK_WAITS_FOR_READ_MS).then(() => undefined),
	]);
	const envelopes = read?.urls.get(withoutTrailingSlashes(webhookUrl));
	if (!read || !envelopes) return 'unlogged';
	const id = envelopeId.trim().toLowerCase();
	if (envelopes.has(id)) return 'ours';
	return read.logged.has(id) ? 'others' : 'unlogged';
}

// The log's stamps may run this far from n8n's clock: the window ends that much before the memory forgets.
const ASSUMED_CLOCK_OFFSET_MS = 14 * 60 * MINUTE_MS;
export const MISSED_WINDOW_MS = SEEN_EVENTS_MAX_AGE_MS - ASSUMED_CLOCK_OFFSET_MS;

// The service logs a delivery PENDING before it posts it: this young, it may still arrive.
const IN_FLIGHT_MAX_AGE_MS = 10 * MINUTE_MS;

// The one definition of a missed delivery: catch-up and the trigger's rounds both take it.
export function missedDeliveries(read: LogRead, url: string, now: number) {
	const missed = new Map<string, Delivery>();
	for (const [envelopeId, delivery] of read.urls.get(withoutTrailingSlashes(url)) ?? []) {
		const age = now - delivery.createdAt;
		if (delivery.reached || !(age < MISSED_WINDOW_MS)) continue;
		if (!(delivery.inFlight && age < IN_FLIGHT_MAX_AGE_MS)) missed.set(envelopeId, delivery);
	}
	return missed;
}
