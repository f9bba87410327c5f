/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Scenario 5: the trigger in a real n8n.
 * - a workflow published before `n8n start` registers exactly one webhook at the emulator when n8n starts;
 * - completing an envelope at the emulator leads to exactly one execution whose trigger output carries
 *   the signed file as binary;
 * - a forged callback is answered 401 and creates no execution; one forged with the leaked header token is answered
 *   409 (the service does not agree with it), and the genuine one then runs once with the signed file;
 * - delivery guarantees: deactivation keeps the webhook and what was missed arrives once on re-activation, also
 *   across a restart of n8n; repeated and concurrent deliveries of one event start one execution; a signed document
 *   over n8n's payload limit is refused, reported, and delivered by the trigger's fetch;
 * - the trigger fetches what it was not sent, within 2 minutes and once each: a service that cannot reach n8n, a
 *   status that lags its callback by 10 s, a re-send racing the fetch round.
 */
import { createHash, randomUUID } from 'node:crypto';

import { EmulatorClient } from './emulator-client';
import { assertSuccess, type Execution, nodeOutput, sleep } from './n8n';
import { type Stack, startStack, TRIGGER_TYPE } from './stack';
import { chain, crc32, ESIG_CREDENTIAL, fileFingerprint } from './workflow-builder';

jest.setTimeout(300_000);

describe('scenario 5: E-Signature Trigger', () => {
	let stack: Stack;
	const webhookPathId = randomUUID();
	const wf = chain('Scenario 5 trigger', [
		{
			name: 'On Signing Event',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			webhookId: webhookPathId,
			parameters: { events: ['completed'], options: {} },
			credentials: ESIG_CREDENTIAL,
		},
		fileFingerprint('Signed File', 'file_0'),
	]);

	beforeAll(async () => {
		// Imported and published through the CLI before n8n starts: n8n's start-up activates it.
		stack = await startStack({
			tarball: process.env.ESIG_E2E_TARBALL,
			importMode: 'cli',
			workflows: [wf],
			activate: [wf.id],
		});
		// As the real service answers: its Get Status names the documents, so the trigger outputs the signed files.
		stack.emulator.setProfile('live');
	});
	afterAll(async () => {
		await stack?.stop();
	});

	const productionUrl = () => `${stack.n8n.url}/webhook/${webhookPathId}/webhook`;

	test('n8n start registers exactly one webhook at the emulator', async () => {
		const emu = stack.emulator;
		const deadline = Date.now() + 30_000;
		while (emu.webhooks().length === 0 && Date.now() < deadline) await sleep(200);
		await sleep(1000); // nothing else may arrive
		const hooks = emu.webhooks();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].webhookUrl).toBe(productionUrl());
		expect(hooks[0].headerToken).toBeTruthy();
		expect(emu.requestsTo('POST', '/api/v1/webhooks')).toHaveLength(1);
		expect(emu.requestsTo('DELETE', /^\/api\/v1\/webhooks\//)).toHaveLength(0);
	});

	test('completing an envelope leads to one execution with the signed file as binary', async () => {
		const emu = stack.emulator;
		const [hook] = emu.webhooks();
		const client = new EmulatorClient(emu);
		const { envelopeId, documentId } = await client.createEnvelope({
			referenceNumber: 'E2E-S5-1',
			webhookId: hook.id,
		});
		await client.inviteV3(documentId, [
			{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
			{ name: 'Bob Signer', email: 'bob@example.com', order: 2 },
		]);
		await emu.sign(envelopeId);

		const deliveries = emu.deliveries.filter((d) => d.requestId === envelopeId);
		expect(deliveries).toHaveLength(1);
		expect(deliveries[0].webhookUrl).toBe(productionUrl());
		expect(deliveries[0].httpStatusCode).toBe(200);

		const [ex] = await stack.n8n.waitForExecutions(wf.id, 1, 30_000);
		assertSuccess(ex);
		await sleep(1000);
		expect(await stack.n8n.listExecutions({ workflowId: wf.id })).toHaveLength(1);

		const [item] = nodeOutput(ex, 'On Signing Event');
		expect(item.json.envelopeId).toBe(envelopeId);
		expect(item.json.event).toBe('completed');
		expect(item.json.callbackClaims).toMatchObject({ referenceNumber: 'E2E-S5-1' });
		expect(item.json.webhookId).toBe(hook.id);
		const binaries = Object.values(item.binary ?? {});
		expect(binaries).toHaveLength(1);
		expect(binaries[0].mimeType).toBe('application/pdf');

		const sent = Buffer.from(
			(deliveries[0].body as { Files: Array<{ File: string }> }).Files[0].File,
			'base64',
		);
		const envelope = emu.envelope(envelopeId)!;
		expect(sent.equals(emu.state.currentBytes(envelope, envelope.files[0]))).toBe(true);
		expect(sent.equals(emu.samplePdf)).toBe(false); // it is the signed one
		// The next node reads the file through n8n's binary store...
		expect(nodeOutput(ex, 'Signed File')[0].json).toEqual({
			size: sent.length,
			crc32: crc32(sent),
		});
		// ...and the editor can download it, except from n8n's database store (n8n cannot serve a file written while
		// receiving a webhook there; its own Webhook node is the same).
		if (process.env.ESIG_E2E_BINARY_MODE !== 'database') {
			expect((await stack.n8n.binaryContent(binaries[0])).equals(sent)).toBe(true);
		}
	});

	test('a forged callback is answered 401 and creates no execution', async () => {
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const payload = {
			RequestId: randomUUID(),
			Status: 1,
			Files: [],
			ReferencNumber: 'FORGED',
			Fields: [],
			Signatory: [],
		};
		const attempts: Array<Record<string, string>> = [{ authorization: 'not-the-token' }, {}];
		for (const headers of attempts) {
			const res = await fetch(productionUrl(), {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(payload),
			});
			await res.text();
			expect(res.status).toBe(401);
		}
		await sleep(1500);
		expect(await stack.n8n.listExecutions({ workflowId: wf.id })).toHaveLength(before);
	});

	test('callbacks forged with the leaked header token start nothing (early: re-send; a file-less completion: refused) and do not block the genuine one, which runs once with the signed file', async () => {
		const emu = stack.emulator;
		const client = new EmulatorClient(emu);
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const envelopeId = await pinnedEnvelope('E2E-S5-FORGED');
		// Any API client of the account reads every webhook's URL and header token.
		const [leaked] = (await client.call('GET', '/api/v1/webhooks')) as Array<{
			webhookUrl: string;
			headerToken: string;
		}>;
		const forge = (body: object) =>
			fetch(leaked.webhookUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: leaked.headerToken },
				body: JSON.stringify(body),
			});
		const fake = Buffer.from('%PDF-1.4\n% a contract the signers never saw\n%%EOF\n');
		const early = await forge({
			RequestId: envelopeId,
			Status: 1,
			Files: [{ FileName: 'contract.pdf', File: fake.toString('base64') }],
			ReferencNumber: 'E2E-S5-FORGED',
			Fields: [],
			Signatory: [],
		});
		// The service still holds the envelope open: answered so that it is re-sent, never taken.
		expect(early.status).toBe(503);

		// Completed while its callback has not gone out yet (no webhook on the envelope for a moment).
		const envelope = emu.envelope(envelopeId)!;
		const webhookId = envelope.webhookId;
		envelope.webhookId = null;
		await emu.sign(envelopeId);
		envelope.webhookId = webhookId;
		const fileless = await forge({
			RequestId: envelopeId,
			Status: 1,
			Signatory: [{ FullName: 'Mallory', Email: 'mallory@example.com', Status: 'SIGNED' }],
		});
		expect(fileless.status).toBe(409);
		await sleep(1000);
		expect(await stack.n8n.listExecutions({ workflowId: wf.id })).toHaveLength(before);

		// The service's own delivery (its recall of the envelope's last callback).
		expect(
			(await client.call('POST', '/api/v1/webhooks/recall', { requestId: envelopeId })) ?? true,
		).toBeTruthy();
		expect(
			emu.deliveries.filter((d) => d.requestId === envelopeId).map((d) => d.httpStatusCode),
		).toEqual([200]);
		const all = await executionsSettleAt(before + 1);
		const ran = all.filter((ex) => executedRequestIds([ex])[0] === envelopeId);
		expect(ran).toHaveLength(1);
		const signed = emu.state.currentBytes(envelope, envelope.files[0]);
		expect(nodeOutput(ran[0], 'Signed File')[0].json).toEqual({
			size: signed.length,
			crc32: crc32(signed),
		});
		expect(JSON.stringify(nodeOutput(ran[0], 'On Signing Event')[0].json.signers)).not.toContain(
			'mallory',
		);
	});

	/** Creates an envelope pinned to the trigger's webhook, with two signers. */
	async function pinnedEnvelope(reference: string, pdf?: Buffer): Promise<string> {
		const emu = stack.emulator;
		const client = new EmulatorClient(emu);
		const { envelopeId, documentId } = await client.createEnvelope({
			referenceNumber: reference,
			webhookId: emu.webhooks()[0].id,
			pdf,
		});
		await client.inviteV3(documentId, [
			{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
		]);
		return envelopeId;
	}

	/** Waits until the workflow has `count` executions, then a while longer to see that no more come. */
	async function executionsSettleAt(count: number, timeoutMs = 60_000): Promise<Execution[]> {
		const all = await stack.n8n.waitForExecutions(wf.id, count, timeoutMs);
		await sleep(1500);
		// Counted without their data (tens of MB each with n8n 1.x's in-memory binary store).
		expect(await stack.n8n.listExecutions({ workflowId: wf.id })).toHaveLength(count);
		return all;
	}

	function executedRequestIds(executions: Execution[]): string[] {
		return executions.map((ex) => nodeOutput(ex, 'On Signing Event')[0].json.envelopeId as string);
	}

	test('an envelope completed while n8n is stopped arrives once, with the first event after n8n starts again', async () => {
		const emu = stack.emulator;
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const missed = await pinnedEnvelope('E2E-S5-RESTART');
		const next = await pinnedEnvelope('E2E-S5-AFTER-RESTART');

		await stack.down();
		await emu.sign(missed);
		expect(emu.deliveries.filter((d) => d.requestId === missed)).toMatchObject([
			{ ok: false, httpStatusCode: 0 },
		]);
		await stack.up();

		// n8n 2.41 runs no webhook method at start for a webhook it still has: the next event brings the catch-up.
		await emu.sign(next);
		// A round that takes the missed envelope first comes up to a minute after start, then its execution runs.
		const all = await executionsSettleAt(before + 2, 200_000).catch((error: Error) => {
			const sent = emu.deliveries.filter((d) => d.requestId === missed || d.requestId === next);
			const seen = sent.map((d) => [d.requestId, d.recall, d.httpStatusCode, d.error]);
			throw new Error(
				`${error.message}\ndeliveries (envelope, recall, status, error): ${JSON.stringify(seen)}`,
			);
		});
		const ids = executedRequestIds(all);
		expect(ids.filter((id) => id === missed)).toHaveLength(1);
		expect(ids.filter((id) => id === next)).toHaveLength(1);
		// It came by one of the trigger's own paths: catch-up's re-send, or a round's fetch when a round took it first.
		const resent = emu.deliveries.some((d) => d.requestId === missed && d.recall && d.ok);
		const fetched = new RegExp(`E-Signature Trigger round: emitted [^\\n]*${missed}`).test(
			stack.n8n.log(),
		);
		expect(resent || fetched).toBe(true);
	});

	test('the same event delivered 5 times, and 50 concurrent copies of another, start one execution each', async () => {
		const emu = stack.emulator;
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const envelopeId = await pinnedEnvelope('E2E-S5-REPEATED');
		await emu.sign(envelopeId);
		const client = new EmulatorClient(emu);
		for (let i = 0; i < 4; i++)
			await client.call('POST', '/api/v1/webhooks/recall', { requestId: envelopeId });
		const repeated = emu.deliveries.filter((d) => d.requestId === envelopeId);
		expect(repeated).toHaveLength(5);
		expect(repeated.every((d) => d.httpStatusCode === 200)).toBe(true);

		// Another event the service really holds (the trigger confirms each with it): an envelope completed without a
		// webhook, whose callback reached nobody, posted 50 times at once.
		const unpinned = await client.createEnvelope({ referenceNumber: 'E2E-S5-CONCURRENT' });
		await client.inviteV3(unpinned.documentId, [
			{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
		]);
		await emu.sign(unpinned.envelopeId);
		const copy = { ...emu.envelope(unpinned.envelopeId)!.lastCallback! } as Record<string, unknown>;
		const statuses = await Promise.all(
			Array.from({ length: 50 }, async () => {
				const res = await fetch(productionUrl(), {
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						authorization: emu.webhooks()[0].headerToken,
					},
					body: JSON.stringify(copy),
				});
				await res.text();
				return res.status;
			}),
		);
		expect(statuses.every((status) => status === 200)).toBe(true);

		const all = await executionsSettleAt(before + 2);
		const ids = executedRequestIds(all);
		expect(ids.filter((id) => id === envelopeId)).toHaveLength(1);
		expect(ids.filter((id) => id === copy.RequestId)).toHaveLength(1);
	});

	test('deactivating keeps the webhook; an envelope completed meanwhile arrives once on re-activation', async () => {
		const emu = stack.emulator;
		const [hook] = emu.webhooks();
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const envelopeId = await pinnedEnvelope('E2E-S5-INACTIVE');

		await stack.n8n.deactivate(wf.id);
		await sleep(1000);
		expect(emu.webhooks().map((w) => w.id)).toEqual([hook.id]);
		expect(emu.requestsTo('DELETE', /^\/api\/v1\/webhooks\//)).toHaveLength(0);

		await emu.sign(envelopeId);
		expect(emu.deliveries.filter((d) => d.requestId === envelopeId)).toMatchObject([
			{ ok: false, httpStatusCode: 404 },
		]);

		await stack.n8n.activate(wf.id);
		const all = await executionsSettleAt(before + 1);
		expect(executedRequestIds(all)).toContain(envelopeId);
		const [item] = nodeOutput(
			all.find((ex) => executedRequestIds([ex])[0] === envelopeId)!,
			'On Signing Event',
		);
		expect(item.json.webhookId).toBe(hook.id);
		expect(Object.values(item.binary ?? {})[0]?.mimeType).toBe('application/pdf');
		expect(emu.webhooks().map((w) => w.id)).toEqual([hook.id]);
	});

	test('what the service could not deliver, or confirm at once, arrives by the fetch within 2 minutes, once each; a 20 MB document n8n refused at its payload limit is reported at catch-up, then fetched', async () => {
		const emu = stack.emulator;
		const client = new EmulatorClient(emu);
		const before = (await stack.n8n.listExecutions({ workflowId: wf.id })).length;
		const lastDelivery = (envelopeId: string) =>
			emu.deliveries.filter((d) => d.requestId === envelopeId).at(-1);

		// A 20 MB signed document: n8n answers before the trigger runs (N8N_PAYLOAD_SIZE_MAX), a re-send fails the same way.
		const pdf = Buffer.concat([emu.samplePdf, Buffer.alloc(20 * 1024 * 1024, 0x20)]);
		const large = await pinnedEnvelope('E2E-S5-LARGE', pdf);
		const largeDeliveries = () => emu.deliveries.filter((d) => d.requestId === large);
		await emu.sign(large);
		const [failed] = largeDeliveries();
		expect(failed.ok).toBe(false);
		expect([413, 500]).toContain(failed.httpStatusCode);
		await client.call('POST', '/api/v1/webhooks/recall', { requestId: large });
		expect(largeDeliveries().map((d) => d.httpStatusCode)).toEqual([
			failed.httpStatusCode,
			failed.httpStatusCode,
		]);
		// Catch-up on activation names it and the setting to raise instead of re-sending it again.
		await stack.n8n.deactivate(wf.id);
		await sleep(500);
		await stack.n8n.activate(wf.id);
		// Catch-up runs during activation; on a busy machine its log line can take a few seconds.
		const reported = new RegExp(
			`refused by n8n, most likely larger than N8N_PAYLOAD_SIZE_MAX.*${large}`,
			'i',
		);
		for (const until = Date.now() + 20_000; !reported.test(stack.n8n.log()) && Date.now() < until;)
			await sleep(250);
		expect(stack.n8n.log()).toMatch(reported);
		expect(largeDeliveries()).toHaveLength(2);

		// The service cannot reach n8n: the callback fails without an answer (no public URL, a firewall).
		emu.setUnreachable(true);
		const unreachable = await pinnedEnvelope('E2E-S5-UNREACHABLE');
		const raced = await pinnedEnvelope('E2E-S5-RACE');
		await emu.sign(unreachable);
		await emu.sign(raced);
		emu.setUnreachable(false);
		// Get Status lags the callback by 10 s: one status call, answered 503, left to the fetch.
		emu.setStatusLag(10_000);
		const lagging = await pinnedEnvelope('E2E-S5-LAG');
		await emu.sign(lagging);
		emu.setStatusLag(0);
		const started = Date.now();
		expect(lastDelivery(unreachable)).toMatchObject({ ok: false, httpStatusCode: 0 });
		expect(lastDelivery(lagging)).toMatchObject({ ok: false, httpStatusCode: 503 });

		// A re-send of `raced` at the second of the minute the trigger's round runs (trigger/rounds.ts).
		const second = createHash('sha256').update(String(wf.nodes[0].id)).digest()[0] % 60;
		while (new Date().getUTCSeconds() !== second) await sleep(200);
		await client.call('POST', '/api/v1/webhooks/recall', { requestId: raced });

		// The fetch takes the large one from the service's signed download, which n8n's body limit does not apply to.
		const all = await executionsSettleAt(before + 4, 125_000);
		const fetched = [unreachable, lagging, raced, large];
		const arrived = all.filter((ex) => fetched.includes(executedRequestIds([ex])[0]));
		expect(arrived.map((ex) => executedRequestIds([ex])[0]).sort()).toEqual([...fetched].sort());
		// Arrived: its execution started (writing a 20 MB file to the database store takes seconds more).
		for (const ex of arrived) expect(Date.parse(ex.startedAt) - started).toBeLessThan(120_000);
		for (const envelopeId of [unreachable, lagging, large]) {
			const ex = all.find((e) => executedRequestIds([e])[0] === envelopeId)!;
			assertSuccess(ex);
			const envelope = emu.envelope(envelopeId)!;
			const signed = emu.state.currentBytes(envelope, envelope.files[0]);
			if (envelopeId === large) expect(signed.length).toBeGreaterThan(20 * 1024 * 1024);
			expect(nodeOutput(ex, 'Signed File')[0].json).toEqual({
				size: signed.length,
				crc32: crc32(signed),
			});
		}
	});
});
