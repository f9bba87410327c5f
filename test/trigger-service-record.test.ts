/**
 * Issue 35, the attacks on the trigger: a callback is a notice and the service is the record
 * (docs/security.md#callbacks). Each test performs one attack with the webhook's header token, which any API client
 * of the account can read, and asserts what the trigger answered, started and remembered. test/harness/trigger.ts
 * plays n8n's webhook side; the emulator is the service.
 */
import { randomBytes } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Emulator } from './emulator';
import { deliver } from './emulator/events';
import { ServiceClient, binaryBytes, post } from './harness/service-client';
import { type TriggerWorkflow, triggerSuite } from './harness/trigger';
import { SEEN_EVENTS_MAX_AGE_MS } from '../nodes/ESignature/events/memory';

const suite = triggerSuite({ live: true });
let emulator: Emulator;
const service = new ServiceClient(() => emulator);

beforeAll(() => {
	({ emulator } = suite);
});

afterEach(() => emulator.setStatusLag(0));

const fakePdf = () =>
	Buffer.from(
		`%PDF-1.4\n% a contract the signers never saw ${randomBytes(4).toString('hex')}\n%%EOF\n`,
	);

/** The attacker's post: the trigger's URL and header token, any body. */
async function forge(trigger: TriggerWorkflow, body: IDataObject): Promise<number> {
	return await post(trigger.url(), JSON.stringify(body), {
		'content-type': 'application/json',
		authorization: trigger.headerToken(),
	});
}

/** The service's own delivery of the envelope's last callback to the envelope's webhook. */
async function genuineDelivery(envelopeId: string): Promise<number> {
	const envelope = emulator.envelope(envelopeId)!;
	expect(await deliver(emulator.state, envelope, envelope.lastCallback!, true)).toBe(true);
	return emulator.deliveries.at(-1)!.httpStatusCode;
}

/** Completes an envelope pinned to the trigger while n8n cannot be reached: its callback is still to come. */
async function completedUndelivered(trigger: TriggerWorkflow): Promise<string> {
	const { envelopeId } = await service.createEnvelope(trigger.webhookId);
	suite.n8n.offline = true;
	try {
		await emulator.sign(envelopeId);
	} finally {
		suite.n8n.offline = false;
	}
	return envelopeId;
}

const signedBytesOf = (envelopeId: string) => {
	const envelope = emulator.envelope(envelopeId)!;
	return emulator.state.currentBytes(envelope, envelope.files[0]);
};

describe('1. a Status the service has not published carries no forged file', () => {
	it('for an envelope the service holds open: nothing starts, whatever the Status, and the answer asks for a re-send (503)', async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		const forged = (status: number) => ({
			RequestId: envelopeId,
			Status: status,
			Files: [{ FileName: 'contract.pdf', File: fakePdf().toString('base64') }],
		});

		const answers = await Promise.all(
			[3, 4, 7, 1, 2].map((status) => forge(trigger, forged(status))),
		);

		expect(answers).toEqual([503, 503, 503, 503, 503]);
		expect(trigger.executions).toHaveLength(0);
		expect(trigger.stored().seenEvents ?? {}).toEqual({});
		// The burst asked Get Status once per round of re-checks, not once per callback and round.
		expect(emulator.requestsTo('GET', /\/status$/).length).toBeLessThanOrEqual(4);
	});

	it('for a completed envelope: a code other than 1 is refused (409); the genuine completion then starts once', async () => {
		const trigger = await suite.activeTrigger();
		const envelopeId = await completedUndelivered(trigger);

		expect(await forge(trigger, { RequestId: envelopeId, Status: 3 })).toBe(409);
		expect(trigger.executions).toHaveLength(0);

		expect(await genuineDelivery(envelopeId)).toBe(200);
		expect(trigger.executions).toHaveLength(1);
	});
});

describe('2. a completion without the files, or with forged data, never stands for the genuine one', () => {
	it('a file-less completion with forged signers: refused 409, not remembered; the genuine one then starts once with the signed file', async () => {
		const trigger = await suite.activeTrigger();
		const envelopeId = await completedUndelivered(trigger);

		const status = await forge(trigger, {
			RequestId: envelopeId,
			Status: 1,
			Signatory: [{ FullName: 'Mallory', Email: 'mallory@example.com', Status: 'SIGNED' }],
		});

		expect(status).toBe(409);
		expect(trigger.executions).toHaveLength(0);
		expect(trigger.stored().seenEvents ?? {}).toEqual({});
		expect(await genuineDelivery(envelopeId)).toBe(200);
		expect(trigger.executions).toHaveLength(1);
		const [item] = trigger.executions[0];
		expect((await binaryBytes(item.binary!.file_0)).equals(signedBytesOf(envelopeId))).toBe(true);
	});

	it('with the genuine file, forged Fields, reference number and signers are never output as fact', async () => {
		const trigger = await suite.activeTrigger();
		const envelopeId = await completedUndelivered(trigger);
		const genuine = emulator.envelope(envelopeId)!.lastCallback!;

		const status = await forge(trigger, {
			...genuine,
			Fields: [{ Name: 'IBAN', Value: 'XX00 ATTACKER' }],
			ReferencNumber: 'PAY-ATTACKER',
			Signatory: [{ FullName: 'Mallory', Email: 'mallory@example.com', Status: 'SIGNED' }],
		});

		expect(status).toBe(200);
		const [[item]] = trigger.executions;
		// What happened, and who signed, is the service's.
		expect(item.json).toMatchObject({ event: 'completed', envelopeId, status: 'Completed' });
		const signers = (item.json.signers as IDataObject[]).map((signer) => signer.email);
		expect(signers).toEqual(expect.arrayContaining(['sara@example.com', 'omar@example.com']));
		expect(signers).not.toContain('mallory@example.com');
		// The rest only under callbackClaims.
		for (const key of ['fields', 'referenceNumber', 'signatories'])
			expect(item.json).not.toHaveProperty(key);
		expect(item.json.callbackClaims).toMatchObject({
			referenceNumber: 'PAY-ATTACKER',
			fields: [{ name: 'IBAN', value: 'XX00 ATTACKER' }],
		});
	});

	it("a forged rejection with its own PDF and reason: the trigger outputs the service's rejection, no file, the reason only as claimed", async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		suite.n8n.offline = true;
		await emulator.reject(envelopeId, 'omar@example.com', 'Wrong amount');
		suite.n8n.offline = false;

		const status = await forge(trigger, {
			RequestId: envelopeId,
			Status: 2,
			Files: [{ FileName: 'reason.pdf', File: fakePdf().toString('base64') }],
			Signatory: [{ Email: 'omar@example.com', RejectReason: 'Send the money to XX00 ATTACKER' }],
		});

		expect(status).toBe(200);
		const [[item]] = trigger.executions;
		expect(item.json).toMatchObject({ event: 'rejected', status: 'Rejected', files: [] });
		expect(item.binary).toBeUndefined();
		expect(JSON.stringify(item.json.signers)).not.toContain('ATTACKER');
	});
});

describe("3. another workflow's envelopes, or old ones, do not replay into a trigger", () => {
	it("an envelope the service delivers to another trigger's webhook: refused 409 by this one", async () => {
		const mine = await suite.activeTrigger();
		const theirs = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(theirs.webhookId);
		await emulator.sign(envelopeId);
		expect(theirs.executions).toHaveLength(1);
		const genuine = emulator.envelope(envelopeId)!.lastCallback!;

		expect(await forge(mine, genuine as unknown as IDataObject)).toBe(409);
		expect(mine.executions).toHaveLength(0);
		expect(mine.stored().seenEvents ?? {}).toEqual({});
	});

	it('a completion older than the trigger remembers events is acknowledged and starts nothing', async () => {
		const trigger = await suite.activeTrigger();
		const envelopeId = await completedUndelivered(trigger);
		const longAgo = new Date(Date.now() - SEEN_EVENTS_MAX_AGE_MS - 24 * 60 * 60 * 1000);
		const envelope = emulator.envelope(envelopeId)!;
		envelope.createdAt = longAgo;
		for (const signer of envelope.signers) signer.signedAt = longAgo;

		expect(await genuineDelivery(envelopeId)).toBe(200);

		expect(trigger.executions).toHaveLength(0);
	});
});

describe('4. a flood cannot evict exactly-once', () => {
	it('forged events enter no memory: after 200 of them the genuine completion is still known, and its re-delivery starts nothing', async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		await emulator.sign(envelopeId);
		expect(trigger.executions).toHaveLength(1);
		emulator.setProfile('spec');

		for (let i = 0; i < 200; i++) {
			const status = await forge(trigger, {
				RequestId: `6f1d2a3b-4c5d-4e6f-8a9b-${String(i).padStart(12, '0')}`,
				Status: 1,
			});
			expect(status).toBe(409);
		}

		expect(Object.keys(trigger.stored().seenEvents as IDataObject)).toEqual([
			`${envelopeId.toLowerCase()}:completed`,
		]);
		expect(await genuineDelivery(envelopeId)).toBe(200);
		expect(trigger.executions).toHaveLength(1);
	});
});

describe('5. forged callbacks cannot make the trigger read documents again and again', () => {
	it('four forged completions of an envelope of three documents: each document downloaded once, all refused', async () => {
		const trigger = await suite.activeTrigger({ events: ['*'], options: { onceOnly: false } });
		const account = emulator.state.account(emulator.demo.accountId)!;
		const envelope = emulator.state.createEnvelope(account, {
			files: ['a.pdf', 'b.pdf', 'c.pdf'].map((fileName) => ({
				fileName,
				data: emulator.samplePdf,
			})),
			webhookId: trigger.webhookId,
		});
		envelope.status = 'Completed';
		emulator.clearRequests();

		const forged = {
			RequestId: envelope.envelopeId,
			Status: 1,
			Files: [{ FileName: 'a.pdf', File: fakePdf().toString('base64') }],
		};
		const answers = [];
		for (let i = 0; i < 4; i++) answers.push(await forge(trigger, forged));

		expect(answers).toEqual([409, 409, 409, 409]);
		expect(emulator.requestsTo('GET', /\/completed\/base64$/)).toHaveLength(3);
		expect(trigger.executions).toHaveLength(0);
	});
	it('a forged completion with a small file does not make the trigger read a large signed document whole, nor spoil the genuine one', async () => {
		const trigger = await suite.activeTrigger();
		const account = emulator.state.account(emulator.demo.accountId)!;
		const large = (size: number) =>
			Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size), Buffer.from('\n%%EOF\n')]);
		const huge = emulator.state.createEnvelope(account, {
			files: [{ fileName: 'archive.pdf', data: large(24 * 1024 * 1024) }],
			webhookId: trigger.webhookId,
		});
		huge.status = 'Completed';
		emulator.clearRequests();
		const small = { FileName: 'a.pdf', File: fakePdf().toString('base64') };

		expect(await forge(trigger, { RequestId: huge.envelopeId, Status: 1, Files: [small] })).toBe(
			409,
		);
		const [download] = emulator.requestsTo('GET', /\/completed\/base64$/);
		// Counted when the emulator's writing ends, which is when the trigger closed the connection.
		for (
			const until = Date.now() + 5000;
			download.answeredBytes === undefined && Date.now() < until;
		)
			await sleep(20);
		// 32 MB of base64: the trigger stopped reading past what a 100-byte file could match.
		expect(download.answeredBytes).toBeLessThan(8 * 1024 * 1024);

		// The cut download is not remembered as the document's: the genuine completion still runs.
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		const envelope = emulator.envelope(envelopeId)!;
		envelope.files[0].data = large(512 * 1024);
		suite.n8n.offline = true;
		try {
			await emulator.sign(envelopeId);
		} finally {
			suite.n8n.offline = false;
		}
		expect(await forge(trigger, { RequestId: envelopeId, Status: 1, Files: [small] })).toBe(409);
		expect(await genuineDelivery(envelopeId)).toBe(200);
		expect(trigger.executions).toHaveLength(1);
	});
	it('a genuine completion is confirmed with three reads of the service and one read of the credential', async () => {
		const trigger = await suite.activeTrigger();
		const envelopeId = await completedUndelivered(trigger);
		emulator.clearRequests();
		const { credentialsHelper } = suite.n8n;
		const before = credentialsHelper.decryptions;

		expect(await genuineDelivery(envelopeId)).toBe(200);

		expect(trigger.executions).toHaveLength(1);
		const reads = emulator.requests.map(({ method, path }) => `${method} ${path.split('?')[0]}`);
		expect(reads).toEqual(
			expect.arrayContaining([
				`GET /api/v1/envelopes/${envelopeId}/status`,
				'GET /api/v1/webhooks/logs',
				expect.stringMatching(/^GET \/api\/v1\/documents\/[^/]+\/completed\/base64$/),
			]),
		);
		expect(reads).toHaveLength(3);
		// n8n reads and decrypts a credential anew for each getCredentials (about 12 ms in n8n 2.41): once per callback.
		expect(credentialsHelper.decryptions - before).toBe(1);
	});
});

describe('nothing lost to a slow service', () => {
	it('a completion whose status lags its callback by two seconds: 503 at once, then exactly one execution from the fetch', async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		emulator.setStatusLag(2000);

		await emulator.sign(envelopeId);

		expect(emulator.deliveries.at(-1)).toMatchObject({
			requestId: envelopeId,
			httpStatusCode: 503,
		});
		expect(trigger.executions).toHaveLength(0);
		await sleep(2100);
		// The trigger's next round (trigger/rounds.ts), a minute on.
		expect((await trigger.fetchRound(Date.now() + 61_000)).emitted).toEqual([envelopeId]);
		expect((await trigger.fetchRound(Date.now() + 122_000)).emitted).toEqual([]);
		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].json).toMatchObject({
			event: 'completed',
			status: 'Completed',
		});
	});
});

describe("the spec's Get Status, which names no documents: no unconfirmed file by default", () => {
	beforeEach(() => emulator.setProfile('spec'));

	it('emits a completion without its files, saying why and how to download them', async () => {
		const trigger = await suite.activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);

		await emulator.sign(envelopeId);

		const [[item]] = trigger.executions;
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId,
			status: 'Completed',
			files: [],
			filesConfirmed: false,
			callbackClaims: { files: [{ fileName: 'contract.pdf' }] },
		});
		expect(item.json.filesNote).toMatch(/Document → Download Signed/);
		expect(item.binary).toBeUndefined();
		// No download was made: nothing named a document to compare with.
		expect(emulator.requestsTo('GET', /\/completed\/base64$/)).toHaveLength(0);
	});

	it('with Accept Callback Files as Sent, outputs the files as the callback sent them, said to be unconfirmed', async () => {
		const trigger = await suite.activeTrigger({
			events: ['*'],
			options: { acceptCallbackFiles: true },
		});
		const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3 * 1024 * 1024 + 5)]);
		const zip = Buffer.from('504b030414000000080000000000', 'hex');
		const body = service.sampleCallback({
			Files: [
				{ FileName: 'large.pdf', File: pdf.toString('base64') },
				{ FileName: 'bundle.pdf', File: zip.toString('base64') },
			],
		});

		const status = await post(trigger.url(), JSON.stringify(body), {
			'content-type': 'application/json',
			authorization: trigger.headerToken(),
		});

		expect(status).toBe(200);
		const [[item]] = trigger.executions;
		expect(item.json).toMatchObject({ filesConfirmed: false });
		expect(item.json).not.toHaveProperty('filesNote');
		expect(item.json.files).toEqual([
			expect.objectContaining({ fileName: 'large.pdf', fileSize: pdf.length }),
			expect.objectContaining({ fileName: 'bundle.zip', mimeType: 'application/zip' }),
		]);
		expect((await binaryBytes(item.binary!.file_0)).equals(pdf)).toBe(true);
		expect(item.binary!.file_1).toMatchObject({
			fileName: 'bundle.zip',
			mimeType: 'application/zip',
		});
		expect((await binaryBytes(item.binary!.file_1)).equals(zip)).toBe(true);
	});
});
