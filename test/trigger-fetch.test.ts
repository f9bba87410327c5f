/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The trigger fetches what it was not sent (docs/delivery-guarantees.md#events-the-trigger-fetches): failed deliveries
 * in the service's log, a status that lagged its callback, through n8n-core's real TriggerContext; each event once,
 * whichever way it comes, and a notice costs one status call.
 */
import type { IBinaryData, IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator } from './emulator';
import { ServiceClient, binaryBytes, post } from './harness/service-client';
import { type TriggerWorkflow, triggerSuite } from './harness/trigger';

const suite = triggerSuite({ live: true });
let emulator: Emulator;
const service = new ServiceClient(() => emulator);

beforeAll(() => {
	({ emulator } = suite);
});

const anyEvent: INodeParameters = { events: ['*'], options: {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A round a minute later: the callbacks' shared read of the log is then out of date. */
const nextMinute = () => Date.now() + 61_000;

async function waitFor(done: () => boolean, timeoutMs = 5000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!done()) {
		if (Date.now() > deadline) throw new Error('timed out waiting');
		await sleep(20);
	}
}

/** The signed download the service holds for a document. */
async function signedDownload(documentId: string): Promise<Buffer> {
	const response = await fetch(`${emulator.url}/api/v1/documents/${documentId}/completed/base64`, {
		headers: { authorization: `Bearer ${await service.apiToken()}` },
	});
	const body = (await response.json()) as { data: { file: string } };
	return Buffer.from(body.data.file, 'base64');
}

const send = async (trigger: TriggerWorkflow, notice: IDataObject, token: string) =>
	await post(trigger.url(), JSON.stringify(notice), {
		authorization: token,
		'content-type': 'application/json',
	});

async function pinnedEnvelope(trigger: TriggerWorkflow): Promise<string> {
	return (await service.createEnvelope(trigger.webhookId!)).envelopeId;
}

describe('the trigger fetches what it was not sent', () => {
	it('registers a round every minute where the workflow is published; none while testing, none when turned off', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const crons = await trigger.startFetching();
		expect(crons).toHaveLength(1);
		expect(crons[0].expression).toMatch(/^([0-9]|[1-5][0-9]) \* \* \* \* \*$/);

		expect(await trigger.startFetching('manual')).toEqual([]);
		trigger.setParameters({ events: ['*'], options: { fetchEvents: false } });
		expect(await trigger.startFetching()).toEqual([]);
	});

	it('emits, once and with the signed file, an event the service could not deliver (n8n unreachable)', async () => {
		emulator.setUnreachable(true);
		const trigger = await suite.activeTrigger(anyEvent);
		const envelopeId = await pinnedEnvelope(trigger);
		await emulator.sign(envelopeId);
		expect(trigger.executions).toHaveLength(0);
		const logged = (await service.webhookLogs()).filter((entry) => entry.requestId === envelopeId);
		expect(logged).toEqual([expect.objectContaining({ httpStatusCode: 0 })]);

		// What n8n's cron runs each minute.
		const [cron] = await trigger.startFetching();
		cron.onTick(new Date());
		await waitFor(() => trigger.executions.length === 1);
		const [item] = trigger.executions[0];
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId,
			status: 'Completed',
			filesConfirmed: true,
			webhookId: trigger.webhookId,
		});
		const [file] = item.json.files as IDataObject[];
		const bytes = await binaryBytes(item.binary!.file_0 as IBinaryData);
		expect(bytes.equals(await signedDownload(file.documentId as string))).toBe(true);

		// Nothing twice: not by the next round, not when the service's re-send arrives later.
		expect((await trigger.fetchRound(nextMinute())).emitted).toEqual([]);
		emulator.setUnreachable(false);
		await service.recall(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 200,
		});
		expect(trigger.executions).toHaveLength(1);
	});

	it('a status that lags its callback: one status call, 503, then fetched once the service holds it final', async () => {
		emulator.setStatusLag(1500);
		const trigger = await suite.activeTrigger(anyEvent);
		const envelopeId = await pinnedEnvelope(trigger);
		emulator.clearRequests();
		await emulator.sign(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 503,
		});
		expect(emulator.requestsTo('GET', `/api/v1/envelopes/${envelopeId}/status`)).toHaveLength(1);
		expect(trigger.executions).toHaveLength(0);

		const early = await trigger.fetchRound(nextMinute());
		expect(early).toMatchObject({ logRead: true, emitted: [], carried: 1 });
		await sleep(1600);
		expect((await trigger.fetchRound(nextMinute())).emitted).toEqual([envelopeId]);
		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].json).toMatchObject({ event: 'completed', envelopeId });
		expect((await trigger.fetchRound(nextMinute())).emitted).toEqual([]);
	});

	it('a callback racing a round for the same event starts one execution', async () => {
		emulator.setUnreachable(true);
		const trigger = await suite.activeTrigger(anyEvent);
		const envelopeId = await pinnedEnvelope(trigger);
		await emulator.sign(envelopeId);
		emulator.setUnreachable(false);
		// The recall and the round run at once.
		await Promise.all([service.recall(envelopeId), trigger.fetchRound(nextMinute())]);
		await sleep(200);
		expect(trigger.executions).toHaveLength(1);
	});

	it('reads the log once however many notices arrive, and a notice the service does not confirm costs one status call', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const notices = Array.from({ length: 40 }, () => service.sampleCallback({ Status: 1 }));
		// Each envelope is really cancelled: the notices claim completions.
		for (const notice of notices)
			emulator.envelope(notice.RequestId as string)!.status = 'Cancelled';
		emulator.clearRequests();
		const token = trigger.headerToken();
		const statuses = await Promise.all(notices.map((notice) => send(trigger, notice, token)));
		expect(statuses.every((status) => status === 409)).toBe(true);
		expect(emulator.requestsTo('GET', /\/status$/)).toHaveLength(notices.length);
		expect(emulator.requestsTo('GET', '/api/v1/webhooks/logs').length).toBeLessThanOrEqual(1);
		expect(trigger.executions).toHaveLength(0);
	});

	it('an envelope that ended without a callback (cancelled) starts the trigger only when the log attributes it to it', async () => {
		const trigger = await suite.activeTrigger(anyEvent);
		const unlogged = service.sampleCallback({ Status: 3 });
		expect(await send(trigger, unlogged, trigger.headerToken())).toBe(409);
		expect(trigger.executions).toHaveLength(0);
	});
});
