/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Envelope → Send and Wait for Signature in a real n8n against the emulator: Read file → Send and Wait → Write file.
 * The execution waits (status "waiting", offloaded to n8n's database); the emulator's signers act; the emulator's
 * callback reaches n8n's waiting-webhook endpoint, which checks the URL's signature and runs the node's webhook();
 * the execution goes on and writes the signed PDF. Also: the links delivered by the workflow's own node (Send and
 * Output Signing Links, then Wait for Signature), a rejection to the second output, a forged resume call, a time
 * limit, and a service that cannot reach n8n: a published E-Signature Trigger's fetch resumes the execution.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { PACKAGE_NAME, assertSuccess, nodeOutput } from './n8n';
import { ON_N8N1, testUnlessN8n1 } from './n8n-line';
import { type Stack, TRIGGER_TYPE, startStack } from './stack';
import { ESIG_CREDENTIAL, type NodeSpec, chain, manualTrigger } from './workflow-builder';

jest.setTimeout(300_000);

const SIGNERS = {
	destinationsInput: 'fields',
	destinations: {
		destination: [
			{ name: 'Alice Signer', email: 'alice@example.com', signOrder: 1 },
			{ name: 'Bob Signer', email: 'bob@example.com', signOrder: 2 },
		],
	},
};

describe('Send and Wait for Signature in n8n', () => {
	let stack: Stack;
	let filesDir: string;

	beforeAll(async () => {
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
		filesDir = join(stack.userFolder, 'files');
		mkdirSync(filesDir, { recursive: true });
		writeFileSync(join(filesDir, 'contract.pdf'), stack.emulator.samplePdf);
	});
	afterAll(async () => {
		await stack?.stop();
	});

	const readPdf = (): NodeSpec => ({
		name: 'Read PDF',
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1.1,
		parameters: { operation: 'read', fileSelector: join(filesDir, 'contract.pdf'), options: {} },
	});
	const writePdf = (name: string, file: string): NodeSpec => ({
		name,
		type: 'n8n-nodes-base.readWriteFile',
		typeVersion: 1.1,
		parameters: {
			operation: 'write',
			fileName: join(filesDir, file),
			dataPropertyName: 'file_0',
			options: {},
		},
	});
	const sendAndWait = (options: Record<string, unknown> = {}): NodeSpec => ({
		name: 'Send and Wait',
		type: `${PACKAGE_NAME}.eSignatureSendAndWait`,
		typeVersion: 1,
		parameters: {
			inputDataFieldName: 'data',
			...SIGNERS,
			invitationSubject: 'Please sign the contract',
			options,
		},
		credentials: ESIG_CREDENTIAL,
	});

	/** Starts the workflow from its Manual Trigger and returns once n8n has parked the execution. */
	async function startAndPark(
		workflowId: string,
	): Promise<{ executionId: string; envelopeId: string; resumeUrl: string }> {
		const executionId = await stack.n8n.startRun(workflowId, 'Manual Trigger');
		await stack.n8n.waitUntilWaiting(executionId);
		const webhook = stack.emulator
			.webhooks()
			.find(
				(w) =>
					new URL(w.webhookUrl).pathname.endsWith(`/webhook-waiting/${executionId}`) &&
					w.webhookUrl.includes('envelopeId='),
			);
		if (!webhook) throw new Error(`no webhook at the service for execution ${executionId}`);
		const envelopeId = new URL(webhook.webhookUrl).searchParams.get('envelopeId')!;
		return { executionId, envelopeId, resumeUrl: webhook.webhookUrl };
	}

	test('one workflow: the file goes out, the execution waits, and the signed PDF is written when both have signed', async () => {
		const wf = chain('Send and wait, file when signed', [
			manualTrigger(),
			readPdf(),
			sendAndWait(),
			writePdf('Write Signed PDF', 'signed.pdf'),
		]);
		await stack.addWorkflow(wf);

		const { executionId, envelopeId } = await startAndPark(wf.id);
		const envelope = stack.emulator.envelope(envelopeId)!;
		expect(envelope.files[0].data.equals(stack.emulator.samplePdf)).toBe(true);
		expect(
			stack.emulator.notifications.filter(
				(n) => n.envelopeId === envelopeId && n.kind === 'invitation',
			),
		).toHaveLength(2);

		await stack.emulator.sign(envelopeId, 'alice@example.com');
		// One signature is not the end: the execution still waits.
		expect((await stack.n8n.api('GET', `/executions/${executionId}`)).status).toBe('waiting');
		await stack.emulator.sign(envelopeId, 'bob@example.com');

		const ex = assertSuccess(await stack.n8n.waitForExecution(executionId));
		const [item] = nodeOutput(ex, 'Send and Wait');
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId,
			documentIds: [envelope.files[0].fileId],
			webhookRemoved: true,
		});
		const signed = stack.emulator.state.currentBytes(envelope, envelope.files[0]);
		expect(readFileSync(join(filesDir, 'signed.pdf')).equals(signed)).toBe(true);
		// n8n accepted the callback, and nothing is left at the service for this execution.
		const delivery = stack.emulator.state.deliveries.filter((d) => d.requestId === envelopeId);
		expect(delivery.map((d) => d.httpStatusCode)).toEqual([200]);
		expect(
			stack.emulator
				.webhooks()
				.filter((w) => new URL(w.webhookUrl).pathname.endsWith(`/${executionId}`)),
		).toHaveLength(0);
	});

	test('links through your own node: one node outputs the links, another delivers them, a third waits and gets the signed PDF', async () => {
		const node = (
			name: string,
			operation: string,
			parameters: Record<string, unknown> = {},
		): NodeSpec => ({
			name,
			type: `${PACKAGE_NAME}.eSignatureSendAndWait`,
			typeVersion: 1,
			parameters: { operation, ...parameters },
			credentials: ESIG_CREDENTIAL,
		});
		const wf = chain('Links through your own node', [
			manualTrigger(),
			readPdf(),
			node('Send Links', 'sendAndOutputLinks', {
				inputDataFieldName: 'data',
				...SIGNERS,
				options: {},
			}),
			{
				name: 'One per Signer',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				parameters: { fieldToSplitOut: 'invitations', options: {} },
			},
			// The delivery: its items (one message per signer) are all the wait gets.
			{
				name: 'Compose Message',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				parameters: {
					assignments: {
						assignments: [
							{
								id: 'm',
								name: 'message',
								value: '=Please sign: {{ $json.signingLink }}',
								type: 'string',
							},
						],
					},
					options: {},
				},
			},
			node('Wait', 'waitForSignature', { options: {} }),
			writePdf('Write Signed PDF', 'signed-by-link.pdf'),
		]);
		await stack.addWorkflow(wf);

		const executionId = await stack.n8n.startRun(wf.id, 'Manual Trigger');
		const waiting = await stack.n8n.waitUntilWaiting(executionId);
		const { envelopeId } = nodeOutput(waiting, 'Send Links')[0].json as { envelopeId: string };
		const links = nodeOutput(waiting, 'One per Signer').map((item) => item.json.signingLink);
		expect(nodeOutput(waiting, 'Compose Message').map((item) => item.json.message)).toEqual(
			links.map((link) => `Please sign: ${link}`),
		);
		expect(stack.emulator.notifications.filter((n) => n.envelopeId === envelopeId)).toHaveLength(0);

		const sign = (email: string) =>
			fetch(`${stack.emulator.url}/_emulator/envelopes/${envelopeId}/sign`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email }),
			});
		expect((await sign('alice@example.com')).status).toBe(200);
		expect((await stack.n8n.api('GET', `/executions/${executionId}`)).status).toBe('waiting');
		expect((await sign('bob@example.com')).status).toBe(200);

		const ex = assertSuccess(await stack.n8n.waitForExecution(executionId));
		expect(nodeOutput(ex, 'Wait')[0].json).toMatchObject({
			event: 'completed',
			envelopeId,
			webhookRemoved: true,
		});
		const envelope = stack.emulator.envelope(envelopeId)!;
		expect(
			readFileSync(join(filesDir, 'signed-by-link.pdf')).equals(
				stack.emulator.state.currentBytes(envelope, envelope.files[0]),
			),
		).toBe(true);
		expect(
			stack.emulator.state.deliveries
				.filter((d) => d.requestId === envelopeId)
				.map((d) => d.httpStatusCode),
		).toEqual([200]);
		expect(
			stack.emulator
				.webhooks()
				.filter((w) => new URL(w.webhookUrl).pathname.endsWith(`/${executionId}`)),
		).toHaveLength(0);
	});

	testUnlessN8n1(
		'n8n 1.x resumed the execution on the first output only: Rejections to Second Output does not work there',
	)('a rejection leaves through the second output, with the reason', async () => {
		const wf = chain(
			'Send and wait, rejected',
			[
				manualTrigger(),
				readPdf(),
				sendAndWait({ rejectedOutput: true }),
				writePdf('Write Signed PDF', 'never.pdf'),
			],
			{
				connections: {
					'Send and Wait': {
						main: [
							[{ node: 'Write Signed PDF', type: 'main', index: 0 }],
							[{ node: 'Rejected', type: 'main', index: 0 }],
						],
					},
				},
			},
		);
		wf.nodes.push({
			id: 'rejected-noop',
			name: 'Rejected',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [900, 200],
			parameters: {},
		});
		await stack.addWorkflow(wf);

		const { executionId, envelopeId } = await startAndPark(wf.id);
		await stack.emulator.reject(envelopeId, 'bob@example.com', 'Wrong amount');

		const ex = assertSuccess(await stack.n8n.waitForExecution(executionId));
		const [rejected] = nodeOutput(ex, 'Rejected');
		expect(rejected.json.event).toBe('rejected');
		expect(
			rejected.json.callbackClaims.signers.find(
				(s: { email: string }) => s.email === 'bob@example.com',
			).rejectReason,
		).toBe('Wrong amount');
		expect(ex.data?.resultData.runData['Write Signed PDF']).toBeUndefined();
	});

	// n8n 1.x passes on only the first output of a resumed node: there the option is refused before anything is sent,
	// rather than a rejection being lost (docs/n8n-notes.md#n8n-1x).
	(ON_N8N1 ? test : test.skip)(
		'n8n 1.x: Rejections to Second Output is refused before anything is sent, naming the option',
		async () => {
			const wf = chain('Send and wait, second output on 1.x', [
				manualTrigger(),
				readPdf(),
				sendAndWait({ rejectedOutput: true }),
			]);
			await stack.addWorkflow(wf);
			const envelopesBefore = stack.emulator.requestsTo('POST', /^\/api\/v1\/envelopes\//).length;
			const webhooksBefore = stack.emulator.webhooks().length;

			const ex = await stack.n8n.runWorkflow(wf.id);
			expect(ex.status).toBe('error');
			expect(JSON.stringify(ex.data?.resultData.error)).toMatch(
				/Rejections to Second Output does not work in this n8n/,
			);
			expect(stack.emulator.requestsTo('POST', /^\/api\/v1\/envelopes\//)).toHaveLength(
				envelopesBefore,
			);
			expect(stack.emulator.webhooks()).toHaveLength(webhooksBefore);
		},
	);

	test('a forged resume call does not resume the execution; the real callback then does', async () => {
		const wf = chain('Send and wait, forged', [
			manualTrigger(),
			readPdf(),
			sendAndWait(),
			writePdf('Write Signed PDF', 'after-forgery.pdf'),
		]);
		await stack.addWorkflow(wf);
		const { executionId, envelopeId, resumeUrl } = await startAndPark(wf.id);
		const body = JSON.stringify({ RequestId: envelopeId, Status: 1, Files: [], Signatory: [] });
		const post = (url: string, authorization: string) =>
			fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization },
				body,
			});

		// The right URL without the webhook's header token (the node refuses it), and the URL with another resume token
		// (n8n refuses it).
		const wrongToken = await post(resumeUrl, 'f'.repeat(64));
		expect(wrongToken.status).toBe(401);
		// A token of one's own with a check of one's own making: without the credential's key it does not pass, on
		// n8n 1.x either, where no resume token guards the URL.
		const ownToken = 'a'.repeat(64);
		const selfMade = new URL(resumeUrl);
		selfMade.searchParams.set('check', createHash('sha256').update(ownToken).digest('hex'));
		expect((await post(selfMade.toString(), ownToken)).status).toBe(401);
		// n8n 1.x puts no resume token (`signature`) in the URL (docs/n8n-notes.md#n8n-1x): there only the node's
		// header-token check stands between a caller and the waiting execution.
		const url = new URL(resumeUrl);
		expect(url.searchParams.has('signature')).toBe(!ON_N8N1);
		if (!ON_N8N1) {
			url.searchParams.set('signature', 'f'.repeat(url.searchParams.get('signature')!.length));
			const wrongResumeToken = await post(url.toString(), 'f'.repeat(64));
			expect(wrongResumeToken.status).toBe(401);
		}
		expect((await stack.n8n.api('GET', `/executions/${executionId}`)).status).toBe('waiting');

		await stack.emulator.sign(envelopeId);
		const ex = assertSuccess(await stack.n8n.waitForExecution(executionId));
		expect(nodeOutput(ex, 'Send and Wait')[0].json.event).toBe('completed');
	});

	test('a callback forged with the leaked header token, or captured from another waiting execution, resumes nothing; the genuine one then resumes with the signed file', async () => {
		const wf = chain('Send and wait, leaked token', [
			manualTrigger(),
			readPdf(),
			sendAndWait(),
			writePdf('Write Signed PDF', 'after-leak.pdf'),
		]);
		await stack.addWorkflow(wf);
		const first = await startAndPark(wf.id);
		const second = await startAndPark(wf.id);
		// Any API client of the account reads the webhook's URL (with its signed query) and its header token.
		const leaked = stack.emulator.webhooks().find((w) => w.webhookUrl === first.resumeUrl)!;
		const fake = Buffer.from('%PDF-1.4\n% a contract the signers never saw\n%%EOF\n').toString(
			'base64',
		);
		const forged = JSON.stringify({
			RequestId: first.envelopeId,
			Status: 1,
			Files: [{ FileName: 'contract.pdf', File: fake }],
			Signatory: [],
		});
		const post = (url: string) =>
			fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: leaked.headerToken },
				body: forged,
			});

		// The service still holds the envelope open: asked to re-send (503), nothing resumes.
		expect((await post(leaked.webhookUrl)).status).toBe(503);
		// The captured URL and token on the other execution's path (on n8n 1.x nothing else guards it).
		const elsewhere = new URL(leaked.webhookUrl);
		elsewhere.pathname = elsewhere.pathname.replace(
			`/${first.executionId}`,
			`/${second.executionId}`,
		);
		expect((await post(elsewhere.toString())).status).toBe(401);
		for (const { executionId } of [first, second]) {
			expect((await stack.n8n.api('GET', `/executions/${executionId}`)).status).toBe('waiting');
		}

		await stack.emulator.sign(first.envelopeId);
		const ex = assertSuccess(await stack.n8n.waitForExecution(first.executionId));
		expect(nodeOutput(ex, 'Send and Wait')[0].json).toMatchObject({
			event: 'completed',
			envelopeId: first.envelopeId,
		});
		const envelope = stack.emulator.envelope(first.envelopeId)!;
		expect(
			readFileSync(join(filesDir, 'after-leak.pdf')).equals(
				stack.emulator.state.currentBytes(envelope, envelope.files[0]),
			),
		).toBe(true);
		expect((await stack.n8n.api('GET', `/executions/${second.executionId}`)).status).toBe(
			'waiting',
		);
	});

	test('at the time limit the node outputs that it timed out, with the IDs; the webhook is left marked with the limit', async () => {
		const wf = chain('Send and wait, time limit', [
			manualTrigger(),
			readPdf(),
			sendAndWait({
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 0.05, resumeUnit: 'minutes' },
				},
			}),
		]);
		await stack.addWorkflow(wf);
		const { executionId, envelopeId, resumeUrl } = await startAndPark(wf.id);

		// n8n's wait tracker looks for due executions once a minute.
		const ex = assertSuccess(await stack.n8n.waitForExecution(executionId, 150_000));
		const [item] = nodeOutput(ex, 'Send and Wait');
		expect(item.json).toMatchObject({
			event: 'timedOut',
			timedOut: true,
			envelopeId,
			webhookRemoved: false,
		});
		expect(item.json.documentIds).toEqual(
			new URL(resumeUrl).searchParams.get('documentIds')!.split(','),
		);
		expect(item.binary).toBeUndefined();
		// Nothing of the node ran at the limit: the execution's webhook is still at the service, marked with the limit,
		// for a later Send and Wait to remove.
		const left = stack.emulator
			.webhooks()
			.find((w) => new URL(w.webhookUrl).pathname.endsWith(`/${executionId}`));
		expect(new URL(left!.webhookUrl).searchParams.get('until')).toMatch(/^\d{4}-\d\d-\d\dT/);
		expect(stack.emulator.envelope(envelopeId)!.status).not.toBe('Completed');
	});

	test('the service cannot reach n8n: a published E-Signature Trigger resumes the execution within 2 minutes', async () => {
		const trigger = chain('Send and wait: the trigger that fetches', [
			{
				name: 'On Signing Event',
				type: TRIGGER_TYPE,
				typeVersion: 1.1,
				webhookId: randomUUID(),
				parameters: { events: ['*'], options: {} },
				credentials: ESIG_CREDENTIAL,
			},
		]);
		await stack.addWorkflow(trigger, { activate: true });
		const wf = chain('Send and wait, unreachable', [
			manualTrigger(),
			readPdf(),
			sendAndWait(),
			writePdf('Write Signed PDF', 'signed-unreachable.pdf'),
		]);
		await stack.addWorkflow(wf);
		const { executionId, envelopeId } = await startAndPark(wf.id);

		stack.emulator.setUnreachable(true);
		await stack.emulator.sign(envelopeId);
		stack.emulator.setUnreachable(false);
		const started = Date.now();
		expect(stack.emulator.deliveries.filter((d) => d.requestId === envelopeId)).toMatchObject([
			{ ok: false, httpStatusCode: 0 },
		]);

		const ex = assertSuccess(await stack.n8n.waitForExecution(executionId, 125_000));
		expect(Date.now() - started).toBeLessThan(120_000);
		const envelope = stack.emulator.envelope(envelopeId)!;
		expect(nodeOutput(ex, 'Send and Wait')[0].json).toMatchObject({
			event: 'completed',
			envelopeId,
			webhookRemoved: true,
		});
		const signed = stack.emulator.state.currentBytes(envelope, envelope.files[0]);
		expect(readFileSync(join(filesDir, 'signed-unreachable.pdf')).equals(signed)).toBe(true);
		// The trigger passed the notice on; it started nothing of its own for an envelope not pinned to it.
		expect(await stack.n8n.listExecutions({ workflowId: trigger.id })).toHaveLength(0);
	});
});
