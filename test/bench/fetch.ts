/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 7: what the trigger's own fetching costs (docs/delivery-guarantees.md#events-the-trigger-fetches), in-process
 * through n8n-core's TriggerContext and WebhookContext against the emulator, with delivery logs of 10,000 to 1,000,000
 * entries: an idle trigger's hour of rounds (a public n8n URL, and one the service cannot reach), an hour with a
 * callback answered 503 each minute, the peak memory of reading the 1,000,000-entry log (the trigger in a process of
 * its own, forked from this file) with a genuine callback answered meanwhile, and 2,000 notices for envelopes that
 * others created, each claiming a completion.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { LOG_BYTES_PER_HOUR, readInterval } from '../../nodes/ESignature/events/deliveryLog';
import type { DemoCredentials, Emulator } from '../emulator';
import { newSigner } from '../emulator/state';
import { FakeN8n, TriggerWorkflow } from '../harness/trigger';
import { type Figure, MB, progress, round, type Row } from './report';

const SIZES = [10_000, 100_000, 1_000_000];
const LOG_ENTRIES = 100_000;
const LARGEST = SIZES[SIZES.length - 1];
const NOTICES = 2_000;
const MINUTE = 60_000;
/** How long Get Status still shows a completed envelope in progress: its callback is answered 503. */
const STATUS_LAG_MS = 100;
const IDLE = { events: ['*'], options: { catchUp: false } };
const LOG_PATH = '/api/v1/webhooks/logs';
const entries = (count: number) => `${count.toLocaleString('en')}-entry log`;

/** A fresh account at the emulator whose delivery log has `count` entries of other webhooks (reset between sizes). */
function freshLog(emulator: Emulator, fake: FakeN8n, count: number): void {
	emulator.reset();
	emulator.setProfile('live');
	fake.reset();
	emulator.seedDeliveryLog(count);
}

/** Bytes of the account's log as GET /api/v1/webhooks/logs answers it (its wrapper left out), without a read. */
function logBytesOf(emulator: Emulator): number {
	const logs = emulator.state.account(emulator.demo.accountId)!.logs;
	return logs.reduce((sum, entry) => sum + Buffer.byteLength(JSON.stringify(entry)) + 1, 0);
}

const kilobytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

/** Peak RSS (sampled every 20 ms, and the kernel's high-water mark since the start) and heapUsed growth while `run` runs. */
async function peakOf<T>(run: () => Promise<T>) {
	global.gc?.();
	const before = { rss: process.memoryUsage.rss(), heap: process.memoryUsage().heapUsed };
	const peak = { ...before };
	const sample = () => {
		const { rss, heapUsed } = process.memoryUsage();
		peak.rss = Math.max(peak.rss, rss);
		peak.heap = Math.max(peak.heap, heapUsed);
	};
	const sampler = setInterval(sample, 20);
	writeFileSync('/proc/self/clear_refs', '5');
	const started = performance.now();
	try {
		const result = await run();
		sample();
		peak.rss = Math.max(peak.rss, kilobytes('VmHWM'));
		const rssMb = round((peak.rss - before.rss) / MB, 1);
		return { result, ms: performance.now() - started, rssMb, heapMb: round((peak.heap - before.heap) / MB, 1), peakRssMb: round(peak.rss / MB) };
	} finally {
		clearInterval(sampler);
	}
}

/** Requests to the service (tokens left out), its log reads and the bytes they answered, and memory, while `run` runs. */
async function measured(emulator: Emulator, run: () => Promise<void>) {
	emulator.clearRequests();
	const { ms, rssMb, heapMb } = await peakOf(run);
	return { ms, rssMb, heapMb, ...served(emulator) };
}

function served(emulator: Emulator) {
	const requests = emulator.requests.filter((r) => !r.path.includes('token'));
	const reads = requests.filter((r) => r.path === LOG_PATH);
	return { requests: requests.length, logReads: reads.length, answered: reads.reduce((sum, r) => sum + (r.answeredBytes ?? 0), 0) };
}

/** The columns every row has: what the service served, against what the budget allows for a log of `logBytes`. */
function costs(m: ReturnType<typeof served> & { ms: number }, logBytes: number): Row {
	return {
		'requests / hour': m.requests,
		'log reads / hour': m.logReads,
		'budget, reads / hour': round(Math.min(60, LOG_BYTES_PER_HOUR / logBytes), 1),
		'MB answered / hour': round(m.answered / MB, 1),
		'log MB': round(logBytes / MB, 1),
		'read interval, min': round(readInterval(logBytes) / MINUTE, 1),
		'time, s': round(m.ms / 1000, 1),
	};
}

/** One hour of rounds, a minute apart (the round's clock passed), for one trigger; `eachMinute` runs before each round. */
async function hourOfRounds(trigger: TriggerWorkflow, eachMinute?: (minute: number) => Promise<void>) {
	const start = Date.now() + 61_000;
	const problems = new Set<string>();
	for (let minute = 0; minute < 60; minute++) {
		await eachMinute?.(minute);
		for (const problem of (await trigger.fetchRound(start + minute * MINUTE)).problems) problems.add(problem.replace(/[0-9a-f-]{36}/g, '…'));
	}
	if (problems.size) progress(`figure 7: problems reported by rounds: ${[...problems].join('; ')}`);
}

/** An idle trigger's hour of rounds at this n8n address. */
async function idleHour(emulator: Emulator, fake: FakeN8n, publicUrl: string, logBytes: number): Promise<Row> {
	fake.publicUrl = publicUrl;
	const trigger = new TriggerWorkflow(fake, IDLE);
	await trigger.activate();
	const m = await measured(emulator, () => hourOfRounds(trigger));
	return {
		case: `idle trigger, one hour, ${entries(emulator.state.account(emulator.demo.accountId)!.logs.length)}, n8n at ${new URL(publicUrl).hostname}`,
		...costs(m, logBytes),
		'peak RSS growth, MB': m.rssMb,
		'peak heapUsed growth, MB': m.heapMb,
	};
}

/** A new envelope pinned to the trigger's webhook, signed: the service calls the trigger back at once. */
async function genuineCallback(emulator: Emulator, webhookId: string, reference: string): Promise<void> {
	const account = emulator.state.account(emulator.demo.accountId)!;
	const envelope = emulator.state.createEnvelope(account, { files: [{ fileName: 'a.pdf', data: emulator.samplePdf }], referenceNumber: reference, webhookId });
	envelope.signers.push(newSigner({ name: 'Jane Doe', email: 'jane@example.com', signeOrder: 1, invited: true }));
	envelope.invitationsSent = true;
	await emulator.sign(envelope.envelopeId);
}

const answers = (emulator: Emulator, url: string) => {
	const counts = new Map<number, number>();
	for (const d of emulator.deliveries) if (d.webhookUrl === url) counts.set(d.httpStatusCode, (counts.get(d.httpStatusCode) ?? 0) + 1);
	// 0: no answer within the service's delivery timeout.
	return [...counts].map(([status, n]) => `${n} × ${status || 'no answer in time'}`).join(', ') || 'none';
};

/** An hour in which each minute a genuine callback is answered 503: Get Status still shows the envelope in progress. */
async function hourOf503s(emulator: Emulator, fake: FakeN8n, logBytes: number): Promise<Row> {
	fake.publicUrl = fake.baseUrl;
	const trigger = new TriggerWorkflow(fake, IDLE);
	await trigger.activate();
	const [webhook] = trigger.registered();
	emulator.setStatusLag(STATUS_LAG_MS);
	try {
		const m = await measured(emulator, () =>
			hourOfRounds(trigger, async (minute) => {
				await genuineCallback(emulator, webhook.id, `BENCH-503-${minute}`);
				// The service holds it completed by the round: the round fetches it once the log shows the failed delivery.
				await sleep(STATUS_LAG_MS);
			}),
		);
		return {
			case: `a callback answered 503 each minute (answers: ${answers(emulator, trigger.url())}), one hour, ${entries(LOG_ENTRIES)}, n8n at 127.0.0.1`,
			...costs(m, logBytes),
			'executions started': trigger.executions.length,
			'peak RSS growth, MB': m.rssMb,
			'peak heapUsed growth, MB': m.heapMb,
		};
	} finally {
		emulator.setStatusLag(0);
	}
}

/** Notices for envelopes that others created, each claiming a completion; the service holds them `status`. */
async function notices(emulator: Emulator, fake: FakeN8n, status: 'Cancelled' | 'Completed', logBytes: number): Promise<Row> {
	fake.publicUrl = fake.baseUrl;
	const trigger = new TriggerWorkflow(fake, IDLE);
	await trigger.activate();
	const account = emulator.state.account(emulator.demo.accountId)!;
	const bodies = Array.from({ length: NOTICES }, () => {
		const envelope = emulator.state.createEnvelope(account, { files: [{ fileName: 'a.pdf', data: emulator.samplePdf }], referenceNumber: randomUUID() });
		envelope.status = status;
		return JSON.stringify({ RequestId: envelope.envelopeId, Status: 1, Files: [], Signatory: [] });
	});
	const token = trigger.headerToken();
	const statuses = new Map<number, number>();
	const m = await measured(emulator, async () => {
		for (let i = 0; i < bodies.length; i += 20)
			await Promise.all(
				bodies.slice(i, i + 20).map(async (body) => {
					const res = await fetch(trigger.url(), { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body });
					await res.arrayBuffer();
					statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
				}),
			);
	});
	return {
		case: `${NOTICES} notices for envelopes ${status.toLowerCase()} at the service, 20 at a time (answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}), ${entries(LOG_ENTRIES)}`,
		...costs(m, logBytes),
		'executions started': trigger.executions.length,
		'peak RSS growth, MB': m.rssMb,
		'peak heapUsed growth, MB': m.heapMb,
	};
}

// The largest log's hour with the trigger in a process of its own, so that RSS is the node's alone (the emulator's copy
// of the log stays here): the child runs the rounds, this process sends a genuine callback while the first read runs.
type ChildTask = { url: string; authUrl: string; demo: DemoCredentials };
type ChildMessage = { type: 'listening'; url: string } | { type: 'done'; ms: number; rssMb: number; heapMb: number; peakRssMb: number; executions: number; answers: string[] } | { type: 'failed'; error: string };

async function roundsChild(): Promise<void> {
	const send = (message: ChildMessage) => process.send!(message);
	try {
		// The trigger's stand-in reads only the emulator's addresses and demo account.
		const fake = await FakeN8n.start(JSON.parse(process.env.ESIG_FETCH_CHILD!) as ChildTask as unknown as Emulator);
		const trigger = new TriggerWorkflow(fake, IDLE);
		await trigger.activate();
		// The trigger's own answer to each callback and how long it took (the service may have stopped waiting).
		const answers: string[] = [];
		const receive = trigger.receive.bind(trigger);
		trigger.receive = async (...[isTest, request, response]: Parameters<TriggerWorkflow['receive']>) => {
			const started = performance.now();
			let status = 200;
			const setStatus = response.status;
			response.status = (code: number) => setStatus((status = code));
			const result = await receive(isTest, request, response);
			answers.push(`${status} after ${round((performance.now() - started) / 1000, 1)} s`);
			return result;
		};
		await new Promise<void>((resolve) => {
			process.once('message', () => resolve());
			send({ type: 'listening', url: trigger.url() });
		});
		const { ms, rssMb, heapMb, peakRssMb } = await peakOf(() => hourOfRounds(trigger));
		send({ type: 'done', ms, rssMb, heapMb, peakRssMb, executions: trigger.executions.length, answers });
	} catch (error) {
		send({ type: 'failed', error: (error as Error).stack ?? String(error) });
	}
}

async function largestLogInAChild(emulator: Emulator, logBytes: number): Promise<Row> {
	const task: ChildTask = { url: emulator.url, authUrl: emulator.authUrl, demo: emulator.demo };
	const child = fork(__filename, ['--rounds-child'], {
		execArgv: ['--expose-gc', '-r', 'ts-node/register'],
		env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', TS_NODE_PREFER_TS_EXTS: 'true', ESIG_FETCH_CHILD: JSON.stringify(task) },
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
	const next = () =>
		new Promise<ChildMessage>((resolve, reject) => {
			child.once('exit', (code) => reject(new Error(`figure 7 child exited with ${code}`)));
			child.once('message', (message: ChildMessage) => (message.type === 'failed' ? reject(new Error(message.error)) : resolve(message)));
		});
	try {
		const { url } = (await next()) as { url: string };
		const webhook = emulator.webhooks().find((w) => w.webhookUrl === url)!;
		emulator.clearRequests();
		const done = next();
		child.send('start');
		// The callback arrives while the first round reads the log.
		while (!emulator.requests.some((r) => r.path === LOG_PATH)) await sleep(5);
		await genuineCallback(emulator, webhook.id, 'BENCH-LARGEST-LOG');
		const m = (await done) as Extract<ChildMessage, { type: 'done' }>;
		return {
			case: `idle trigger in a process of its own, one hour, ${entries(LARGEST)}, a genuine callback during the first read (the trigger answered ${m.answers.join(', ')}; the service logged ${answers(emulator, url)})`,
			...costs({ ...served(emulator), ms: m.ms }, logBytes),
			'executions started': m.executions,
			'peak RSS growth, MB': m.rssMb,
			'peak heapUsed growth, MB': m.heapMb,
			"the trigger's process: peak RSS, MB": m.peakRssMb,
		};
	} finally {
		child.kill();
	}
}

export async function fetchFigure(emulator: Emulator): Promise<Figure> {
	const fake = await FakeN8n.start(emulator);
	const rows: Row[] = [];
	const bytes = new Map<number, number>();
	const withLog = (count: number) => {
		freshLog(emulator, fake, count);
		bytes.set(count, logBytesOf(emulator));
		return bytes.get(count)!;
	};
	try {
		for (const count of SIZES) {
			progress(`figure 7: an idle trigger's hour against a ${entries(count)}`);
			rows.push(await idleHour(emulator, fake, 'https://n8n.example.com', withLog(count)));
		}
		progress(`figure 7: an idle trigger's hour at an internal address, and an hour of callbacks answered 503`);
		rows.push(await idleHour(emulator, fake, fake.baseUrl, withLog(LOG_ENTRIES)));
		rows.push(await hourOf503s(emulator, fake, withLog(LOG_ENTRIES)));
		progress(`figure 7: the peak memory of reading a ${entries(LARGEST)}, the trigger in a process of its own`);
		rows.push(await largestLogInAChild(emulator, withLog(LARGEST)));
		for (const status of ['Cancelled', 'Completed'] as const) {
			progress(`figure 7: ${NOTICES} notices for envelopes ${status.toLowerCase()} at the service`);
			rows.push(await notices(emulator, fake, status, withLog(LOG_ENTRIES)));
		}
		const mb = (count: number) => round(bytes.get(count)! / MB);
		return {
			id: 7,
			title: `The trigger's fetch: background cost against delivery logs of ${SIZES[0].toLocaleString('en')} to ${LARGEST.toLocaleString('en')} entries, its peak memory, and ${NOTICES.toLocaleString('en')} unconfirmed notices`,
			rows,
			notes: [
				`An idle trigger reads the log every minute while a minute's read fits the budget of ${LOG_BYTES_PER_HOUR / 1024 ** 3} GiB an hour (the ${entries(SIZES[0])}), and less often as the log grows (every ${round(readInterval(bytes.get(LOG_ENTRIES)!) / MINUTE, 1)} min at ${mb(LOG_ENTRIES)} MB, every ${round(readInterval(bytes.get(LARGEST)!) / MINUTE, 1)} min at ${mb(LARGEST)} MB, each at the first round past that), plus one webhook list a round for Send and Wait.`,
				'At an internal address, which the service cannot reach, the trigger reads the log exactly as often as at a public one.',
				"A callback answered 503 each minute no longer makes the trigger read the log every minute: reads stay within the budget, and each event answered 503 is fetched by the next round that reads the log (the last minute's after the hour).",
				`Reading the ${entries(LARGEST)} (${mb(LARGEST)} MB) as a stream keeps the trigger's peak memory flat, and a genuine callback that arrives during that read waits for the read to end (the row gives how long) and is answered 200, never 503 for the log's size.`,
				"Each notice costs one Get Status; notices the service's status refutes never read the log, and those it agrees with share one read, so no flood of notices reads the log more than the budget allows (their heapUsed peak is garbage a collection frees).",
			],
		};
	} finally {
		await fake.stop();
		emulator.reset();
		emulator.setProfile('spec');
	}
}

if (process.argv.includes('--rounds-child')) void roundsChild();
