/**
 * The trigger's rounds hold at any log size, under attack and whatever the log's clock
 * (docs/delivery-guarantees.md#events-the-trigger-fetches): one finding of the fourth review each, through n8n-core's
 * real TriggerContext and WebhookContext against the emulator.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import {
	LOG_BYTES_PER_HOUR,
	MISSED_WINDOW_MS,
	readInterval,
} from '../nodes/ESignature/events/deliveryLog';
import { SEEN_EVENTS_MAX_AGE_MS } from '../nodes/ESignature/events/memory';
import { resumeKey, signedResumeUrl } from '../nodes/ESignature/sendAndWait/resumeUrl';
import type { Emulator } from './emulator';
import { WEBHOOK_STATUS, logTimestamp } from './emulator/state';
import { ServiceClient, post } from './harness/service-client';
import { type TriggerWorkflow, triggerSuite } from './harness/trigger';

const suite = triggerSuite({ live: true });
let emulator: Emulator;
const service = new ServiceClient(() => emulator);

beforeAll(() => {
	({ emulator } = suite);
});

afterEach(() => {
	suite.n8n.publicUrl = suite.n8n.baseUrl;
});

const ALL_FAKEABLE = [
	'Date',
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;

const anyEvent: INodeParameters = { events: ['*'], options: { catchUp: false } };
const MINUTE = 60_000;
const logReads = () => emulator.requestsTo('GET', '/api/v1/webhooks/logs').length;
const logs = () => emulator.state.account(emulator.demo.accountId)!.logs;

/** An envelope pinned to the trigger, completed while the service could not reach n8n (logged as failed). */
async function undelivered(trigger: TriggerWorkflow): Promise<string> {
	const { envelopeId } = await service.createEnvelope(trigger.webhookId!);
	emulator.setUnreachable(true);
	await emulator.sign(envelopeId);
	emulator.setUnreachable(false);
	return envelopeId;
}

/** A failed delivery to the trigger as the service would log it, for any request ID. */
function logFailure(trigger: TriggerWorkflow, requestId: string, at = new Date()): void {
	logs().push({
		requestId,
		createdDate: logTimestamp(at),
		webhookStatus: WEBHOOK_STATUS.FAILEDFROMCLIENT,
		httpStatusCode: 503,
		webhookUrl: trigger.url(),
		reasons: '',
	});
}

describe('1. a log of any size: read as a stream, within a budget, never a 503 for its size', () => {
	it('a log over the old 48 MiB cap: a genuine completion is answered 200 and starts once; the round fetches a missed one', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const missed = await undelivered(trigger);
		emulator.seedDeliveryLog(300_000);
		const report = await trigger.fetchRound(Date.now() + MINUTE);
		expect(report).toMatchObject({ logRead: true, emitted: [missed], problems: [] });
		const read = emulator.requestsTo('GET', '/api/v1/webhooks/logs').at(-1)!;
		expect(read.answeredBytes).toBeGreaterThan(48 * 1024 ** 2);

		// The callback is judged with that read (the next is due in minutes): no 503 for its size.
		const { envelopeId } = await service.createEnvelope(trigger.webhookId!);
		await emulator.sign(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 200,
		});
		expect(trigger.executions.map(([item]) => item.json.envelopeId)).toEqual([missed, envelopeId]);
	});

	it('a log that cannot be read: the callback is decided without it (accepted as unlogged), never answered 503', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const { envelopeId } = await service.createEnvelope(trigger.webhookId!);
		emulator.failNext(5, 500, undefined, '/api/v1/webhooks/logs');
		await emulator.sign(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 200,
		});
		expect(trigger.executions).toHaveLength(1);
	});

	it('the read interval grows with the log only past the budget, and one read serves every trigger of the account', async () => {
		expect(readInterval(2 * 1024 ** 2)).toBe(MINUTE);
		expect(readInterval(LOG_BYTES_PER_HOUR / 60)).toBe(MINUTE);
		expect(readInterval(200 * 1024 ** 2)).toBeGreaterThan(11 * MINUTE);

		const first = await suite.activeTrigger(anyEvent);
		const second = await suite.activeTrigger(anyEvent);
		emulator.seedDeliveryLog(100_000);
		const start = Date.now() + MINUTE;
		await first.fetchRound(start);
		await second.fetchRound(start);
		emulator.clearRequests();
		// A minute on: about 20 MB read each minute is over the budget, so no read yet.
		await first.fetchRound(start + MINUTE);
		await second.fetchRound(start + MINUTE);
		expect(logReads()).toBe(0);
		await first.fetchRound(start + 3 * MINUTE);
		await second.fetchRound(start + 3 * MINUTE);
		expect(logReads()).toBe(1);
	});
});

describe('3. one bad envelope never stalls a round', () => {
	it('an envelope whose Get Status keeps failing is backed off, and the next one is fetched in the same round', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const failing = await undelivered(trigger);
		const fine = await undelivered(trigger);
		emulator.failNext(1000, 500, undefined, `/api/v1/envelopes/${failing}/status`);
		const report = await trigger.fetchRound(Date.now() + MINUTE);
		expect(report.emitted).toEqual([fine]);
		expect(report.problems).toEqual([expect.stringContaining(failing)]);
		expect(report.carried).toBe(1);
		emulator.failNext(0, 500);
		// Backed off: not asked in the next round, asked again later.
		emulator.clearRequests();
		await trigger.fetchRound(Date.now() + 2 * MINUTE);
		expect(emulator.requestsTo('GET', `/api/v1/envelopes/${failing}/status`)).toHaveLength(0);
		expect((await trigger.fetchRound(Date.now() + 5 * MINUTE)).emitted).toEqual([failing]);
	});

	it('a log entry whose request ID is no envelope is asked about once, not every round for 30 days', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const stranger = randomUUID();
		logFailure(trigger, stranger);
		emulator.clearRequests();
		for (let minute = 1; minute <= 3; minute++)
			await trigger.fetchRound(Date.now() + minute * MINUTE);
		expect(emulator.requestsTo('GET', `/api/v1/envelopes/${stranger}/status`)).toHaveLength(1);
	});

	it('25 missed envelopes still open at the service leave a waiting Send and Wait its own status call', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		for (let i = 0; i < 25; i++)
			logFailure(trigger, (await service.createEnvelope(trigger.webhookId!)).envelopeId);
		const { envelopeId } = await service.createEnvelope(undefined);
		await emulator.sign(envelopeId);
		const executionId = '4242';
		const headerToken = randomBytes(32).toString('hex');
		const key = await resumeKey(trigger.triggerContext('trigger'));
		const url = signedResumeUrl(
			`${suite.n8n.publicUrl}/webhook-waiting/${executionId}`,
			key,
			headerToken,
			executionId,
			{ envelopeId, documentIds: emulator.envelope(envelopeId)!.files[0].fileId, node: 'n' },
		);
		const registered = await fetch(`${emulator.url}/api/v1/webhooks`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				authorization: `Bearer ${await service.apiToken()}`,
			},
			body: JSON.stringify({ webhookUrl: url, headerToken, isDefault: false }),
		});
		expect(((await registered.json()) as { errorCode: number }).errorCode).toBe(0);

		const report = await trigger.fetchRound(Date.now() + MINUTE);
		expect(report.carried).toBe(25);
		expect(report.notified).toEqual([expect.stringMatching(new RegExp(`^${envelopeId} \\(HTTP`))]);
	});
});

describe('4. exactly once across processes: one owner, the process that runs the rounds', () => {
	it("a callback to a process without rounds is answered 503 and left to main's round; a recall racing it starts nothing more", async () => {
		const main = await suite.activeTrigger(anyEvent);
		const webhookProcess = main.inWebhookProcess();
		const { envelopeId } = await service.createEnvelope(main.webhookId!);
		await emulator.sign(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 503,
		});

		const [report] = await Promise.all([
			main.fetchRound(Date.now() + MINUTE),
			service.recall(envelopeId),
		]);
		expect(report.emitted).toEqual([envelopeId]);
		const notice = emulator.envelope(envelopeId)!.lastCallback!;
		await post(webhookProcess.url(), JSON.stringify(notice), {
			'content-type': 'application/json',
			authorization: main.headerToken(),
		});
		await main.fetchRound(Date.now() + 2 * MINUTE);
		expect(main.executions).toHaveLength(1);
		expect(webhookProcess.executions).toHaveLength(0);
	});

	it('with Fetch Events Not Delivered off, no process runs rounds, so the one that receives a callback starts it', async () => {
		const main = await suite.activeTrigger({ events: ['*'], options: { fetchEvents: false } });
		const webhookProcess = main.inWebhookProcess();
		const { envelopeId } = await service.createEnvelope(main.webhookId!);
		await emulator.sign(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 200,
		});
		expect(webhookProcess.executions).toHaveLength(1);
	});
});

describe('5. one clock for "once"', () => {
	it('a fetched event stamped hours ahead of n8n is not emitted again when the memory forgets it, 30 days on', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const envelopeId = await undelivered(trigger);
		const entry = logs().find((logged) => logged.requestId === envelopeId)!;
		entry.createdDate = logTimestamp(new Date(Date.now() + 3 * 60 * MINUTE));
		const start = Date.now() + MINUTE;
		expect((await trigger.fetchRound(start)).emitted).toEqual([envelopeId]);

		// A new process (n8n restarted) knows the event only from the static data; n8n's clock itself moves on.
		const later = trigger.restarted();
		const onlyDate = ['Date'] as const;
		const notFaked = ALL_FAKEABLE.filter((name) => !onlyDate.includes(name as 'Date'));
		jest.useFakeTimers({ doNotFake: notFaked, now: start + SEEN_EVENTS_MAX_AGE_MS + MINUTE });
		try {
			expect((await later.fetchRound()).emitted).toEqual([]);
		} finally {
			jest.useRealTimers();
		}
		expect([...trigger.executions, ...later.executions]).toHaveLength(1);
		expect(MISSED_WINDOW_MS).toBe(SEEN_EVENTS_MAX_AGE_MS - 14 * 60 * MINUTE);
	});
});

describe('6. behind a firewall: a public address the service cannot reach', () => {
	it('an event the service could not deliver is fetched by the round of the next minute', async () => {
		suite.n8n.publicUrl = 'https://n8n.example.com';
		const trigger = await suite.activeTrigger(anyEvent);
		const start = Date.now() + MINUTE;
		expect((await trigger.fetchRound(start)).emitted).toEqual([]);
		const envelopeId = await undelivered(trigger);
		expect((await trigger.fetchRound(start + MINUTE)).emitted).toEqual([envelopeId]);
	});
});
