/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The trigger's delivery guarantees (docs/delivery-guarantees.md): an envelope pinned to the trigger keeps reaching
 * it across deactivation, restarts and URL changes; what was missed is re-sent on activation; each event starts one
 * execution however often it is delivered. test/harness/trigger.ts plays n8n's webhook side.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CALLBACK_REJECTED, type Emulator } from './emulator';
import { ServiceClient, binaryBytes, post } from './harness/service-client';
import { type FakeN8n, TriggerWorkflow, triggerSuite } from './harness/trigger';
import { MISSED_WINDOW_MS } from '../nodes/ESignature/events/deliveryLog';
import {
	SEEN_EVENTS_MAX_AGE_MS,
	claimEvent,
	confirmEvent,
	eventKey,
	newMemory,
	releaseEvent,
} from '../nodes/ESignature/events/memory';
import { CATCH_UP_MAX_RECALLS } from '../nodes/ESignature/trigger/catchUp';
import * as eventItemModule from '../nodes/ESignature/events/eventItem';

// An emulator and a FakeN8n for the file, reset before each test.
const suite = triggerSuite({ live: true });
let emulator: Emulator;
let n8n: FakeN8n;
const service = new ServiceClient(() => emulator);

beforeAll(() => {
	({ emulator, n8n } = suite);
});

const anyEvent: INodeParameters = { events: ['*'], options: {} };

const activeTrigger = async (parameters: INodeParameters = anyEvent) =>
	await suite.activeTrigger(parameters);

async function waitFor(done: () => boolean, timeoutMs = 5000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!done()) {
		if (Date.now() > deadline) throw new Error('timed out waiting');
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
}

function lastCatchUp(trigger: TriggerWorkflow): IDataObject {
	return trigger.stored().lastCatchUp as IDataObject;
}

function executedRequestIds(trigger: TriggerWorkflow): string[] {
	return trigger.executions.map(([item]) => item.json.envelopeId as string);
}

describe('an envelope pinned to the trigger keeps reaching it', () => {
	it('keeps the webhook at the service while the workflow is inactive and re-sends the missed event on activation', async () => {
		const trigger = await activeTrigger();
		const webhookId = trigger.webhookId!;
		const { envelopeId } = await service.createEnvelope(webhookId);

		await trigger.deactivate();
		expect(emulator.webhooks().map((w) => w.id)).toEqual([webhookId]);
		expect(emulator.requestsTo('DELETE', /^\/api\/v1\/webhooks\//)).toHaveLength(0);

		await emulator.sign(envelopeId);
		expect(emulator.deliveries).toMatchObject([
			{ requestId: envelopeId, ok: false, httpStatusCode: 404 },
		]);
		expect(trigger.executions).toHaveLength(0);

		await trigger.activate();

		expect(trigger.webhookId).toBe(webhookId);
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
		const [item] = trigger.executions[0];
		expect(item.json).toMatchObject({ event: 'completed', webhookId });
		const signed = await binaryBytes(item.binary!.file_0);
		expect(signed.equals(emulator.signedPdf(emulator.samplePdf, ['Sara Ali', 'Omar Saleh']))).toBe(
			true,
		);
		expect(lastCatchUp(trigger)).toMatchObject({
			recalled: [envelopeId],
			tooLarge: [],
			failed: [],
			deferred: 0,
		});

		// Webhook → Resend Callback works for it too, and starts nothing new: the event was received.
		expect((await service.recall(envelopeId)).errorCode).toBe(0);
		await trigger.activate('update');
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
	});

	it('re-sends what was missed while n8n was down when the restarted n8n receives its first event', async () => {
		const trigger = await activeTrigger();
		const first = await service.createEnvelope(trigger.webhookId);
		const second = await service.createEnvelope(trigger.webhookId);
		const third = await service.createEnvelope(trigger.webhookId);

		n8n.offline = true;
		await emulator.sign(first.envelopeId);
		await emulator.reject(second.envelopeId, 'sara@example.com', 'Wrong amount');
		expect(emulator.deliveries.map((d) => [d.ok, d.httpStatusCode])).toEqual([
			[false, 0],
			[false, 0],
		]);
		n8n.offline = false;
		const after = trigger.restarted();

		await emulator.sign(third.envelopeId);
		await waitFor(() => after.executions.length === 3);

		expect(executedRequestIds(after)).toEqual([
			third.envelopeId,
			first.envelopeId,
			second.envelopeId,
		]);
		expect(after.executions[2][0].json).toMatchObject({
			status: 'Rejected',
			event: 'rejected',
		});
		const recalls = () => emulator.requestsTo('POST', '/api/v1/webhooks/recall').length;
		expect(recalls()).toBe(2);

		// Once per process: the next event catches nothing up again.
		const fourth = await service.createEnvelope(trigger.webhookId);
		await emulator.sign(fourth.envelopeId);
		expect(recalls()).toBe(2);
		expect(after.executions).toHaveLength(4);
	});

	it("moves the webhook in place when n8n's URL changes, so pinned envelopes follow", async () => {
		const trigger = await activeTrigger();
		const webhookId = trigger.webhookId!;
		const { envelopeId } = await service.createEnvelope(webhookId);

		n8n.publicUrl = `${n8n.baseUrl}/moved`;
		await trigger.activate('init');
		await emulator.sign(envelopeId);

		expect(emulator.webhooks()).toMatchObject([{ id: webhookId, webhookUrl: trigger.url() }]);
		expect(emulator.deliveries).toMatchObject([{ webhookUrl: trigger.url(), ok: true }]);
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
	});

	it('removes the webhook on deactivation when set to, and then has nothing to catch up', async () => {
		const trigger = await activeTrigger({ events: ['*'], options: { onDeactivation: 'delete' } });
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);

		await trigger.deactivate();
		expect(emulator.webhooks()).toHaveLength(0);
		await emulator.sign(envelopeId);
		expect(emulator.deliveries).toHaveLength(0);

		await trigger.activate();
		expect(trigger.executions).toHaveLength(0);
		expect(emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(0);
	});
});

describe('catch-up on activation', () => {
	it(`re-sends at most ${CATCH_UP_MAX_RECALLS} per activation and the rest on the next one`, async () => {
		const trigger = await activeTrigger();
		const envelopes = [];
		for (let i = 0; i < CATCH_UP_MAX_RECALLS + 5; i++)
			envelopes.push(await service.createEnvelope(trigger.webhookId));
		await trigger.deactivate();
		for (const { envelopeId } of envelopes) await emulator.sign(envelopeId);

		await trigger.activate();
		expect(trigger.executions).toHaveLength(CATCH_UP_MAX_RECALLS);
		expect(lastCatchUp(trigger)).toMatchObject({ deferred: 5 });

		await trigger.activate('update');
		expect(new Set(executedRequestIds(trigger))).toEqual(
			new Set(envelopes.map((e) => e.envelopeId)),
		);
		expect(trigger.executions).toHaveLength(envelopes.length);
		expect(lastCatchUp(trigger)).toMatchObject({ deferred: 0 });
	});

	it('leaves failures older than the window the trigger remembers events for (30 days less 14 h of clock offset) alone', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		await trigger.deactivate();
		await emulator.sign(envelopeId);
		const [entry] = emulator.state.account(emulator.demo.accountId)!.logs;
		entry.createdDate = new Date(Date.now() - MISSED_WINDOW_MS - 60_000).toISOString().slice(0, 23);

		await trigger.activate();

		expect(trigger.executions).toHaveLength(0);
		expect(emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(0);
	});

	it('does not recall a delivery the service is making at this moment (logged PENDING), but one that never finished', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		await trigger.deactivate();
		await emulator.sign(envelopeId);
		const [entry] = emulator.state.account(emulator.demo.accountId)!.logs;
		Object.assign(entry, { webhookStatus: 'PENDING (0)', httpStatusCode: 0 });

		await trigger.activate();
		expect(emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(0);
		expect(trigger.executions).toHaveLength(0);

		entry.createdDate = new Date(Date.now() - 11 * 60 * 1000).toISOString().slice(0, 23);
		await trigger.activate('update');
		expect(emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(1);
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
	});

	it('reports callbacks n8n refused as too large instead of re-sending them again and again', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		n8n.payloadSizeMax = 100;
		await emulator.sign(envelopeId);
		expect(emulator.deliveries).toMatchObject([{ ok: false, httpStatusCode: 500 }]);

		await trigger.activate('init');

		expect(emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(0);
		expect(lastCatchUp(trigger)).toMatchObject({
			recalled: [],
			tooLarge: [envelopeId.toLowerCase()],
		});
		expect(trigger.executions).toHaveLength(0);
	});

	it('answers 503 when an event cannot be made into an item, and re-sends it on the next catch-up', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		// A passing failure while the item is built (a full disk when the signed file is stored, say).
		const building = jest
			.spyOn(eventItemModule, 'eventItem')
			.mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
		try {
			await emulator.sign(envelopeId);
		} finally {
			building.mockRestore();
		}
		expect(emulator.deliveries).toMatchObject([
			{ requestId: envelopeId, ok: false, httpStatusCode: 503 },
		]);
		expect(trigger.executions).toHaveLength(0);

		await trigger.activate('update');

		expect(lastCatchUp(trigger)).toMatchObject({ recalled: [envelopeId], tooLarge: [] });
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
	});

	it('activates even when a recall is refused, and tries again on the next activation', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		await trigger.deactivate();
		await emulator.sign(envelopeId);
		emulator.failNext(
			1,
			200,
			{ data: null, errorCode: 100, message: 'Recall is unavailable' },
			'/api/v1/webhooks/recall',
		);

		await expect(trigger.activate()).resolves.toBeUndefined();
		expect(trigger.executions).toHaveLength(0);
		expect((lastCatchUp(trigger).failed as string[])[0]).toContain('Recall is unavailable');

		await trigger.activate('update');
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
	});

	it('activates even when the delivery logs cannot be read, and says so', async () => {
		const trigger = await activeTrigger();
		emulator.failNext(1, 500, undefined, '/api/v1/webhooks/logs');

		await expect(trigger.activate('init')).resolves.toBeUndefined();

		expect(lastCatchUp(trigger).error).toMatch(/Could not read the delivery logs/);
		expect(emulator.webhooks()).toHaveLength(1);
	});

	it('does nothing when "Re-Send Missed Events" is off', async () => {
		const trigger = await activeTrigger({ events: ['*'], options: { catchUp: false } });
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		await trigger.deactivate();
		await emulator.sign(envelopeId);

		await trigger.activate();

		expect(emulator.requestsTo('GET', '/api/v1/webhooks/logs')).toHaveLength(0);
		expect(trigger.executions).toHaveLength(0);
	});
});

describe('each event starts one execution', () => {
	it('the same event delivered five times (the service re-sending it) starts one execution, each answered 2xx', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		await emulator.sign(envelopeId);
		for (let i = 0; i < 4; i++) expect((await service.recall(envelopeId)).errorCode).toBe(0);

		expect(emulator.deliveries).toHaveLength(5);
		expect(emulator.deliveries.every((d) => d.ok)).toBe(true);
		expect(executedRequestIds(trigger)).toEqual([envelopeId]);
	});

	it('50 concurrent deliveries of one event start one execution', async () => {
		const trigger = await activeTrigger();
		const callback = JSON.stringify(service.sampleCallback());
		const headers = { 'content-type': 'application/json', authorization: trigger.headerToken() };

		const statuses = await Promise.all(
			Array.from({ length: 50 }, () => post(trigger.url(), callback, headers)),
		);

		expect(statuses.every((status) => status === 200)).toBe(true);
		expect(trigger.executions).toHaveLength(1);
	});

	it('tells events of one envelope apart by their status', async () => {
		const trigger = await activeTrigger();
		const headers = { 'content-type': 'application/json', authorization: trigger.headerToken() };
		const completed = service.sampleCallback();
		const rejected = { ...completed, Status: CALLBACK_REJECTED };

		for (const body of [completed, completed])
			await post(trigger.url(), JSON.stringify(body), headers);
		// The service confirms each event: the envelope is rejected there by the time its rejection arrives.
		emulator.envelope(completed.RequestId as string)!.status = 'Rejected';
		for (const body of [rejected, rejected])
			await post(trigger.url(), JSON.stringify(body), headers);

		expect(trigger.executions.map(([item]) => item.json.event)).toEqual(['completed', 'rejected']);
	});

	it('starts an execution for every delivery when "Start Once per Event" is off', async () => {
		const trigger = await activeTrigger({ events: ['*'], options: { onceOnly: false } });
		const headers = { 'content-type': 'application/json', authorization: trigger.headerToken() };
		const body = JSON.stringify(service.sampleCallback());

		for (let i = 0; i < 3; i++) await post(trigger.url(), body, headers);

		expect(trigger.executions).toHaveLength(3);
	});

	it('still starts nothing for forged callbacks', async () => {
		const trigger = await activeTrigger();
		const body = JSON.stringify(service.sampleCallback());

		const status = await post(trigger.url(), body, {
			'content-type': 'application/json',
			authorization: 'forged',
		});

		expect(status).toBe(401);
		expect(trigger.executions).toHaveLength(0);
		expect(trigger.stored().seenEvents).toBeUndefined();
	});

	it('shows a test event even when production received it already', async () => {
		const trigger = await activeTrigger();
		const callback = JSON.stringify(service.sampleCallback());
		await post(trigger.url(), callback, {
			'content-type': 'application/json',
			authorization: trigger.headerToken(),
		});
		await trigger.listenForTestEvent();

		const status = await post(trigger.url(true), callback, {
			'content-type': 'application/json',
			authorization: trigger.headerToken(true),
		});

		expect(status).toBe(200);
		expect(trigger.executions).toHaveLength(2);
	});

	it('remembers events in the static data, so a new n8n process does not emit them again', async () => {
		const trigger = await activeTrigger();
		const callback = service.sampleCallback();
		await post(trigger.url(), JSON.stringify(callback), {
			'content-type': 'application/json',
			authorization: trigger.headerToken(),
		});
		const saved = JSON.parse(JSON.stringify(trigger.stored())) as IDataObject;
		const key = eventKey(callback.RequestId as string, 'completed');

		// A new memory is a process that has seen nothing: only the saved static data knows the event.
		expect(claimEvent(newMemory(), saved, key)).toBe(false);
		expect(claimEvent(newMemory(), {}, key)).toBe(true);
	});
});

describe('the store of received events', () => {
	it('keeps every event of 30 days, however many others cause (no count to fill)', () => {
		const stored: IDataObject = {};
		const memory = newMemory();
		const start = Date.now();
		for (let i = 0; i < 2100; i++) {
			const key = eventKey(`request-${i}`, 'completed');
			expect(claimEvent(memory, stored, key, start + i)).toBe(true);
			confirmEvent(memory, stored, key, start + i);
		}

		const kept = Object.keys(stored.seenEvents as IDataObject);
		expect(kept).toHaveLength(2100);
		expect(kept).toContain(eventKey('request-0', 'completed'));
		expect(claimEvent(memory, stored, eventKey('request-0', 'completed'), start + 2100)).toBe(
			false,
		);
	});

	it('forgets events older than 30 days', () => {
		const stored: IDataObject = {};
		const memory = newMemory();
		const then = Date.now();
		const key = eventKey('old-request', 'completed');
		claimEvent(memory, stored, key, then);
		confirmEvent(memory, stored, key, then);

		expect(claimEvent(memory, stored, key, then + 1000)).toBe(false);
		expect(claimEvent(memory, stored, key, then + SEEN_EVENTS_MAX_AGE_MS + 1)).toBe(true);
	});

	it('lets a delivery in again when the one before could not be emitted', () => {
		const stored: IDataObject = {};
		const memory = newMemory();
		const key = eventKey('request-x', 'completed');
		expect(claimEvent(memory, stored, key)).toBe(true);
		expect(claimEvent(memory, stored, key)).toBe(false);

		releaseEvent(memory, key);

		expect(claimEvent(memory, stored, key)).toBe(true);
	});
});
