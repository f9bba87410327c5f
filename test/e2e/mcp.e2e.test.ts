/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/require-node-api-error -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The E-Signature tools behind n8n's own MCP Server Trigger (2.1), called by a client made with
 * @modelcontextprotocol/sdk over streamable HTTP and SSE, as an outside assistant calls them. One n8n for the file.
 * Each scenario asserts what the emulator received and the text the client (the model's side) received
 * (docs/ai-agents.md).
 */
import { randomUUID } from 'node:crypto';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import {
	type DocumentServer,
	createEnvelopeTool,
	getStatusTool,
	sendAndWaitTool,
	serveDocument,
} from './agent-tools';
import { PACKAGE_NAME } from './n8n';
import { type Stack, startStack } from './stack';
import { type NodeSpec, chain } from './workflow-builder';
import { UNKNOWN_GUID } from '../harness/values';

jest.setTimeout(300_000);

const MCP_PATH = 'esignature-tools';

type ToolResult = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const textOf = (result: ToolResult) => result.content.map((part) => part.text ?? '').join('\n');

describe('E-Signature tools behind the MCP Server Trigger', () => {
	let stack: Stack;
	let files: DocumentServer;
	/** A document server on another loopback address, which n8n's outbound rules (SSRF protection) here refuse. */
	let blockedFiles: DocumentServer;
	let documentUrl: string;
	const clients: Client[] = [];

	const tools: NodeSpec[] = [createEnvelopeTool(), getStatusTool(), sendAndWaitTool()];

	beforeAll(async () => {
		files = await serveDocument(() => stack.emulator.samplePdf);
		blockedFiles = await serveDocument(() => stack.emulator.samplePdf, '127.0.0.2');
		documentUrl = files.url('/lease.pdf');
		// n8n's SSRF protection on, with only 127.0.0.1 (the emulator, the allowed document server) let through.
		stack = await startStack({
			tarball: process.env.ESIG_E2E_TARBALL,
			env: { N8N_SSRF_PROTECTION_ENABLED: 'true', N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' },
		});
		const trigger: NodeSpec = {
			name: 'MCP Server Trigger',
			type: '@n8n/n8n-nodes-langchain.mcpTrigger',
			typeVersion: 2.1,
			webhookId: randomUUID(),
			parameters: { authentication: 'none', path: MCP_PATH },
		};
		const connections: Record<string, unknown> = {};
		for (const tool of tools)
			connections[tool.name] = { ai_tool: [[{ node: trigger.name, type: 'ai_tool', index: 0 }]] };
		const wf = chain('E-Signature over MCP', [trigger], { connections });
		wf.nodes.push(
			...tools.map((node, i) => ({ id: randomUUID(), position: [i * 200, 300], ...node })),
		);
		await stack.addWorkflow(wf, { activate: true });
	});
	afterAll(async () => {
		for (const client of clients) await client.close().catch(() => undefined);
		await stack?.stop();
		await files?.stop();
		await blockedFiles?.stop();
	});
	beforeEach(() => stack.emulator.clearRequests());

	/** A connected MCP client; right after activation the path may answer 404 for a moment, so connecting is retried. */
	async function connect(transport: 'streamable' | 'sse'): Promise<Client> {
		const url = new URL(`http://127.0.0.1:${stack.n8n.ports.port}/mcp/${MCP_PATH}`);
		for (let attempt = 0; ; attempt++) {
			const client = new Client({ name: 'esignature-e2e', version: '1.0.0' });
			try {
				await client.connect(
					transport === 'sse'
						? new SSEClientTransport(url)
						: new StreamableHTTPClientTransport(url),
				);
				clients.push(client);
				return client;
			} catch (error) {
				if (attempt >= 20) throw error;
				await new Promise((resolve) => setTimeout(resolve, 250));
			}
		}
	}

	const apiCalls = () =>
		stack.emulator.requests
			.filter((r) => r.path.startsWith('/api/'))
			.map((r) => `${r.method} ${r.path}`);

	test('streamable HTTP: the tools are listed (not the trigger), and an unknown ID comes back with what it means', async () => {
		const client = await connect('streamable');
		const { tools: listed } = await client.listTools();
		expect(listed.map((t) => t.name).sort()).toEqual([
			'Create_Envelope',
			'Get_Status',
			'Send_and_Wait_for_Signature',
		]);
		// The tool's description is the operation's action text; its input, the fields the model fills.
		const status = listed.find((t) => t.name === 'Get_Status')!;
		expect(status.description).toMatch(/^Get the status of an envelope/);
		expect(Object.keys((status.inputSchema as { properties: object }).properties)).toEqual([
			'envelopeId',
		]);
		// n8n offers no tool of the E-Signature Trigger, which cannot be one.
		const nodeTypes = await stack.n8n.nodeTypes();
		expect(nodeTypes).toContain(`${PACKAGE_NAME}.eSignatureTool`);
		expect(nodeTypes).not.toContain(`${PACKAGE_NAME}.eSignatureTriggerTool`);

		const result = (await client.callTool({
			name: 'Get_Status',
			arguments: { envelopeId: UNKNOWN_GUID },
		})) as ToolResult;
		// After the not-found, one read asks whether the ID is a document's (it is not: the error stays as it was).
		expect(apiCalls()).toEqual([
			`GET /api/v1/envelopes/${UNKNOWN_GUID}/status`,
			`GET /api/v1/documents/${UNKNOWN_GUID}`,
		]);
		expect(result.isError).toBe(true);
		// The quotes may come escaped, as JSON.
		expect(textOf(result)).toMatch(
			new RegExp(
				`Envelope ID \\\\?"${UNKNOWN_GUID}\\\\?" was not found\\. The service answered without data\\. ` +
					'envelopeId comes from the output of an envelope create operation',
			),
		);
	});

	test('SSE: the status of an envelope', async () => {
		const account = stack.emulator.state.account(stack.emulator.demo.accountId)!;
		const { envelopeId } = stack.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'a.pdf', data: stack.emulator.samplePdf }],
		});
		const client = await connect('sse');
		const result = (await client.callTool({
			name: 'Get_Status',
			arguments: { envelopeId },
		})) as ToolResult;
		expect(apiCalls()).toEqual([`GET /api/v1/envelopes/${envelopeId}/status`]);
		expect(result.isError).toBeFalsy();
		expect(JSON.parse(textOf(result))).toEqual([expect.objectContaining({ envelopeId })]);
	});

	test('Send and Wait is refused before anything is created: nothing is left at the service', async () => {
		const webhooksBefore = stack.emulator.webhooks().length;
		const client = await connect('streamable');
		const result = (await client.callTool({
			name: 'Send_and_Wait_for_Signature',
			arguments: { documentUrl, signerName: 'Jane Doe', signerEmail: 'jane@example.com' },
		})) as ToolResult;
		expect(result.isError).toBe(true);
		expect(textOf(result)).toContain(
			'Send and Wait for Signature cannot wait here: this run has no execution that can pause until the envelope is signed (as when an MCP client calls it through the MCP Server Trigger). Nothing was sent.',
		);
		expect(apiCalls()).toEqual([]);
		expect(stack.emulator.webhooks()).toHaveLength(webhooksBefore);
	});

	test("a document link goes through n8n's outbound rules: one they refuse is not downloaded, nothing is sent", async () => {
		const client = await connect('streamable');
		const allowed = (await client.callTool({
			name: 'Create_Envelope',
			arguments: { documentUrl },
		})) as ToolResult;
		expect(allowed.isError).toBeFalsy();
		expect(apiCalls()).toEqual(['POST /api/v1/envelopes/initiate-base64']);
		expect(JSON.parse(textOf(allowed))).toEqual([
			expect.objectContaining({ envelopeId: expect.any(String), documentId: expect.any(String) }),
		]);
		stack.emulator.clearRequests();

		const refused = (await client.callTool({
			name: 'Create_Envelope',
			arguments: { documentUrl: blockedFiles.url('/lease.pdf') },
		})) as ToolResult;
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toContain(
			`File URL: n8n's outbound rules (SSRF protection) do not allow downloads from ${blockedFiles.url('')}`,
		);
		expect(blockedFiles.downloads).toHaveLength(0);
		expect(apiCalls()).toEqual([]);
	});
});
