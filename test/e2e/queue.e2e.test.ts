/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * n8n's queue mode (queue-stack.ts): PostgreSQL, Redis, `n8n start`, one `n8n webhook` process and two workers, our
 * packed package loaded in all of them. Run for both binary stores every process can reach: `database` (n8n's default
 * in queue mode) and `filesystem` on the shared user folder.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { EmulatorClient } from './emulator-client';
import { assertSuccess, type Execution, nodeOutput, sleep } from './n8n';
import { type BinaryDataMode, type QueueStack, startQueueStack } from './queue-stack';
import { TRIGGER_TYPE } from './stack';
import { PACKAGE_NAME } from './n8n';
import {
	chain,
	crc32,
	ESIG_CREDENTIAL,
	esignatureNode,
	fileFingerprint,
	manualTrigger,
	type NodeSpec,
} from './workflow-builder';

jest.setTimeout(600_000);

const esig = esignatureNode;

const code = (name: string, jsCode: string): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	parameters: { jsCode },
});

/** Read the PDF at `input`, then Send and Wait for one signer. */
const readAndSendAndWait = (input: string): NodeSpec[] => [
	{
		name: 'Read PDF',
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1.1,
		parameters: { operation: 'read', fileSelector: input, options: {} },
	},
	{
		name: 'Send and Wait',
		type: `${PACKAGE_NAME}.eSignatureSendAndWait`,
		typeVersion: 1,
		parameters: {
			inputDataFieldName: 'data',
			destinationsInput: 'fields',
			destinations: { destination: [{ name: 'Alice Signer', email: 'alice@example.com' }] },
			options: {},
		},
		credentials: ESIG_CREDENTIAL,
	},
];

/** Which worker ran an execution, from the workers' logs. */
function workerOf(stack: QueueStack, executionId: string): number | undefined {
	const pattern = new RegExp(`execution (ID )?${executionId}\\b`, 'i');
	const index = stack.workers.findIndex((worker) => pattern.test(worker.log()));
	return index < 0 ? undefined : index;
}

async function settledExecutions(
	stack: QueueStack,
	workflowId: string,
	count: number,
	timeoutMs = 90_000,
): Promise<Execution[]> {
	await stack.main.waitForExecutions(workflowId, count, timeoutMs);
	await sleep(1500);
	const all = await stack.main.listExecutions({ workflowId, includeData: true });
	expect(all).toHaveLength(count);
	return all;
}

describe.each<BinaryDataMode>(['database', 'filesystem'])(
	'queue mode, %s binary store',
	(binaryDataMode) => {
		let stack: QueueStack;
		let client: EmulatorClient;

		beforeAll(async () => {
			stack = await startQueueStack({ tarball: process.env.ESIG_E2E_TARBALL, binaryDataMode });
			client = new EmulatorClient(stack.emulator);
			process.stderr.write(
				`[queue ${binaryDataMode}] ${Object.entries(stack.timings)
					.map(([label, ms]) => `${label} ${(ms / 1000).toFixed(1)} s`)
					.join(', ')}\n`,
			);
		});
		afterAll(async () => {
			await stack?.stop();
		});

		test('an upload and a signed download run on a worker, the file reaching main through the shared store', async () => {
			const emu = stack.emulator;
			const input = join(stack.userFolder, 'contract.pdf');
			writeFileSync(input, emu.samplePdf);
			const reference = `Q-${binaryDataMode}-${randomUUID().slice(0, 8)}`;
			const wf = await stack.addWorkflow(
				chain(`Queue upload ${binaryDataMode}`, [
					manualTrigger(),
					{
						name: 'Read PDF',
						type: 'n8n-nodes-base.readWriteFile',
						typeVersion: 1.1,
						parameters: { operation: 'read', fileSelector: input, options: {} },
					},
					esig('Create Envelope', {
						resource: 'envelope',
						operation: 'create',
						inputDataFieldName: 'data',
						additionalFields: { referenceNumber: reference },
					}),
					{
						name: 'Emulator Signs',
						type: 'n8n-nodes-base.httpRequest',
						typeVersion: 4.2,
						parameters: {
							method: 'POST',
							url: `=${emu.url}/_emulator/envelopes/{{ $json.envelopeId }}/sign`,
							options: {},
						},
					},
					esig('Download Signed', {
						resource: 'document',
						operation: 'downloadSigned',
						documentId: '={{ $("Create Envelope").first().json.documentId }}',
						binaryPropertyName: 'data',
					}),
				]),
			);

			const ex = assertSuccess(await stack.main.runWorkflow(wf.id));

			expect(workerOf(stack, ex.id)).toBeDefined();
			const created = nodeOutput(ex, 'Create Envelope')[0].json;
			const envelope = emu.envelope(created.envelopeId)!;
			expect(envelope.referenceNumber).toBe(reference);
			expect(envelope.files[0].data.equals(emu.samplePdf)).toBe(true);
			const [download] = nodeOutput(ex, 'Download Signed');
			const received = await stack.main.binaryContent(download.binary!.data);
			expect(received.equals(emu.state.currentBytes(envelope, envelope.files[0]))).toBe(true);
		});

		test('send and wait: parked by a worker, resumed through the webhook process, the signed file reaching the next node', async () => {
			const emu = stack.emulator;
			const input = join(stack.userFolder, 'contract-wait.pdf');
			writeFileSync(input, emu.samplePdf);
			const wf = await stack.addWorkflow(
				chain(`Queue send and wait ${binaryDataMode}`, [
					manualTrigger(),
					...readAndSendAndWait(input),
					fileFingerprint('Signed File', 'file_0'),
				]),
			);
			const started = await stack.main.rest('POST', `/workflows/${wf.id}/run`, {
				triggerToStartFrom: { name: 'Manual Trigger' },
			});
			const executionId = String(started.executionId);
			const deadline = Date.now() + 90_000;
			let webhook;
			while (
				!(webhook = emu
					.webhooks()
					.find(
						(w) =>
							new URL(w.webhookUrl).pathname.endsWith(`/webhook-waiting/${executionId}`) &&
							w.webhookUrl.includes('envelopeId='),
					))
			) {
				if (Date.now() > deadline)
					throw new Error(
						`execution ${executionId} registered no webhook\n${stack.logs().slice(-3000)}`,
					);
				await sleep(250);
			}
			while ((await stack.main.api('GET', `/executions/${executionId}`)).status !== 'waiting') {
				if (Date.now() > deadline) throw new Error(`execution ${executionId} is not waiting`);
				await sleep(250);
			}
			// The resume URL is the webhook process's (N8N_WEBHOOK_URL).
			expect(new URL(webhook.webhookUrl).port).toBe(new URL(stack.webhook.url).port);
			const envelopeId = new URL(webhook.webhookUrl).searchParams.get('envelopeId')!;

			await emu.sign(envelopeId);

			const ex = assertSuccess(await stack.main.waitForExecution(executionId, 90_000));
			expect(
				emu.state.deliveries.filter((d) => d.requestId === envelopeId).map((d) => d.httpStatusCode),
			).toEqual([200]);
			const envelope = emu.envelope(envelopeId)!;
			const signed = emu.state.currentBytes(envelope, envelope.files[0]);
			expect(nodeOutput(ex, 'Signed File')[0].json).toEqual({
				size: signed.length,
				crc32: crc32(signed),
			});
			expect(nodeOutput(ex, 'Send and Wait')[0].json).toMatchObject({
				event: 'completed',
				envelopeId,
				webhookRemoved: true,
			});
		});

		test("the trigger: registered once; main owns each event: the webhook process answers 503, main's round starts it on a worker, once, while re-sends and notices race it", async () => {
			const emu = stack.emulator;
			// As the real service answers: Get Status names the documents, so the trigger outputs the signed file.
			emu.setProfile('live');
			const wf = await stack.addWorkflow(
				chain(`Queue trigger ${binaryDataMode}`, [
					{
						name: 'On Signing Event',
						type: TRIGGER_TYPE,
						typeVersion: 1,
						webhookId: randomUUID(),
						parameters: { events: ['*'], options: {} },
						credentials: ESIG_CREDENTIAL,
					},
					// Runs on the worker: reads the signed file through n8n's binary store.
					code(
						'Signed File',
						"const bytes = await this.helpers.getBinaryDataBuffer(0, 'file_0'); return [{ json: { size: bytes.length, base64: bytes.toString('base64') } }];",
					),
				]),
				{ activate: true },
			);
			const deadline = Date.now() + 30_000;
			while (!emu.webhooks().length && Date.now() < deadline) await sleep(200);
			const hooks = emu.webhooks().filter((w) => w.webhookUrl.startsWith(stack.webhook.url));
			expect(hooks).toHaveLength(1);
			const [hook] = hooks;

			// One event, delivered five times (the service's re-sends): the webhook process runs no rounds, so it answers
			// each 503 and starts nothing (docs/queue-mode.md); main's round fetches the event from the service.
			const { envelopeId, documentId } = await client.createEnvelope({
				referenceNumber: `QT-${randomUUID().slice(0, 8)}`,
				webhookId: hook.id,
			});
			await client.inviteV3(documentId, [
				{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
			]);
			await emu.sign(envelopeId);
			for (let i = 0; i < 4; i++)
				await client.call('POST', '/api/v1/webhooks/recall', { requestId: envelopeId });
			const deliveries = emu.deliveries.filter((d) => d.requestId === envelopeId);
			// (A re-send after main's round took it, should the round tick in between, is a duplicate: 200.)
			expect(deliveries[0].httpStatusCode).toBe(503);
			expect(deliveries.filter((d) => ![200, 503].includes(d.httpStatusCode))).toEqual([]);
			// Copies of a callback the service never logged to the trigger (an envelope without a webhook): never started.
			const unpinned = await client.createEnvelope({
				referenceNumber: `QC-${randomUUID().slice(0, 8)}`,
			});
			await client.inviteV3(unpinned.documentId, [
				{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
			]);
			await emu.sign(unpinned.envelopeId);
			const copy = { ...emu.envelope(unpinned.envelopeId)!.lastCallback! } as Record<
				string,
				unknown
			>;
			const statuses = await Promise.all(
				Array.from({ length: 20 }, async () => {
					const res = await fetch(hook.webhookUrl, {
						method: 'POST',
						headers: { 'content-type': 'application/json', authorization: hook.headerToken },
						body: JSON.stringify(copy),
					});
					await res.text();
					return res.status;
				}),
			);
			expect(statuses.every((status) => status === 503)).toBe(true);

			// Missed while inactive: re-sent by catch-up when main activates it again, answered 503, fetched by main.
			await stack.main.deactivate(wf.id);
			await sleep(1000);
			const missed = await client.createEnvelope({
				referenceNumber: `QM-${randomUUID().slice(0, 8)}`,
				webhookId: hook.id,
			});
			await client.inviteV3(missed.documentId, [
				{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
			]);
			await emu.sign(missed.envelopeId);
			expect(emu.deliveries.filter((d) => d.requestId === missed.envelopeId)[0].ok).toBe(false);
			await stack.main.activate(wf.id);

			// Until main's round has started both, and a few seconds on: a recall and a notice every 3 s race it.
			const genuine = JSON.stringify(emu.envelope(envelopeId)!.lastCallback);
			let racing = true;
			const races = (async () => {
				while (racing) {
					await client.call('POST', '/api/v1/webhooks/recall', { requestId: missed.envelopeId });
					const res = await fetch(hook.webhookUrl, {
						method: 'POST',
						headers: { 'content-type': 'application/json', authorization: hook.headerToken },
						body: genuine,
					});
					await res.text();
					await sleep(3000);
				}
			})();
			try {
				await stack.main.waitForExecutions(wf.id, 2, 150_000);
				await sleep(6000);
			} finally {
				racing = false;
				await races;
			}
			const all = await settledExecutions(stack, wf.id, 2);
			const ids = all.map((ex) => nodeOutput(ex, 'On Signing Event')[0].json.envelopeId);
			expect(ids.sort()).toEqual([envelopeId, missed.envelopeId].sort());
			// Every delivery to the trigger, races included, was left to main (503), answered as a duplicate once main had
			// saved the event (200), or reached n8n while the workflow was not active there (404): two executions, above.
			const toTrigger = emu.deliveries.filter((d) => d.webhookUrl === hook.webhookUrl);
			expect(toTrigger.length).toBeGreaterThan(6);
			expect(toTrigger.filter((d) => ![200, 404, 503].includes(d.httpStatusCode))).toEqual([]);
			expect(emu.webhooks().map((w) => w.id)).toEqual([hook.id]);
			for (const ex of all) expect(workerOf(stack, ex.id)).toBeDefined();
			expect(stack.webhook.log()).not.toMatch(/Error in handling webhook request/);

			const first = all.find(
				(ex) => nodeOutput(ex, 'On Signing Event')[0].json.envelopeId === envelopeId,
			)!;
			const envelope = emu.envelope(envelopeId)!;
			const expected = emu.state.currentBytes(envelope, envelope.files[0]);
			const onWorker = nodeOutput(first, 'Signed File')[0].json;
			expect(Buffer.from(onWorker.base64, 'base64').equals(expected)).toBe(true);
			// In database mode n8n's REST API cannot serve a binary the webhook process wrote (as for its own Webhook node).
			if (binaryDataMode === 'filesystem') {
				const [item] = nodeOutput(first, 'On Signing Event');
				expect((await stack.main.binaryContent(item.binary!.file_0)).equals(expected)).toBe(true);
			}
			await stack.main.deactivate(wf.id);
			emu.setProfile('spec');
		});

		if (binaryDataMode !== 'database') return;

		test("what the service could not deliver arrives by the main's fetch: each trigger event once, Send and Wait resumed, within 2 minutes", async () => {
			const emu = stack.emulator;
			emu.setProfile('live');
			const trigger = await stack.addWorkflow(
				chain('Queue trigger that fetches', [
					{
						name: 'On Signing Event',
						type: TRIGGER_TYPE,
						typeVersion: 1.1,
						webhookId: randomUUID(),
						parameters: { events: ['*'], options: {} },
						credentials: ESIG_CREDENTIAL,
					},
					fileFingerprint('Signed File', 'file_0'),
				]),
				{ activate: true },
			);
			const deadline = Date.now() + 30_000;
			let hook;
			while (
				!(hook = emu
					.webhooks()
					.find((w) => w.webhookUrl.includes(`/${trigger.nodes[0].webhookId}/`)))
			)
				if (Date.now() > deadline) throw new Error('the trigger registered no webhook');
				else await sleep(200);
			const pinned = async (reference: string) => {
				const { envelopeId, documentId } = await client.createEnvelope({
					referenceNumber: `${reference}-${randomUUID().slice(0, 8)}`,
					webhookId: hook.id,
				});
				await client.inviteV3(documentId, [
					{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
				]);
				return envelopeId;
			};
			// A Send and Wait execution parked by a worker.
			const input = join(stack.userFolder, 'contract-fetch.pdf');
			writeFileSync(input, emu.samplePdf);
			const waiting = await stack.addWorkflow(
				chain('Queue send and wait, unreachable', [manualTrigger(), ...readAndSendAndWait(input)]),
			);
			const run = await stack.main.rest('POST', `/workflows/${waiting.id}/run`, {
				triggerToStartFrom: { name: 'Manual Trigger' },
			});
			const executionId = String(run.executionId);
			let waitHook;
			while (
				!(waitHook = emu
					.webhooks()
					.find((w) => new URL(w.webhookUrl).pathname.endsWith(`/webhook-waiting/${executionId}`)))
			)
				if (Date.now() > deadline + 60_000) throw new Error('Send and Wait registered no webhook');
				else await sleep(250);
			while ((await stack.main.api('GET', `/executions/${executionId}`)).status !== 'waiting')
				await sleep(250);
			const waitedFor = new URL(waitHook.webhookUrl).searchParams.get('envelopeId')!;

			emu.setUnreachable(true);
			const unreachable = await pinned('QF-UNREACHABLE');
			await emu.sign(unreachable);
			await emu.sign(waitedFor);
			emu.setUnreachable(false);
			emu.setStatusLag(10_000);
			const lagging = await pinned('QF-LAG');
			await emu.sign(lagging);
			emu.setStatusLag(0);
			const started = Date.now();
			expect(
				emu.deliveries.filter((d) => d.requestId === lagging).map((d) => d.httpStatusCode),
			).toEqual([503]);

			const resumed = assertSuccess(await stack.main.waitForExecution(executionId, 125_000));
			expect(nodeOutput(resumed, 'Send and Wait')[0].json).toMatchObject({
				event: 'completed',
				envelopeId: waitedFor,
			});
			await stack.main.waitForExecutions(
				trigger.id,
				2,
				Math.max(1000, 125_000 - (Date.now() - started)),
			);
			expect(Date.now() - started).toBeLessThan(120_000);
			const all = await settledExecutions(stack, trigger.id, 2);
			const ids = all.map((ex) => nodeOutput(ex, 'On Signing Event')[0].json.envelopeId);
			expect(ids.sort()).toEqual([unreachable, lagging].sort());
			for (const ex of all) {
				const envelopeId = nodeOutput(ex, 'On Signing Event')[0].json.envelopeId as string;
				const envelope = emu.envelope(envelopeId)!;
				const signed = emu.state.currentBytes(envelope, envelope.files[0]);
				expect(nodeOutput(ex, 'Signed File')[0].json).toEqual({
					size: signed.length,
					crc32: crc32(signed),
				});
			}
			await stack.main.deactivate(trigger.id);
			emu.setProfile('spec');
		});

		test('a 1,000-item status run spread over both workers fetches one token per worker at most', async () => {
			const emu = stack.emulator;
			const { envelopeId } = await client.createEnvelope({
				referenceNumber: `QS-${randomUUID().slice(0, 8)}`,
			});
			const wf = await stack.addWorkflow(
				chain('Queue status run', [
					manualTrigger(),
					code(
						'Envelopes',
						`return Array.from({ length: 250 }, () => ({ json: { envelopeId: '${envelopeId}' } }));`,
					),
					esig('Get Status', {
						resource: 'envelope',
						operation: 'getStatus',
						envelopeId: '={{ $json.envelopeId }}',
					}),
				]),
			);
			// Every token the service issued is refused from now on: each process that runs items must renew.
			emu.expireAllTokens();
			const tokensBefore = emu.tokenRequests;
			// Four runs of 250 at once: the queue hands them to both workers.
			const runs = await Promise.all(
				Array.from({ length: 4 }, () => stack.main.runWorkflow(wf.id, { timeoutMs: 300_000 })),
			);

			runs.forEach((ex) => expect(nodeOutput(assertSuccess(ex), 'Get Status')).toHaveLength(250));
			const workersUsed = new Set(runs.map((ex) => workerOf(stack, ex.id)));
			expect(workersUsed).toEqual(new Set([0, 1]));
			const afterExpiry = emu.tokenRequests - tokensBefore;

			// Warm: the token n8n stored with the credential is shared through the database by every process.
			const warmBefore = emu.tokenRequests;
			const warm = await Promise.all(
				Array.from({ length: 4 }, () => stack.main.runWorkflow(wf.id, { timeoutMs: 300_000 })),
			);
			warm.forEach((ex) => assertSuccess(ex));
			const warmRequests = emu.tokenRequests - warmBefore;
			process.stderr.write(
				`[queue] 1,000 items on ${workersUsed.size} workers: ${afterExpiry} token request(s) after every token was refused, ${warmRequests} with a valid stored token\n`,
			);
			expect(afterExpiry).toBeGreaterThanOrEqual(1);
			expect(afterExpiry).toBeLessThanOrEqual(stack.workers.length);
			expect(warmRequests).toBe(0);
		});

		// What a process learns of a live account (credentials/dialects.ts) does not depend on the binary store: run once.
		(binaryDataMode === 'database' ? test : test.skip)(
			'a live-sandbox account: each worker learns the account pair and the File key at most once, one envelope per run',
			async () => {
				const emu = stack.emulator;
				const { demo } = emu;
				const wf = await stack.addWorkflow(
					chain('Queue live sandbox', [
						manualTrigger(),
						esig('Create From Base64', {
							resource: 'envelope',
							operation: 'createFromBase64',
							fileInput: 'base64',
							fileBase64: emu.samplePdf.toString('base64'),
							fileName: 'live.pdf',
						}),
					]),
				);
				const clientPair = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`;
				const keyOf = (body: unknown) =>
					Object.keys(body as object).find((k) => /^files?$/i.test(k));
				const envelopes = () => emu.state.account(demo.accountId)!.envelopes.size;
				emu.setProfile('live');
				try {
					// Every process holds a token of the spec's pair: expired, each must fetch one, and the spec pair is refused.
					emu.expireAllTokens();
					emu.clearRequests();
					const before = envelopes();
					const cold = await Promise.all(
						Array.from({ length: 4 }, () => stack.main.runWorkflow(wf.id, { timeoutMs: 300_000 })),
					);
					cold.forEach((ex) =>
						expect(nodeOutput(assertSuccess(ex), 'Create From Base64')).toHaveLength(1),
					);
					expect(envelopes()).toBe(before + 4);
					const uploads = emu
						.requestsTo('POST', '/api/v1/envelopes/initiate-base64')
						.map((r) => keyOf(r.body));
					expect(uploads.filter((key) => key === 'File')).toHaveLength(4);
					// Concurrent token requests of one process share one fetch: the refused pair at most once per worker.
					const refusedPairs = emu
						.requestsTo('POST', '/Authentication/Authority/Token')
						.filter((r) => r.headers.authorization === clientPair);
					expect(refusedPairs.length).toBeGreaterThanOrEqual(1);
					expect(refusedPairs.length).toBeLessThanOrEqual(stack.workers.length);

					// Warm: a worker that ran a cold run sends File at once; only a worker that ran none may still try files.
					const coldWorkers = new Set(cold.map((ex) => workerOf(stack, ex.id)));
					emu.clearRequests();
					const warm = await Promise.all(
						Array.from({ length: 4 }, () => stack.main.runWorkflow(wf.id, { timeoutMs: 300_000 })),
					);
					warm.forEach((ex) => assertSuccess(ex));
					expect(envelopes()).toBe(before + 8);
					const newcomers = warm.filter((ex) => !coldWorkers.has(workerOf(stack, ex.id))).length;
					const warmSpecTries = emu
						.requestsTo('POST', '/api/v1/envelopes/initiate-base64')
						.filter((r) => keyOf(r.body) === 'files').length;
					expect(warmSpecTries).toBeLessThanOrEqual(newcomers);
					process.stderr.write(
						`[queue] live account: cold runs on workers ${[...coldWorkers].join(', ')}, ${refusedPairs.length} refused token pair(s), ${warmSpecTries} spec-form tries when warm\n`,
					);
				} finally {
					emu.setProfile('spec');
				}
			},
		);

		test('a token refused with HTTP 200 and errorCode 401 is renewed by the workers, and the renewed token is shared', async () => {
			const emu = stack.emulator;
			const { envelopeId } = await client.createEnvelope({
				referenceNumber: `QR-${randomUUID().slice(0, 8)}`,
			});
			const wf = await stack.addWorkflow(
				chain('Queue token refused with HTTP 200', [
					manualTrigger(),
					code(
						'Envelopes',
						`return Array.from({ length: 20 }, () => ({ json: { envelopeId: '${envelopeId}' } }));`,
					),
					esig('Get Status', {
						resource: 'envelope',
						operation: 'getStatus',
						envelopeId: '={{ $json.envelopeId }}',
					}),
				]),
			);
			emu.refuseTokensAs({ httpStatus: 200, errorCode: 401 });
			try {
				emu.expireAllTokens();
				const tokensBefore = emu.tokenRequests;
				// Four runs at once: the queue hands them to both workers, each refused with the stored token.
				const runs = await Promise.all(
					Array.from({ length: 4 }, () => stack.main.runWorkflow(wf.id, { timeoutMs: 300_000 })),
				);
				runs.forEach((ex) => expect(nodeOutput(assertSuccess(ex), 'Get Status')).toHaveLength(20));
				const renewals = emu.tokenRequests - tokensBefore;
				expect(renewals).toBeGreaterThanOrEqual(1);
				expect(renewals).toBeLessThanOrEqual(stack.workers.length);

				// The renewed token was stored with the credential: the next run, on any worker, fetches none.
				const warmBefore = emu.tokenRequests;
				assertSuccess(await stack.main.runWorkflow(wf.id, { timeoutMs: 300_000 }));
				expect(emu.tokenRequests).toBe(warmBefore);
			} finally {
				emu.refuseTokensAs({ httpStatus: 401, errorCode: 401 });
			}
		});

		test('a worker killed in the middle of a run: what n8n does with its execution, and no duplicate envelopes', async () => {
			const emu = stack.emulator;
			const batch = randomUUID().slice(0, 8);
			const wf = await stack.addWorkflow(
				chain('Queue kill', [
					manualTrigger(),
					code(
						'References',
						`return Array.from({ length: 40 }, (_, i) => ({ json: { reference: 'K-${batch}-' + i } }));`,
					),
					esig('Create', {
						resource: 'envelope',
						operation: 'createFromBase64',
						fileInput: 'base64',
						fileBase64: emu.samplePdf.toString('base64'),
						fileName: 'contract.pdf',
						additionalFields: { referenceNumber: '={{ $json.reference }}' },
					}),
				]),
			);
			emu.setLatency(400);
			const started = await stack.main.rest('POST', `/workflows/${wf.id}/run`, {
				triggerToStartFrom: { name: 'Manual Trigger' },
			});
			const executionId = String(started.executionId);
			const deadline = Date.now() + 60_000;
			while (workerOf(stack, executionId) === undefined && Date.now() < deadline) await sleep(100);
			while (
				!emu.requestsTo('POST', '/api/v1/envelopes/initiate-base64').length &&
				Date.now() < deadline
			)
				await sleep(50);
			const victim = stack.workers[workerOf(stack, executionId)!];
			process.kill(-victim.child.pid!, 'SIGKILL');
			await sleep(5000);
			emu.setLatency(0);

			// n8n's queue does not give a stalled job to another worker (Bull's maxStalledCount is 0 in n8n): after the
			// stalled-job check (every 5 s here, QUEUE_WORKER_STALLED_INTERVAL) main marks the execution as failed.
			let ex = await stack.main.api('GET', `/executions/${executionId}?includeData=false`);
			const settle = Date.now() + 90_000;
			while (ex.status === 'running' && Date.now() < settle) {
				await sleep(1000);
				ex = await stack.main.api('GET', `/executions/${executionId}?includeData=false`);
			}
			const created = emu.requestsTo('POST', '/api/v1/envelopes/initiate-base64').length;
			process.stderr.write(
				`[queue] execution ${executionId} after its worker was killed: status ${ex.status}, finished ${ex.finished}; ${created} of 40 envelopes created before the kill, none retried\n`,
			);
			expect(ex.status).not.toBe('running');
			expect(ex.status).not.toBe('success');
			const envelopes = [...emu.state.account(emu.demo.accountId)!.envelopes.values()].filter((e) =>
				String(e.referenceNumber).startsWith(`K-${batch}-`),
			);
			const perReference = new Map<string, number>();
			for (const e of envelopes)
				perReference.set(e.referenceNumber, (perReference.get(e.referenceNumber) ?? 0) + 1);
			expect([...perReference.values()].every((count) => count === 1)).toBe(true);
			expect(envelopes.length).toBeLessThan(40);

			// The stack goes on with a new worker.
			await stack.addWorker();
			stack.workers.splice(stack.workers.indexOf(victim), 1);
		});
	},
);
