/**
 * The E-Signature Trigger against the emulator, with test/harness/trigger.ts playing n8n's webhook side
 * (n8n-core's real HookContext and WebhookContext, a small HTTP server that answers as n8n does).
 */
import { createHash } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Emulator } from './emulator';
import { ServiceClient, binaryBytes, post } from './harness/service-client';
import { type Answer, type FakeN8n, TriggerWorkflow, triggerSuite } from './harness/trigger';

// An emulator and a FakeN8n for the file, reset before each test.
const suite = triggerSuite();
let emulator: Emulator;
let n8n: FakeN8n;

beforeAll(() => {
	({ emulator, n8n } = suite);
});

// --- helpers for the scenarios -----------------------------------------------------------------------------------------

const service = new ServiceClient(() => emulator);
const apiToken = service.apiToken.bind(service);
const createEnvelope = service.createEnvelope.bind(service);
const webhookLogs = service.webhookLogs.bind(service);
const recall = service.recall.bind(service);
const sampleCallback = service.sampleCallback.bind(service);

const anyEvent: INodeParameters = { events: ['*'], options: {} };
/** A trigger set to remove its webhook at the service when the workflow is deactivated. */
const deletingOnDeactivation: INodeParameters = {
	events: ['*'],
	options: { onDeactivation: 'delete' },
};

const activeTrigger = async (parameters: INodeParameters = anyEvent) =>
	await suite.activeTrigger(parameters);

/** The token the service holds for the trigger's webhook: static data keeps only its digest. */
function tokenOf(trigger: TriggerWorkflow): string {
	return trigger.headerToken();
}

// --- lifecycle ----------------------------------------------------------------------------------------------------------

describe('webhook lifecycle', () => {
	it('registers the webhook URL with a fresh random token and keeps id and token in static data', async () => {
		const trigger = await activeTrigger();

		const registered = emulator.webhooks();
		expect(registered).toHaveLength(1);
		const [webhook] = registered;
		expect(webhook.webhookUrl).toBe(`${n8n.baseUrl}/webhook/${trigger.node.webhookId}/webhook`);
		expect(webhook.isDefault).toBe(false);
		expect(webhook.headerToken).toMatch(/^[0-9a-f]{64}$/);

		const [create] = emulator.requestsTo('POST', '/api/v1/webhooks');
		expect(create.headers.authorization).toMatch(/^Bearer /);
		expect(create.body).toEqual({
			webhookUrl: webhook.webhookUrl,
			headerToken: webhook.headerToken,
			isDefault: false,
		});
		// Static data travels with exports and copies of the workflow: it keeps the token's digest, never the token.
		expect(trigger.stored()).toEqual({
			webhookId: webhook.id,
			headerTokenDigest: createHash('sha256').update(webhook.headerToken).digest('hex'),
			webhookUrl: webhook.webhookUrl,
			isDefault: false,
		});
		expect(JSON.stringify(trigger.stored())).not.toContain(webhook.headerToken);

		// Another workflow gets another token.
		const other = await activeTrigger();
		expect(tokenOf(other)).not.toBe(tokenOf(trigger));
	});

	it('keeps exactly one webhook over repeated activations (start-up, re-activation, update)', async () => {
		const trigger = await activeTrigger();
		const firstId = trigger.webhookId;
		await trigger.activate('init');
		await trigger.activate('update');
		await trigger.activate('activate');

		expect(trigger.registered()).toHaveLength(1);
		expect(emulator.webhooks()).toHaveLength(1);
		expect(trigger.webhookId).toBe(firstId);
		expect(emulator.requestsTo('POST', '/api/v1/webhooks')).toHaveLength(1);
	});

	it('registers as the account default webhook when asked, and updates that setting in place', async () => {
		const trigger = await activeTrigger({ events: ['*'], options: { isDefault: true } });
		expect(emulator.webhooks()[0].isDefault).toBe(true);
		const id = trigger.webhookId;

		trigger.setParameters({ events: ['*'], options: { isDefault: false } });
		await trigger.activate('update');

		expect(emulator.webhooks()).toHaveLength(1);
		expect(emulator.webhooks()[0]).toMatchObject({ id, isDefault: false });
		expect(emulator.requestsTo('PUT', '/api/v1/webhooks')[0].body).toEqual({
			id,
			webhookUrl: trigger.url(),
			isDefault: false,
		});
	});

	it("moves the webhook when n8n's URL changes, leaving exactly one", async () => {
		const trigger = await activeTrigger();
		const oldUrl = trigger.url();

		const id = trigger.webhookId;
		n8n.publicUrl = `${n8n.baseUrl}/new-base`;
		await trigger.activate('init');

		expect(emulator.webhooks()).toHaveLength(1);
		// Moved in place: envelopes pinned to its ID keep reaching the trigger.
		expect(emulator.webhooks()[0].id).toBe(id);
		expect(trigger.webhookId).toBe(id);
		expect(emulator.webhooks()[0].webhookUrl).toBe(trigger.url());
		expect(emulator.webhooks()[0].webhookUrl).not.toBe(oldUrl);
		expect(trigger.stored().webhookUrl).toBe(trigger.url());
	});

	it('switches between test and production URLs without leaving a webhook behind', async () => {
		const trigger = await activeTrigger(deletingOnDeactivation);
		const productionId = trigger.webhookId;

		// Listening for a test event registers the test URL and leaves the active production webhook alone.
		await trigger.listenForTestEvent();
		expect(trigger.registered(true)).toHaveLength(1);
		expect(trigger.registered(false)).toHaveLength(1);
		expect(trigger.registered(false)[0].id).toBe(productionId);
		expect(trigger.stored(true).webhookId).not.toBe(productionId);

		// Listening again re-uses the test webhook.
		await trigger.listenForTestEvent();
		await trigger.stopListening();
		expect(trigger.registered(true)).toHaveLength(0);

		await trigger.activate('init');
		expect(emulator.webhooks()).toHaveLength(1);
		expect(emulator.webhooks()[0].id).toBe(productionId);

		await trigger.deactivate();
		expect(emulator.webhooks()).toHaveLength(0);
	});

	it('drops a test webhook that ended up in the saved static data when production activates', async () => {
		const trigger = new TriggerWorkflow(n8n, anyEvent);
		await trigger.listenForTestEvent();
		// As if n8n had saved the test registration's static data (and never called delete for it).
		trigger.staticData = JSON.parse(JSON.stringify(trigger.testStaticData)) as IDataObject;

		await trigger.activate();

		expect(emulator.webhooks()).toHaveLength(1);
		expect(emulator.webhooks()[0].webhookUrl).toBe(trigger.url());
		expect(trigger.stored().webhookUrl).toBe(trigger.url());
	});

	it('re-registers cleanly when the stored data has no token', async () => {
		const trigger = await activeTrigger();
		const oldId = trigger.webhookId;
		delete trigger.stored().headerTokenDigest;

		await trigger.activate('init');

		expect(emulator.webhooks()).toHaveLength(1);
		expect(trigger.webhookId).not.toBe(oldId);
		expect(tokenOf(trigger)).toMatch(/^[0-9a-f]{64}$/);
		expect(emulator.webhooks()[0]).toMatchObject({
			id: trigger.webhookId,
			headerToken: tokenOf(trigger),
		});
	});

	it('replaces a registration of its own URL whose static data was lost', async () => {
		const trigger = await activeTrigger();
		const oldId = trigger.webhookId;
		trigger.staticData = {};

		await trigger.activate('init');

		expect(emulator.webhooks()).toHaveLength(1);
		expect(emulator.webhooks()[0].id).not.toBe(oldId);
		expect(emulator.webhooks()[0].id).toBe(trigger.webhookId);
	});

	it('re-creates the webhook after it was deleted at the service', async () => {
		const trigger = await activeTrigger();
		const oldId = trigger.webhookId!;
		const deleted = await fetch(`${emulator.url}/api/v1/webhooks/${oldId}`, {
			method: 'DELETE',
			headers: { authorization: `Bearer ${await apiToken()}` },
		});
		expect(deleted.status).toBe(200);
		expect(emulator.webhooks()).toHaveLength(0);

		await trigger.activate('init');

		expect(emulator.webhooks()).toHaveLength(1);
		expect(trigger.webhookId).not.toBe(oldId);
		expect(emulator.webhooks()[0]).toMatchObject({
			id: trigger.webhookId,
			webhookUrl: trigger.url(),
			headerToken: tokenOf(trigger),
		});
	});

	it('deletes the webhook on deactivation and clears the static data when set to', async () => {
		const trigger = await activeTrigger(deletingOnDeactivation);
		const id = trigger.webhookId!;
		await activeTrigger(); // another workflow's webhook must stay

		await trigger.deactivate();

		expect(emulator.requestsTo('DELETE', `/api/v1/webhooks/${id}`)).toHaveLength(1);
		expect(emulator.webhooks().map((w) => w.id)).not.toContain(id);
		expect(emulator.webhooks()).toHaveLength(1);
		expect(trigger.stored()).toEqual({});
	});

	it('treats a webhook already gone at the service as deleted', async () => {
		const trigger = await activeTrigger(deletingOnDeactivation);
		emulator.webhooks().splice(0);

		await expect(trigger.deactivate()).resolves.toBeUndefined();
		expect(emulator.requestsTo('DELETE', /^\/api\/v1\/webhooks\//)[0]).toBeDefined();
		expect(trigger.stored()).toEqual({});
	});

	it('reports a service error with its meaning, also when it comes with HTTP 200', async () => {
		const trigger = new TriggerWorkflow(n8n, anyEvent);
		emulator.failNext(2, 200, { data: null, errorCode: 134, message: 'InvalidWebhookUrl' });

		const error = await trigger.activate().then(
			() => undefined,
			(e: unknown) => e,
		);

		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe('The webhook URL is not valid (error 134)');
		expect((error as NodeApiError).description).toContain('InvalidWebhookUrl');
		expect(emulator.webhooks()).toHaveLength(0);
		expect(trigger.stored()).toEqual({});
	});

	it('renews an expired access token (401) and goes on', async () => {
		const trigger = await activeTrigger(deletingOnDeactivation);
		emulator.expireAllTokens();
		const renewalsBefore = n8n.credentialsHelper.preAuthenticationCalls.expired;

		await trigger.deactivate();

		expect(n8n.credentialsHelper.preAuthenticationCalls.expired).toBe(renewalsBefore + 1);
		expect(emulator.webhooks()).toHaveLength(0);
	});

	it('renews a token refused with HTTP 200 and errorCode 3, and goes on', async () => {
		const trigger = await activeTrigger(deletingOnDeactivation);
		emulator.refuseTokensAs({ httpStatus: 200, errorCode: 3 });
		emulator.expireAllTokens();
		const tokensBefore = emulator.tokenRequests;

		await trigger.deactivate();

		expect(emulator.tokenRequests).toBe(tokensBefore + 1);
		expect(emulator.webhooks()).toHaveLength(0);
		emulator.refuseTokensAs({ httpStatus: 401, errorCode: 401 });
	});
});

// --- callbacks ----------------------------------------------------------------------------------------------------------

describe('callbacks from the service', () => {
	// The live service's Get Status names the envelope's documents, so the trigger can compare a callback's files.
	beforeEach(() => emulator.setProfile('live'));
	afterEach(() => emulator.setProfile('spec'));

	it('turns a completed envelope into one item: what the service says, the confirmed signed file as binary, and what only the callback says under callbackClaims', async () => {
		const trigger = await activeTrigger();
		const { envelopeId, referenceNumber } = await createEnvelope(trigger.webhookId);

		await emulator.sign(envelopeId);

		const [delivery] = emulator.deliveries;
		expect(delivery).toMatchObject({
			requestId: envelopeId,
			webhookUrl: trigger.url(),
			httpStatusCode: 200,
			ok: true,
		});
		expect(delivery.headers.authorization).toBe(tokenOf(trigger));
		const logs = await webhookLogs();
		expect(logs).toEqual([
			expect.objectContaining({
				requestId: envelopeId,
				webhookStatus: 'SUCCESS (1)',
				httpStatusCode: 200,
			}),
		]);

		expect(trigger.executions).toHaveLength(1);
		const [items] = trigger.executions;
		expect(items).toHaveLength(1);
		const [item] = items;
		const documentId = emulator.envelope(envelopeId)!.files[0].fileId;
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId,
			status: 'Completed',
			webhookId: trigger.webhookId,
			filesConfirmed: true,
			files: [
				{
					documentId,
					fileName: 'contract.pdf',
					mimeType: 'application/pdf',
					binaryProperty: 'file_0',
				},
			],
		});
		expect(item.json).not.toHaveProperty('requestId');
		// The signers as Get Status names them, without their signing links.
		expect(item.json.signers).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ name: 'Sara Ali', email: 'sara@example.com', status: 'Signed' }),
				expect.objectContaining({
					name: 'Omar Saleh',
					email: 'omar@example.com',
					status: 'Signed',
				}),
			]),
		);
		expect(JSON.stringify(item.json)).not.toContain('signingUrl');
		// The account itself, which the live service lists as a signer (sign order 0, signed), is marked, only it.
		const signers = item.json.signers as IDataObject[];
		expect(signers.filter((signer) => signer.isAccount)).toEqual([
			expect.objectContaining({ signOrder: 0, status: 'Signed', isAccount: true }),
		]);
		expect(signers.filter((signer) => !signer.isAccount).map((signer) => signer.email)).toEqual([
			'sara@example.com',
			'omar@example.com',
		]);
		// A document is named documentId, as in files and every other output.
		expect(item.json.documents).toEqual([{ documentId, isSigned: true }]);
		// What the service cannot confirm is named as the callback's claim, in camelCase, misspellings corrected, and
		// in the item's words: its Status as the item's status, its signers' as the item's signers'.
		const sentSignatory = (delivery.body as { Signatory: IDataObject[] }).Signatory[0];
		expect(item.json.callbackClaims).toMatchObject({
			status: 'Completed',
			referenceNumber,
			fields: [],
			files: [{ fileName: 'contract.pdf' }],
		});
		expect((item.json.callbackClaims as IDataObject).signers).toEqual([
			{
				id: sentSignatory.Id,
				status: 'Signed',
				fullName: 'Sara Ali',
				signOrder: 1,
				email: 'sara@example.com',
				// The action node's word for it (the service writes WITHOUTVALIDATION).
				authenticationType: 'None',
				// No Arabic name, phone, gender or nationality was given: the callback sent null, left out.
			},
			expect.objectContaining({ fullName: 'Omar Saleh', signOrder: 2 }),
		]);
		for (const key of ['referenceNumber', 'fields', 'signatories', 'statusName'])
			expect(item.json).not.toHaveProperty(key);
		const keys = JSON.stringify(item.json)
			.match(/"[A-Za-z]+":/g)!
			.map((key) => key.slice(1, -2));
		expect(keys.filter((key) => /^[A-Z]/.test(key))).toEqual([]);
		expect(JSON.stringify(item.json)).not.toContain('null');
		expect(JSON.stringify(item.json)).not.toContain(
			emulator.samplePdf.toString('base64').slice(0, 200),
		);

		const file = item.binary!.file_0;
		expect(file).toMatchObject({ fileName: 'contract.pdf', mimeType: 'application/pdf' });
		const bytes = await binaryBytes(file);
		// The signed document the service holds, not the original upload.
		expect(bytes.equals(emulator.samplePdf)).toBe(false);
		expect(bytes.equals(emulator.signedPdf(emulator.samplePdf, ['Sara Ali', 'Omar Saleh']))).toBe(
			true,
		);
	});

	it('emits a rejected envelope as the service holds it, the reason only as the callback claims it', async () => {
		const trigger = await activeTrigger({ events: ['rejected'], options: {} });
		const { envelopeId } = await createEnvelope(trigger.webhookId);

		await emulator.reject(envelopeId, 'omar@example.com', 'Wrong amount');

		expect(emulator.deliveries[0]).toMatchObject({ httpStatusCode: 200, ok: true });
		const [[item]] = trigger.executions;
		expect(item.json).toMatchObject({
			event: 'rejected',
			envelopeId,
			status: 'Rejected',
			files: [],
		});
		expect(item.binary).toBeUndefined();
		expect(item.json.signers).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ email: 'omar@example.com', status: 'Rejected' }),
			]),
		);
		expect((item.json.callbackClaims as IDataObject).signers).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					email: 'omar@example.com',
					status: 'Rejected',
					rejectReason: 'Wrong amount',
				}),
			]),
		);
		expect((item.json.callbackClaims as IDataObject).status).toBe('Rejected');
	});

	it('also serves the test URL while listening for a test event', async () => {
		const trigger = new TriggerWorkflow(n8n, anyEvent);
		await trigger.listenForTestEvent();
		const { envelopeId } = await createEnvelope(trigger.stored(true).webhookId as string);

		await emulator.sign(envelopeId);

		expect(emulator.deliveries[0]).toMatchObject({ webhookUrl: trigger.url(true), ok: true });
		expect(trigger.executions[0][0].json).toMatchObject({
			envelopeId,
			webhookId: trigger.stored(true).webhookId,
		});
		await trigger.stopListening();
	});

	it('answers an event it does not emit with 200 and starts nothing', async () => {
		const trigger = await activeTrigger({ events: ['completed'], options: {} });
		const { envelopeId } = await createEnvelope(trigger.webhookId);

		await emulator.reject(envelopeId);

		expect(emulator.deliveries[0]).toMatchObject({ httpStatusCode: 200, ok: true });
		expect(trigger.executions).toHaveLength(0);

		// The completed event of another envelope still comes through.
		const second = await createEnvelope(trigger.webhookId);
		await emulator.sign(second.envelopeId);
		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].json.event).toBe('completed');
	});

	it('emits a Status code it does not know only for "Any Event", for an envelope the service holds as ended and logged to it', async () => {
		emulator.setProfile('spec');
		const callback = sampleCallback({ Status: 9 });
		const body = JSON.stringify(callback);
		// The service delivered this envelope's events to anyTrigger once: the log attributes it (docs/security.md).
		const anyTrigger = new TriggerWorkflow(n8n, anyEvent);
		emulator.state.account(emulator.demo.accountId)!.logs.push({
			requestId: callback.RequestId as string,
			createdDate: new Date().toISOString().slice(0, 23),
			webhookStatus: 'SUCCESS (1)',
			httpStatusCode: 200,
			webhookUrl: anyTrigger.url(),
			reasons: '',
		});
		await anyTrigger.activate();
		const picky = await activeTrigger({ events: ['completed', 'rejected'], options: {} });
		const other = await activeTrigger();
		const headers = (trigger: TriggerWorkflow) => ({
			'content-type': 'application/json',
			authorization: tokenOf(trigger),
		});

		expect(await post(anyTrigger.url(), body, headers(anyTrigger))).toBe(200);
		// Not its envelope by the log: nothing starts, whatever it is set to.
		expect(await post(picky.url(), body, headers(picky))).toBe(409);
		expect(await post(other.url(), body, headers(other))).toBe(409);

		expect(anyTrigger.executions[0][0].json).toMatchObject({
			event: 'cancelled',
			status: 'Cancelled',
			files: [],
			callbackClaims: { status: 9 },
		});
		expect(picky.executions).toHaveLength(0);
		expect(other.executions).toHaveLength(0);
	});

	it('keeps the Base64 in the JSON when asked', async () => {
		const trigger = await activeTrigger({ events: ['*'], options: { keepBase64: true } });
		const { envelopeId } = await createEnvelope(trigger.webhookId);

		await emulator.sign(envelopeId);

		const [[item]] = trigger.executions;
		const sent = (emulator.deliveries[0].body as { Files: Array<{ File: string }> }).Files[0].File;
		expect((item.json.files as IDataObject[])[0]).toEqual({
			documentId: emulator.envelope(envelopeId)!.files[0].fileId,
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
			fileSize: Buffer.from(sent, 'base64').length,
			binaryProperty: 'file_0',
			file: sent,
		});
		expect(item.binary?.file_0).toBeDefined();
	});

	it('leaves the files out of binary when "Put Files in Binary" is off, with their Base64 in the JSON', async () => {
		const trigger = await activeTrigger({ events: ['*'], options: { downloadFiles: false } });
		const { envelopeId } = await createEnvelope(trigger.webhookId);

		await emulator.sign(envelopeId);

		const [[item]] = trigger.executions;
		expect(item.binary).toBeUndefined();
		const [file] = item.json.files as Array<{ fileName: string; file: string }>;
		expect(file.fileName).toBe('contract.pdf');
		expect(file).not.toHaveProperty('binaryProperty');
		expect(Buffer.from(file.file, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
	});

	it("outputs the service's status answer as it came, and the callback as sent under callbackClaims, when Simplify is off", async () => {
		const trigger = await activeTrigger({ events: ['*'], simplify: false, options: {} });
		const { envelopeId } = await createEnvelope(trigger.webhookId);

		await emulator.sign(envelopeId);

		const [[item]] = trigger.executions;
		const { Files: sentFiles, ...sent } = emulator.deliveries[0].body as IDataObject & {
			Files: IDataObject[];
		};
		delete sent.RequestId;
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId,
			status: 'Completed',
			webhookId: trigger.webhookId,
			// Everything else the callback said, as received (misspellings and nulls included), without its Base64.
			callbackClaims: { ...sent, Files: [{ FileName: 'contract.pdf' }] },
		});
		expect((item.json.callbackClaims as IDataObject).ReferencNumber).toBeDefined();
		expect((item.json.callbackClaims as IDataObject).Status).toBe(1);
		expect(JSON.stringify(item.json)).not.toContain('signingUrl');
		// The service's own names: documents by id, signatories with the account unmarked.
		const record = emulator.envelope(envelopeId)!;
		expect(item.json.documents).toEqual([{ id: record.files[0].fileId, isSigned: true }]);
		expect(JSON.stringify(item.json)).not.toContain('isAccount');
		const bytes = await binaryBytes(item.binary!.file_0);
		expect(bytes.equals(Buffer.from(sentFiles[0].File as string, 'base64'))).toBe(true);
	});

	it('keeps, in camelCase under callbackClaims, a field of the callback it does not know', async () => {
		emulator.setProfile('spec');
		const trigger = await activeTrigger();
		const body = sampleCallback({
			Status: 1,
			DocumentTitle: 'Offer',
			ExtraInfo: { SentBy: 'portal', Note: null },
		});

		await post(trigger.url(), JSON.stringify(body), {
			'content-type': 'application/json',
			authorization: tokenOf(trigger),
		});

		const [[item]] = trigger.executions;
		expect(item.json.callbackClaims).toMatchObject({
			documentTitle: 'Offer',
			extraInfo: { sentBy: 'portal' },
		});
		expect(item.json).not.toHaveProperty('documentTitle');
	});
});

// --- verification -------------------------------------------------------------------------------------------------------

describe('callback verification', () => {
	it('answers 401 to a forged token and starts nothing; the service logs the failure and can re-send', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await createEnvelope(trigger.webhookId);
		const realToken = tokenOf(trigger);
		// The registered token no longer matches what the trigger expects.
		const realDigest = trigger.stored().headerTokenDigest;
		trigger.stored().headerTokenDigest = 'f'.repeat(64);

		await emulator.sign(envelopeId);

		expect(emulator.deliveries[0]).toMatchObject({ httpStatusCode: 401, ok: false });
		expect(trigger.executions).toHaveLength(0);
		expect((await webhookLogs())[0]).toMatchObject({
			requestId: envelopeId,
			webhookStatus: 'FAILEDFROMCLIENT (4)',
			httpStatusCode: 401,
		});

		trigger.stored().headerTokenDigest = realDigest;
		expect(realToken).toMatch(/^[0-9a-f]{64}$/);
		expect((await recall(envelopeId)).errorCode).toBe(0);
		expect(emulator.deliveries[1]).toMatchObject({ httpStatusCode: 200, ok: true, recall: true });
		expect(trigger.executions).toHaveLength(1);
		expect(trigger.executions[0][0].json.envelopeId).toBe(envelopeId);
	});

	it.each([
		['a missing Authorization header', undefined],
		['an empty token', ''],
		['a wrong token of the same length', 'a'.repeat(64)],
		['a prefix of the token', 'PREFIX'],
		['the token with a different Bearer scheme', 'Basic TOKEN'],
	])('answers 401 to %s', async (_label, header) => {
		const trigger = await activeTrigger();
		const token = tokenOf(trigger);
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		if (header !== undefined) {
			headers.authorization = header.replace('TOKEN', token).replace('PREFIX', token.slice(0, 32));
		}

		const status = await post(trigger.url(), JSON.stringify(sampleCallback()), headers);

		expect(status).toBe(401);
		expect(trigger.executions).toHaveLength(0);
	});

	it('accepts the token with a "Bearer " prefix', async () => {
		const trigger = await activeTrigger();

		const status = await post(trigger.url(), JSON.stringify(sampleCallback()), {
			'content-type': 'application/json',
			authorization: `Bearer ${tokenOf(trigger)}`,
		});

		expect(status).toBe(200);
		expect(trigger.executions).toHaveLength(1);
	});

	it('answers 401 when the trigger holds no token, whatever the caller sends', async () => {
		const trigger = await activeTrigger();
		const token = tokenOf(trigger);
		delete trigger.stored().headerTokenDigest;

		expect(
			await post(trigger.url(), JSON.stringify(sampleCallback()), {
				'content-type': 'application/json',
				authorization: token,
			}),
		).toBe(401);
		expect(trigger.executions).toHaveLength(0);
	});

	it('answers 401 to anything but POST', async () => {
		const trigger = await activeTrigger();
		const written: Answer[] = [];
		const response = {
			status(code: number) {
				written.push({ status: code, body: undefined });
				return response;
			},
			json(body: unknown) {
				written[written.length - 1].body = body;
				return response;
			},
		};

		const result = await trigger.receive(
			false,
			{
				method: 'GET',
				headers: { authorization: tokenOf(trigger) },
				body: sampleCallback(),
				query: {},
				params: {},
			},
			response as never,
		);

		expect(result).toEqual({ noWebhookResponse: true });
		expect(written).toEqual([{ status: 401, body: { message: 'Unauthorized' } }]);
	});
});

// --- malformed callbacks ------------------------------------------------------------------------------------------------

describe('malformed callbacks', () => {
	it.each([
		[
			'JSON that does not parse (n8n answers 422 itself)',
			'application/json',
			'{"RequestId": "x", ',
			422,
		],
		['text that is not JSON', 'text/plain', 'hello', 400],
		[
			'bytes of an unknown type that are not JSON',
			'application/octet-stream',
			'\u0000\u0001garbage',
			400,
		],
		['an empty body', 'application/json', '', 400],
		['a JSON array', 'application/json', '[{"RequestId": "a"}]', 400],
		['a JSON string', 'application/json', '"RequestId"', 400],
		['JSON without RequestId', 'application/json', JSON.stringify({ Status: 1, Files: [] }), 400],
		['an empty RequestId', 'application/json', JSON.stringify({ RequestId: '', Status: 1 }), 400],
		[
			'a file that is not Base64',
			'application/json',
			JSON.stringify({
				RequestId: 'r-1',
				Status: 1,
				Files: [{ FileName: 'a.pdf', File: 'not base64!' }],
			}),
			400,
		],
	])('rejects %s with a 4xx and starts nothing', async (_label, contentType, body, expected) => {
		const trigger = await activeTrigger();

		const status = await post(trigger.url(), body, {
			'content-type': contentType,
			authorization: tokenOf(trigger),
		});

		expect(status).toBe(expected);
		expect(trigger.executions).toHaveLength(0);
	});

	it('reads a valid JSON body that n8n did not parse (other content type) from the raw bytes', async () => {
		// The same event twice: Start Once per Event is off so that both readings start an execution.
		const trigger = await activeTrigger({ events: ['*'], options: { onceOnly: false } });
		const callback = sampleCallback();

		for (const contentType of ['text/plain', 'application/octet-stream']) {
			const status = await post(trigger.url(), JSON.stringify(callback), {
				'content-type': contentType,
				authorization: tokenOf(trigger),
			});
			expect(status).toBe(200);
		}

		expect(trigger.executions).toHaveLength(2);
		expect(trigger.executions.map(([item]) => item.json.envelopeId)).toEqual([
			callback.RequestId,
			callback.RequestId,
		]);
	});

	it('answers malformed JSON with 400 when the node itself has to parse the raw body', async () => {
		const trigger = await activeTrigger();
		const written: number[] = [];
		const response = {
			status(code: number) {
				written.push(code);
				return response;
			},
			json: () => response,
		};

		const result = await trigger.receive(
			false,
			{
				method: 'POST',
				headers: { authorization: tokenOf(trigger), 'content-type': 'application/json' },
				body: {},
				rawBody: Buffer.from('{"RequestId": '),
				query: {},
				params: {},
			},
			response as never,
		);

		expect(result).toEqual({ noWebhookResponse: true });
		expect(written).toEqual([400]);
	});
});
