/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The committed example workflows (examples/*.json) imported into a real n8n and run against the
 * emulator, so that they cannot rot. Their file paths are moved to the test's files folder.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildPdf } from '../emulator/pdf';
import { newSigner } from '../emulator/state';
import { serveDocument } from './agent-tools';
import { assertSuccess, type Execution, nodeOutput, sleep, type WorkflowJson } from './n8n';
import { ON_N8N1, testUnlessN8n1 } from './n8n-line';
import { ScriptedModel, lastToolResult } from './scripted-model';
import { loadExamples, rebaseExampleFiles, type Stack, startStack, TRIGGER_TYPE } from './stack';
import { messageInbox } from './workflow-builder';
import type { ParsedJson } from '../harness/json';

jest.setTimeout(300_000);

const examples = loadExamples();
const byId = (id: string) => {
	const found = examples.find((e) => e.workflow.id === id);
	if (!found)
		throw new Error(
			`example ${id} is missing from examples/ (have: ${examples.map((e) => e.workflow.id).join(', ')})`,
		);
	return found.workflow;
};

describe('example workflows', () => {
	let stack: Stack;
	const isTrigger = (wf: WorkflowJson) => wf.nodes.some((n) => n.type === TRIGGER_TYPE);

	beforeAll(async () => {
		expect(examples.length).toBeGreaterThanOrEqual(5);
		stack = await startStack({
			tarball: process.env.ESIG_E2E_TARBALL,
			workflows: ({ filesDir, emulator }) => {
				writeFileSync(join(filesDir, 'contract.pdf'), emulator.samplePdf);
				return examples.map((e) => rebaseExampleFiles(e.workflow, filesDir));
			},
			activate: examples.filter((e) => isTrigger(e.workflow)).map((e) => e.workflow.id),
		});
		// n8n registers the webhooks of active workflows after it reports ready; on a busy machine that takes a while.
		const triggers = examples.filter((e) => isTrigger(e.workflow)).length;
		const deadline = Date.now() + 30_000;
		while (stack.emulator.webhooks().length < triggers && Date.now() < deadline) await sleep(200);
	});
	afterAll(async () => {
		await stack?.stop();
	});

	const envelopesOf = (reference: RegExp) =>
		[
			...stack.emulator.state.accounts.get(stack.emulator.demo.accountId)!.envelopes.values(),
		].filter((e) => reference.test(e.referenceNumber));

	test('every example is valid JSON with unique ids and only known node types', async () => {
		const ids = examples.map((e) => e.workflow.id);
		expect(new Set(ids).size).toBe(ids.length);
		const known = new Set(await stack.n8n.nodeTypes());
		for (const { file, workflow } of examples) {
			for (const node of workflow.nodes) {
				if (!known.has(node.type))
					throw new Error(`${file}: node "${node.name}" has unknown type ${node.type}`);
			}
			expect(
				JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')).id,
			).toBe(workflow.id);
		}
	});

	test('the trigger example registered its webhook at the emulator', () => {
		const hooks = stack.emulator.webhooks();
		expect(hooks).toHaveLength(examples.filter((e) => isTrigger(e.workflow)).length);
		expect(hooks[0].isDefault).toBe(true);
	});

	let sendExecution: Execution;
	test('send a PDF from disk for signature', async () => {
		const wf = byId('esigExample1Send');
		sendExecution = assertSuccess(await stack.n8n.runWorkflow(wf.id));
		const invitations = nodeOutput(sendExecution, 'Send Invitations');
		expect(invitations).toHaveLength(2);
		const [status] = nodeOutput(sendExecution, 'Get Envelope Status');
		expect(status.json.status).toBe('Pending');
		const envelope = stack.emulator.envelope(status.json.envelopeId)!;
		expect(envelope.files[0].data.equals(stack.emulator.samplePdf)).toBe(true);
		expect(envelope.signers.map((s) => s.email)).toEqual(['jane@example.com', 'john@example.com']);
	});

	test('bulk invite: one envelope and one invitation per row', async () => {
		const ex = assertSuccess(await stack.n8n.runWorkflow(byId('esigExample3Bulk').id));
		expect(nodeOutput(ex, 'Invite Signer').map((i) => i.json.destination)).toEqual([
			'jane@example.com',
			'john@example.com',
			'sara@example.com',
		]);
		const envelopes = envelopesOf(new RegExp(`^OFFER-00[123]-${ex.id}$`));
		expect(envelopes).toHaveLength(3);
		expect(envelopes.every((e) => e.signers.length === 1 && e.signers[0].invited)).toBe(true);
	});

	test('CR check: a registered company gets the contract; an unknown CR takes the error output', async () => {
		const wf = byId('esigExample4CrCk');
		const ok = assertSuccess(await stack.n8n.runWorkflow(wf.id));
		expect(nodeOutput(ok, 'Send Invitation')).toHaveLength(1);
		expect(ok.data?.resultData.runData['CR Not Registered']).toBeUndefined();

		// The same workflow with an unknown CR number.
		const unknown: WorkflowJson = JSON.parse(
			JSON.stringify(stack.workflows.find((w) => w.id === wf.id)),
		);
		unknown.id = 'esigExample4Unkn';
		unknown.name += ' (unknown CR)';
		const setNode = unknown.nodes.find((n) => n.name === 'Company and Signer')!;
		(setNode.parameters as ParsedJson).assignments.assignments.find(
			(a: ParsedJson) => a.name === 'crNumber',
		).value = '9999999999';
		await stack.addWorkflow(unknown);
		const bad = assertSuccess(await stack.n8n.runWorkflow(unknown.id));
		expect(bad.data?.resultData.runData['Send Invitation']).toBeUndefined();
		const [item] = nodeOutput(bad, 'CR Not Registered');
		expect(item.json).toMatchObject({ sent: false, crNumber: '9999999999' });
		expect(String(item.json.reason)).toContain('error 149');
	});

	test('store the signed PDFs: every signed file of each completed envelope is written to disk by the trigger workflow', async () => {
		const { emulator, n8n, filesDir } = stack;
		const wf = byId('esigExample2Stor');
		// The envelope example 01 sent (one document), and one of two documents, both reporting to the account default.
		const [status] = nodeOutput(sendExecution, 'Get Envelope Status');
		const single = emulator.envelope(status.json.envelopeId)!;
		const account = emulator.state.account(emulator.demo.accountId)!;
		const double = emulator.state.createEnvelope(account, {
			files: [
				{ fileName: 'contract.pdf', data: emulator.samplePdf },
				{ fileName: 'annex.pdf', data: buildPdf(['Annex A: prices'], 'Annex') },
			],
		});
		double.signers.push(newSigner({ name: 'Jane', email: 'jane@example.com', signeOrder: 1 }));
		// As npm run dev and the real service answer: Get Status names the documents, so the trigger outputs the files.
		emulator.setProfile('live');
		try {
			await emulator.sign(single.envelopeId);
			await emulator.sign(double.envelopeId);
		} finally {
			emulator.setProfile('spec');
		}
		const executions = await n8n.waitForExecutions(wf.id, 2, 30_000);
		executions.forEach(assertSuccess);
		for (const envelope of [single, double]) {
			const written = readdirSync(filesDir)
				.filter((name) => name.startsWith(`signed-${envelope.envelopeId}-`))
				.sort();
			expect(written).toEqual(
				envelope.files.map((_, i) => `signed-${envelope.envelopeId}-${i + 1}.pdf`),
			);
			envelope.files.forEach((file, i) =>
				expect(
					readFileSync(join(filesDir, written[i])).equals(
						emulator.state.currentBytes(envelope, file),
					),
				).toBe(true),
			);
		}
		// Two different documents: not one file written twice.
		const [first, second] = double.files.map((f) => emulator.state.currentBytes(double, f));
		expect(first.equals(second)).toBe(false);
	});
	test('send and wait: one workflow sends the contract, waits, and files the signed PDF when both have signed', async () => {
		const { emulator, n8n, filesDir } = stack;
		const wf = byId('esigExample5Wait');
		if (ON_N8N1) {
			// The example sends rejections to a second output, which n8n 1.x cannot pass on: the node says so before
			// sending anything (docs/n8n-notes.md#n8n-1x).
			const envelopesBefore = emulator.requestsTo('POST', /^\/api\/v1\/envelopes\//).length;
			const refused = await n8n.runWorkflow(wf.id);
			expect(refused.status).toBe('error');
			expect(JSON.stringify(refused.data?.resultData.error)).toMatch(
				/Rejections to Second Output does not work in this n8n/,
			);
			expect(emulator.requestsTo('POST', /^\/api\/v1\/envelopes\//)).toHaveLength(envelopesBefore);
			return;
		}
		const executionId = await n8n.startRun(wf.id, "When clicking 'Execute workflow'");
		const deadline = Date.now() + 60_000;
		let webhook;
		while (
			!(webhook = emulator
				.webhooks()
				.find(
					(w) =>
						new URL(w.webhookUrl).pathname.endsWith(`/webhook-waiting/${executionId}`) &&
						w.webhookUrl.includes('envelopeId='),
				))
		) {
			if (Date.now() > deadline)
				throw new Error(`execution ${executionId} registered no webhook at the service`);
			await sleep(200);
		}
		const envelopeId = new URL(webhook.webhookUrl).searchParams.get('envelopeId')!;
		while ((await n8n.api('GET', `/executions/${executionId}`)).status !== 'waiting')
			await sleep(200);

		await emulator.sign(envelopeId);

		const ex = assertSuccess(await n8n.waitForExecution(executionId));
		const [item] = nodeOutput(ex, 'Send and Wait for Signature');
		expect(item.json).toMatchObject({ event: 'completed', envelopeId });
		const envelope = emulator.envelope(envelopeId)!;
		expect(envelope.signers.map((s) => s.email)).toEqual(['jane@example.com', 'john@example.com']);
		const written = readFileSync(join(filesDir, `signed-${envelopeId}.pdf`));
		expect(written.equals(emulator.state.currentBytes(envelope, envelope.files[0]))).toBe(true);
		expect(ex.data?.resultData.runData['Rejected: Tell the Sales Team']).toBeUndefined();
	});

	test('links through your own channel: the links go out by chat, the execution waits, and the signed PDF is written', async () => {
		const { emulator, n8n, filesDir } = stack;
		// The chat the example posts to is n8n's own Webhook node here, in a workflow of its own.
		const inbox = await stack.addWorkflow(messageInbox('signer-chat'), { activate: true });
		// n8n can answer 404 for a moment after activating a workflow: the chat is up once it takes a message.
		const probe = async () =>
			(
				await fetch(`${n8n.url}/webhook/signer-chat`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ probe: true }),
				})
			).status;
		for (const until = Date.now() + 30_000; (await probe()) !== 200 && Date.now() < until;)
			await sleep(200);
		const wf: WorkflowJson = JSON.parse(
			JSON.stringify(stack.workflows.find((w) => w.id === byId('esigExample6Link').id)),
		);
		wf.id = 'esigExample6Chat';
		(wf.nodes.find((n) => n.name === 'Send Link to Chat')!.parameters as { url: string }).url =
			`${n8n.url}/webhook/signer-chat`;
		await stack.addWorkflow(wf);

		const executionId = await n8n.startRun(wf.id, "When clicking 'Execute workflow'");
		// While it waits, the execution shows what it waits for: the envelope, its signers and their links.
		const waiting = await n8n.waitUntilWaiting(executionId);
		const [sent] = nodeOutput(waiting, 'Send and Output Signing Links');
		const { envelopeId, invitations } = sent.json as {
			envelopeId: string;
			invitations: Array<{ destination: string; signingLink: string }>;
		};
		expect(invitations.map((i) => i.destination)).toEqual(['jane@example.com', 'john@example.com']);
		// Each signer's link went out through the chat; the service notified nobody.
		const messages = (await n8n.waitForExecutions(inbox.id, 3, 30_000)).filter(
			(m) => !nodeOutput(m, 'Inbox')[0].json.body.probe,
		);
		const texts = messages.map((m) => String(nodeOutput(m, 'Inbox')[0].json.body.text));
		expect(texts).toHaveLength(2);
		for (const { signingLink } of invitations)
			expect(texts.filter((text) => text.includes(signingLink))).toHaveLength(1);
		expect(emulator.notifications.filter((n) => n.envelopeId === envelopeId)).toHaveLength(0);

		// The signers sign (the emulator's control API), and the execution goes on with the signed PDF.
		for (const email of ['jane@example.com', 'john@example.com']) {
			const signed = await fetch(`${emulator.url}/_emulator/envelopes/${envelopeId}/sign`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email }),
			});
			expect(signed.status).toBe(200);
		}
		const ex = assertSuccess(await n8n.waitForExecution(executionId));
		expect(nodeOutput(ex, 'Wait for Signature')[0].json).toMatchObject({
			event: 'completed',
			envelopeId,
			webhookRemoved: true,
		});
		const envelope = emulator.envelope(envelopeId)!;
		expect(
			readFileSync(join(filesDir, `signed-${envelopeId}.pdf`)).equals(
				emulator.state.currentBytes(envelope, envelope.files[0]),
			),
		).toBe(true);
		expect(
			emulator.webhooks().filter((w) => new URL(w.webhookUrl).pathname.endsWith(`/${executionId}`)),
		).toHaveLength(0);
	});

	testUnlessN8n1('n8n 1.123 has AI Agent 3, not 3.1')(
		'an AI agent sends a contract and reports its status',
		async () => {
			// The model is scripted (scripted-model.ts); the document is served on 127.0.0.1 in place of the example's link.
			const model = await ScriptedModel.start();
			const files = await serveDocument(() => stack.emulator.samplePdf);
			try {
				const documentUrl = files.url('/files/lease.pdf');
				const wf: WorkflowJson = JSON.parse(
					JSON.stringify(stack.workflows.find((w) => w.id === 'esigExample7Agnt'))
						.split('https://example.com/files/lease.pdf')
						.join(documentUrl),
				);
				wf.id = 'esigExample7Runs';
				// That server is on loopback, which a tool reaches only when the workflow's author allows it in the node.
				(
					wf.nodes.find((n) => n.name === 'Create Envelope')!.parameters as Record<string, unknown>
				).downloadOptions = { allowInternalAddresses: true };
				const openAi = await stack.n8n.rest('POST', '/credentials', {
					name: 'Scripted model',
					type: 'openAiApi',
					data: { apiKey: 'sk-scripted', url: model.baseUrl, header: false },
				});
				wf.nodes.find((n) => n.name === 'OpenAI Chat Model')!.credentials = {
					openAiApi: { id: openAi.id, name: 'Scripted model' },
				};
				await stack.addWorkflow(wf);
				// The first text value of `key` in a tool result, as n8n hands it (JSON text) or parsed.
				const find = (value: unknown, key: string): unknown =>
					(typeof value === 'string' ? value : JSON.stringify(value)).match(
						new RegExp(`"${key}":"([^"]+)"`),
					)?.[1];
				model.script([
					(request) => {
						const url = /https?:\/\/\S+\.pdf/.exec(
							request.messages.map((m) => m.text).join('\n'),
						)![0];
						return { toolCalls: [{ name: 'Create_Envelope', arguments: { documentUrl: url } }] };
					},
					(request) => ({
						toolCalls: [
							{
								name: 'Send_and_Get_Links',
								arguments: {
									documentId: find(lastToolResult(request), 'documentId'),
									signers: JSON.stringify([
										{ name: 'Jane Doe', email: 'jane@example.com', invitationLanguage: 'English' },
										{
											name: 'John Smith',
											email: 'john@example.com',
											invitationLanguage: 'English',
										},
									]),
								},
							},
						],
					}),
					(request) => ({
						toolCalls: [
							{
								name: 'Get_Status',
								arguments: { envelopeId: find(request.toolResults[0].output, 'envelopeId') },
							},
						],
					}),
					(request) => ({ text: `Status: ${String(find(lastToolResult(request), 'status'))}` }),
				]);
				const ex = assertSuccess(await stack.n8n.runWorkflow(wf.id));
				expect(model.stepsLeft).toBe(0);
				const [answer] = nodeOutput(ex, 'Contract Agent');
				const envelopeId = String(find(model.requests[2].toolResults[0].output, 'envelopeId'));
				const envelope = stack.emulator.envelope(envelopeId)!;
				expect(envelope.files[0].data.equals(stack.emulator.samplePdf)).toBe(true);
				expect(envelope.signers.map((s) => [s.email, s.invitationLanguage])).toEqual([
					// "English", as the published number (docs/service-api.md#invitation-language).
					['jane@example.com', 2],
					['john@example.com', 2],
				]);
				expect(model.requests[3].toolResults[1].output).toContain(
					envelope.signers[0].destinationId,
				);
				expect(answer.json.output).toBe('Status: Pending');
				// The tools as the model saw them: the example's descriptions, and the fields it fills.
				const offered = model.requests[0].tools.find((t) => t.name === 'Get_Status')!;
				expect(offered.description).toBe(
					'Get the status of an envelope and of each signer, by the envelopeId from Create Envelope.',
				);
				expect(Object.keys((offered.parameters as { properties: object }).properties)).toEqual([
					'envelopeId',
				]);
			} finally {
				await model.stop();
				await files.stop();
			}
		},
	);
});
