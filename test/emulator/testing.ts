/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What the emulator's own tests share (routes/*.test.ts and the *.test.ts beside the other modules): one emulator per
 * test file (useEmulator), reset before each test with a fresh client-credentials token, a client for its API over
 * real HTTP, and the steps many tests take (create an envelope, invite, register a webhook, receive callbacks).
 *
 * `emu` and `token` are live bindings: read them inside hooks and tests; change the token with setToken.
 */
import { type IncomingHttpHeaders, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { type DemoCredentials, Emulator } from './index';
import type { ParsedJson } from '../harness/json';

// ---------------------------------------------------------------------------
// The emulator of the test file
// ---------------------------------------------------------------------------

export let emu: Emulator;
export let token: string;

/** The bearer token `call` sends from now on (until the next test). */
export function setToken(value: string): void {
	token = value;
}

/**
 * Registers the hooks of a test file: starts an emulator before all tests and stops it after them; before each test
 * resets its whole state and takes a client-credentials token for the demo account.
 */
export function useEmulator(): void {
	beforeAll(async () => {
		emu = await Emulator.start();
	});
	afterAll(async () => {
		await emu.stop();
	});
	beforeEach(async () => {
		emu.reset();
		emu.setProfile('spec');
		token = await clientCredentialsToken();
	});
}

// ---------------------------------------------------------------------------
// HTTP client
// ---------------------------------------------------------------------------

export interface CallOptions {
	token?: string | null;
	json?: unknown;
	form?: FormData;
	body?: string | Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}

export interface CallResult {
	status: number;
	headers: Headers;
	buffer: Buffer;
	json: ParsedJson;
}

export async function call(
	method: string,
	path: string,
	opts: CallOptions = {},
): Promise<CallResult> {
	const headers: Record<string, string> = { ...opts.headers };
	const bearer = opts.token === undefined ? token : opts.token;
	if (bearer) headers.authorization = `Bearer ${bearer}`;
	let body: string | Uint8Array | FormData | undefined;
	if (opts.json !== undefined) {
		body = JSON.stringify(opts.json);
		headers['content-type'] = 'application/json';
	} else if (opts.form) {
		body = opts.form;
	} else if (opts.body !== undefined) {
		body = opts.body;
		if (opts.contentType) headers['content-type'] = opts.contentType;
	}
	const res = await fetch(`${emu.url}${path}`, { method, headers, body });
	const buffer = Buffer.from(await res.arrayBuffer());
	const ct = res.headers.get('content-type') ?? '';
	return {
		status: res.status,
		headers: res.headers,
		buffer,
		json: ct.includes('json') && buffer.length ? JSON.parse(buffer.toString('utf8')) : undefined,
	};
}

/** GET with a JSON body: fetch refuses bodies on GET, node:http does not. */
export function getWithBody(
	path: string,
	body: unknown,
	bearer = token,
): Promise<{ status: number; json: ParsedJson }> {
	const payload = Buffer.from(JSON.stringify(body));
	return new Promise((resolve, reject) => {
		const req = request(
			`${emu.url}${path}`,
			{
				method: 'GET',
				headers: {
					authorization: `Bearer ${bearer}`,
					'content-type': 'application/json',
					'content-length': payload.length,
				},
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
					}),
				);
			},
		);
		req.on('error', reject);
		req.end(payload);
	});
}

export async function clientCredentialsToken(creds: DemoCredentials = emu.demo): Promise<string> {
	const res = await fetch(`${emu.authUrl}/connect/token`, {
		method: 'POST',
		body: new URLSearchParams({
			grant_type: 'client_credentials',
			client_id: creds.clientId,
			client_secret: creds.clientSecret,
			scope: 'Integrationscope',
		}),
	});
	expect(res.status).toBe(200);
	return ((await res.json()) as { access_token: string }).access_token;
}

export const expectWrapperKeys = (body: unknown): void =>
	expect(Object.keys(body as object).sort()).toEqual([
		'data',
		'errorCode',
		'message',
		'returnUrl',
		'signature',
		'stateValidationErrors',
	]);

// ---------------------------------------------------------------------------
// Envelopes, invitations and webhooks
// ---------------------------------------------------------------------------

export const pdfBase64 = (): string => emu.samplePdf.toString('base64');

export function pdfForm(
	files: Array<[field: string, name: string, data?: Buffer]>,
	fields: Record<string, string> = {},
): FormData {
	const form = new FormData();
	for (const [field, name, data] of files)
		form.append(field, new Blob([data ?? emu.samplePdf], { type: 'application/pdf' }), name);
	for (const [k, v] of Object.entries(fields)) form.append(k, v);
	return form;
}

export interface Created {
	envelopeId: string;
	documentId: string;
	referenceNumber: string;
}

export async function createEnvelope(
	extra: Record<string, unknown> = {},
	bearer = token,
): Promise<Created> {
	const res = await call('POST', '/api/v1/envelopes/initiate-base64', {
		token: bearer,
		json: {
			referenceNumber: `R-${Math.random().toString(36).slice(2)}`,
			// The key each profile takes (docs/service-api.md#spec-and-live-service).
			[emu.profile === 'live' ? 'File' : 'files']: { file: pdfBase64(), fileName: 'contract.pdf' },
			...extra,
		},
	});
	expect(res.json.errorCode).toBe(0);
	return res.json.data;
}

export const destination = (email: string, order: number, name = `Signer ${order}`) => ({
	DestinationName: name,
	DestinationEmail: email,
	DestinationPhoneNumber: '',
	SigneOrder: order,
	AuthenticationType: 0,
});

export async function invite(documentId: string, ...emails: string[]): Promise<void> {
	const res = await call('POST', '/api/v1/invitations', {
		json: { DocumentId: documentId, Destinations: emails.map((e, i) => destination(e, i + 1)) },
	});
	expect(res.json).toMatchObject({ data: true, errorCode: 0 });
}

export async function createWebhook(
	webhookUrl: string,
	headerToken = 'hook-secret',
	isDefault = true,
): Promise<string> {
	const res = await call('POST', '/api/v1/webhooks', {
		json: { webhookUrl, headerToken, isDefault },
	});
	expect(res.json.errorCode).toBe(0);
	return res.json.data.id;
}

// ---------------------------------------------------------------------------
// Callback receivers
// ---------------------------------------------------------------------------

export interface Receiver {
	url: string;
	received: Array<{ headers: IncomingHttpHeaders; body: ParsedJson }>;
	answer: number;
	close(): Promise<void>;
}

export async function startReceiver(answer = 200): Promise<Receiver> {
	const state: Receiver = { url: '', received: [], answer, close: async () => undefined };
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			state.received.push({
				headers: req.headers,
				body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
			});
			res.writeHead(state.answer);
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	state.close = () =>
		new Promise((resolve) => {
			server.closeAllConnections();
			server.close(() => resolve());
		});
	return state;
}

/**
 * Registers hooks that start a receiver before each test of the block and close it after. The returned receiver
 * stands for the current test's one (use it inside tests).
 */
export function receiverForEachTest(): Receiver {
	let current: Receiver | undefined;
	beforeEach(async () => {
		current = await startReceiver();
	});
	afterEach(async () => {
		await current?.close();
	});
	const now = (): Receiver => {
		if (!current) throw new Error('The receiver is started before each test: use it inside tests');
		return current;
	};
	return {
		get url() {
			return now().url;
		},
		get received() {
			return now().received;
		},
		get answer() {
			return now().answer;
		},
		set answer(status: number) {
			now().answer = status;
		},
		close: () => now().close(),
	};
}
