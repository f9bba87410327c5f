/**
 * Issue 28 point 4, the attack itself: the header token is readable by any API client of the account (the service's
 * webhook list returns it), so an attacker who has it posts "completed" with a PDF of their own. The trigger confirms
 * each callback with the service first (docs/security.md#callbacks): the forgery starts nothing and does not make the
 * genuine callback a duplicate. test/harness/trigger.ts plays n8n's webhook side; the emulator is the service.
 */
import { createHash } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from './emulator';
import { deliver } from './emulator/events';
import { ServiceClient, binaryBytes, post } from './harness/service-client';
import { triggerSuite } from './harness/trigger';

const suite = triggerSuite({ live: true });
let emulator: Emulator;
const service = new ServiceClient(() => emulator);

beforeAll(() => {
	({ emulator } = suite);
});

const json = { 'content-type': 'application/json' };

/** What the attacker learns with any API client of the account: every webhook's URL and header token. */
async function leakedWebhooks(): Promise<
	Array<{ id: string; webhookUrl: string; headerToken: string }>
> {
	const response = await fetch(`${emulator.url}/api/v1/webhooks`, {
		headers: { authorization: `Bearer ${await service.apiToken()}` },
	});
	return (
		(await response.json()) as {
			data: Array<{ id: string; webhookUrl: string; headerToken: string }>;
		}
	).data;
}

/** The callback the attacker posts: the genuine shape, status completed, and a PDF of their own. */
function forgedCompletion(requestId: string): IDataObject {
	const fake = Buffer.from('%PDF-1.4\n% a contract the signers never saw\n%%EOF\n');
	return {
		...service.sampleCallback(),
		RequestId: requestId,
		Files: [{ FileName: 'contract.pdf', File: fake.toString('base64') }],
	};
}

async function signedBytesOf(envelopeId: string): Promise<Buffer> {
	const envelope = emulator.envelope(envelopeId)!;
	return emulator.state.currentBytes(envelope, envelope.files[0]);
}

describe('a callback forged with a leaked header token', () => {
	it('before the envelope completes: answered 503 (the service holds it open), nothing started, and the genuine callback then starts the workflow once with the signed file', async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		const [leaked] = await leakedWebhooks();
		expect(leaked.webhookUrl).toBe(trigger.url());

		const forged = await post(leaked.webhookUrl, JSON.stringify(forgedCompletion(envelopeId)), {
			...json,
			authorization: leaked.headerToken,
		});

		expect(forged).toBe(503);
		expect(trigger.executions).toHaveLength(0);
		expect(trigger.stored().seenEvents ?? {}).toEqual({});

		await emulator.sign(envelopeId);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 200,
		});
		expect(trigger.executions).toHaveLength(1);
		const [item] = trigger.executions[0];
		expect(item.json.envelopeId).toBe(envelopeId);
		expect((await binaryBytes(item.binary!.file_0)).equals(await signedBytesOf(envelopeId))).toBe(
			true,
		);
	});

	it("after the envelope completed, with a fake file: refused where Get Status lists the envelope's documents (the live form; checked against their signed download), and the genuine one runs once", async () => {
		const trigger = await suite.activeTrigger();
		// Completed while its callback has not reached the trigger yet: the window an attacker races.
		const { envelopeId } = await service.createEnvelope(undefined);
		await emulator.sign(envelopeId);
		const [leaked] = await leakedWebhooks();
		emulator.setProfile('live');

		const forged = await post(leaked.webhookUrl, JSON.stringify(forgedCompletion(envelopeId)), {
			...json,
			authorization: leaked.headerToken,
		});

		expect(forged).toBe(409);
		expect(trigger.executions).toHaveLength(0);
		expect(
			emulator.requestsTo('GET', /^\/api\/v1\/documents\/[^/]+\/completed\/base64$/),
		).toHaveLength(1);
		expect(emulator.requestsTo('GET', /\/status$/)).toHaveLength(1);

		// The service's own delivery (its recall of the envelope's last callback) arrives next.
		const envelope = emulator.envelope(envelopeId)!;
		envelope.webhookId = trigger.webhookId!;
		expect(await deliver(emulator.state, envelope, envelope.lastCallback!, true)).toBe(true);
		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 200,
		});
		expect(trigger.executions).toHaveLength(1);
		const [item] = trigger.executions[0];
		expect((await binaryBytes(item.binary!.file_0)).equals(await signedBytesOf(envelopeId))).toBe(
			true,
		);
	});

	it('claiming "rejected" for a completed envelope, or naming an envelope of no account of ours: refused 409', async () => {
		const trigger = await suite.activeTrigger();
		const genuine = service.sampleCallback();
		const headers = { ...json, authorization: trigger.headerToken() };

		expect(await post(trigger.url(), JSON.stringify({ ...genuine, Status: 2 }), headers)).toBe(409);
		expect(
			await post(
				trigger.url(),
				JSON.stringify({ ...genuine, RequestId: '6f1d2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b' }),
				headers,
			),
		).toBe(409);
		expect(trigger.executions).toHaveLength(0);
		expect(await post(trigger.url(), JSON.stringify(genuine), headers)).toBe(200);
		expect(trigger.executions).toHaveLength(1);
	});

	it('a callback without Status is malformed: 400, nothing started, nothing asked of the service', async () => {
		const trigger = await suite.activeTrigger();
		const body = service.sampleCallback();
		delete body.Status;
		emulator.clearRequests();

		const status = await post(trigger.url(), JSON.stringify(body), {
			...json,
			authorization: trigger.headerToken(),
		});

		expect(status).toBe(400);
		expect(trigger.executions).toHaveLength(0);
		expect(emulator.requestsTo('GET', /\/status$/)).toHaveLength(0);
	});

	it('when the service cannot confirm it: 503 (the service re-sends), nothing started or remembered; the re-send starts it once', async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		emulator.failNext(1, 503, undefined, /\/status$/);

		await emulator.sign(envelopeId);

		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 503,
			ok: false,
		});
		expect(trigger.executions).toHaveLength(0);
		expect(trigger.stored().seenEvents ?? {}).toEqual({});
		expect((await service.recall(envelopeId)).errorCode).toBe(0);
		expect(trigger.executions).toHaveLength(1);
	});

	it('static data keeps only a digest of the header token; a token stored in clear by an earlier version is replaced on first use', async () => {
		const trigger = await suite.activeTrigger();
		const token = trigger.headerToken();
		expect(JSON.stringify(trigger.stored())).not.toContain(token);
		// As an earlier version saved it.
		delete trigger.stored().headerTokenDigest;
		trigger.stored().headerToken = token;

		const status = await post(trigger.url(), JSON.stringify(service.sampleCallback()), {
			...json,
			authorization: token,
		});

		expect(status).toBe(200);
		expect(trigger.stored().headerToken).toBeUndefined();
		expect(trigger.stored().headerTokenDigest).toBe(
			createHash('sha256').update(token).digest('hex'),
		);
	});
});
