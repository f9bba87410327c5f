/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * A scripted OpenAI-compatible model server on 127.0.0.1: it stands in for the model only, so that n8n's own AI Agent
 * and OpenAI Chat Model nodes (its credential's Base URL pointed here) run as users run them. It serves the two APIs
 * the OpenAI Chat Model node calls: `POST /v1/responses` ("Use Responses API", the default of version 1.3) and
 * `POST /v1/chat/completions`. Each request is answered by the next step of the script, which sees what the model was
 * sent (the prompt, the tools offered, the tool results) and returns tool calls or a final text. Every request is kept,
 * normalised, so that tests assert the text the model received.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModelApi = 'responses' | 'chat';

/** One request to the model, whichever API it came by. */
export interface ModelRequest {
	api: ModelApi;
	/** The names of the tools offered, with their descriptions and input schemas. */
	tools: Array<{ name: string; description: string; parameters: unknown }>;
	/** The text of the system, user and assistant messages, in order. */
	messages: Array<{ role: string; text: string }>;
	/** The tool results the model received, in order: what n8n handed it from each tool call. */
	toolResults: Array<{ callId: string; output: string }>;
	/** The raw body. */
	body: Record<string, unknown>;
}

export interface ToolCall {
	name: string;
	arguments: Record<string, unknown>;
}

export type ModelReply = { toolCalls: ToolCall[] } | { text: string };

/** One turn of the script: what the model answers to this request. */
export type ModelStep = (request: ModelRequest) => ModelReply | Promise<ModelReply>;

function textOf(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) {
		return content
			.map((part) =>
				typeof part === 'string' ? part : String((part as { text?: unknown }).text ?? ''),
			)
			.join('');
	}
	return '';
}

function normalise(api: ModelApi, body: Record<string, unknown>): ModelRequest {
	const tools = ((body.tools as Array<Record<string, unknown>>) ?? []).map((tool) => {
		const fn = (api === 'chat' ? tool.function : tool) as Record<string, unknown>;
		return {
			name: String(fn.name),
			description: String(fn.description ?? ''),
			parameters: fn.parameters,
		};
	});
	const messages: ModelRequest['messages'] = [];
	const toolResults: ModelRequest['toolResults'] = [];
	const entries =
		((api === 'chat' ? body.messages : body.input) as Array<Record<string, unknown>>) ?? [];
	for (const entry of typeof entries === 'string'
		? [{ role: 'user', content: entries }]
		: entries) {
		if (entry.type === 'function_call_output')
			toolResults.push({ callId: String(entry.call_id), output: textOf(entry.output) });
		else if (entry.role === 'tool')
			toolResults.push({ callId: String(entry.tool_call_id), output: textOf(entry.content) });
		else if (entry.role) messages.push({ role: String(entry.role), text: textOf(entry.content) });
	}
	return { api, tools, messages, toolResults, body };
}

const usage = { input_tokens: 10, output_tokens: 10, total_tokens: 20 };

function responsesAnswer(model: string, reply: ModelReply): Record<string, unknown> {
	const output =
		'text' in reply
			? [
					{
						type: 'message',
						id: `msg_${randomUUID()}`,
						role: 'assistant',
						status: 'completed',
						content: [{ type: 'output_text', text: reply.text, annotations: [] }],
					},
				]
			: reply.toolCalls.map((call) => ({
					type: 'function_call',
					id: `fc_${randomUUID()}`,
					call_id: `call_${randomUUID()}`,
					name: call.name,
					arguments: JSON.stringify(call.arguments),
					status: 'completed',
				}));
	return {
		id: `resp_${randomUUID()}`,
		object: 'response',
		created_at: Math.floor(Date.now() / 1000),
		status: 'completed',
		model,
		output,
		parallel_tool_calls: true,
		tool_choice: 'auto',
		tools: [],
		usage,
	};
}

function chatAnswer(model: string, reply: ModelReply): Record<string, unknown> {
	const message =
		'text' in reply
			? { role: 'assistant', content: reply.text }
			: {
					role: 'assistant',
					content: null,
					tool_calls: reply.toolCalls.map((call) => ({
						id: `call_${randomUUID()}`,
						type: 'function',
						function: { name: call.name, arguments: JSON.stringify(call.arguments) },
					})),
				};
	return {
		id: `chatcmpl-${randomUUID()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model,
		choices: [{ index: 0, message, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
		usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
	};
}

export class ScriptedModel {
	readonly requests: ModelRequest[] = [];

	private steps: ModelStep[] = [];

	private constructor(
		private readonly server: Server,
		/** The Base URL to give the OpenAI credential: `http://127.0.0.1:<port>/v1`. */
		readonly baseUrl: string,
	) {}

	static async start(): Promise<ScriptedModel> {
		// The handler reaches the model through this holder: the model needs the server's port first.
		const holder: { model?: ScriptedModel } = {};
		const server = createServer((req, res) => void holder.model!.handle(req, res));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		holder.model = new ScriptedModel(
			server,
			`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		);
		return holder.model;
	}

	/** The steps of the next conversation, replacing what is left of the last one; the kept requests are forgotten. */
	script(steps: ModelStep[]): void {
		this.steps = [...steps];
		this.requests.length = 0;
	}

	/** Steps not used yet (a finished conversation used them all). */
	get stepsLeft(): number {
		return this.steps.length;
	}

	async stop(): Promise<void> {
		this.server.closeAllConnections();
		await new Promise((resolve) => this.server.close(resolve));
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const send = (status: number, body: unknown) => {
			res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
		};
		const path = (req.url ?? '').split('?')[0];
		const api: ModelApi | undefined = path.endsWith('/responses')
			? 'responses'
			: path.endsWith('/chat/completions')
				? 'chat'
				: undefined;
		if (req.method === 'GET' && path.endsWith('/models')) {
			send(200, {
				object: 'list',
				data: [{ id: 'scripted-model', object: 'model', owned_by: 'test' }],
			});
			return;
		}
		if (req.method !== 'POST' || !api) {
			send(404, { error: { message: `not served: ${req.method} ${path}` } });
			return;
		}
		const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
			string,
			unknown
		>;
		const request = normalise(api, body);
		this.requests.push(request);
		const step = this.steps.shift();
		if (!step) {
			send(500, { error: { message: 'the script has no step left for this request' } });
			return;
		}
		try {
			const reply = await step(request);
			const model = String(body.model ?? 'scripted-model');
			send(200, api === 'responses' ? responsesAnswer(model, reply) : chatAnswer(model, reply));
		} catch (error) {
			send(500, { error: { message: `script step failed: ${(error as Error).message}` } });
		}
	}
}

/** The last tool result the model received, parsed as n8n hands it (JSON text), or the text itself. */
export function lastToolResult(request: ModelRequest): unknown {
	const last = request.toolResults.at(-1);
	if (!last) throw new Error('the model has received no tool result yet');
	try {
		return JSON.parse(last.output);
	} catch {
		return last.output;
	}
}
