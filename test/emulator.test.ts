/**
 * Tests of the service emulator over real HTTP: every endpoint of the spec, the
 * error codes, both token grants, callbacks, fault injection and the control API.
 */
import { type IncomingHttpHeaders, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import {
	DEMO_CREDENTIALS,
	type DemoCredentials,
	Emulator,
	KNOWN_CR_NUMBER,
	TEMPLATE_ID,
	TEMPLATE_WITH_RECIPIENT_FIELDS_ID,
	ZERO_GUID,
	pdfSigners,
	readZip,
} from './emulator';

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

let emu: Emulator;
let token: string;

interface CallOptions {
	token?: string | null;
	json?: unknown;
	form?: FormData;
	body?: string | Buffer;
	contentType?: string;
	headers?: Record<string, string>;
}

interface CallResult {
	status: number;
	headers: Headers;
	buffer: Buffer;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	json: any;
}

async function call(method: string, path: string, opts: CallOptions = {}): Promise<CallResult> {
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
	return { status: res.status, headers: res.headers, buffer, json: ct.includes('json') && buffer.length ? JSON.parse(buffer.toString('utf8')) : undefined };
}

/** GET with a JSON body: fetch refuses bodies on GET, node:http does not. */
function getWithBody(path: string, body: unknown, bearer = token): Promise<{ status: number; json: any }> {
	const payload = Buffer.from(JSON.stringify(body));
	return new Promise((resolve, reject) => {
		const req = request(`${emu.url}${path}`, {
			method: 'GET',
			headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'content-length': payload.length },
		}, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (c: Buffer) => chunks.push(c));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
		});
		req.on('error', reject);
		req.end(payload);
	});
}

async function clientCredentialsToken(creds: DemoCredentials = emu.demo): Promise<string> {
	const res = await fetch(`${emu.authUrl}/connect/token`, {
		method: 'POST',
		body: new URLSearchParams({ grant_type: 'client_credentials', client_id: creds.clientId, client_secret: creds.clientSecret, scope: 'Integrationscope' }),
	});
	expect(res.status).toBe(200);
	return ((await res.json()) as { access_token: string }).access_token;
}

function integrationRequest(creds: DemoCredentials, fields: Record<string, string> = {}, basic?: string) {
	return fetch(`${emu.url}/Authentication/Authority/Token`, {
		method: 'POST',
		headers: { authorization: basic ?? `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}` },
		body: new URLSearchParams({
			grant_type: 'integration',
			username: creds.username,
			password: creds.password,
			accountId: creds.accountId,
			accountSecret: creds.accountSecret,
			...fields,
		}),
	});
}

const pdfBase64 = (): string => emu.samplePdf.toString('base64');

function pdfForm(files: Array<[field: string, name: string, data?: Buffer]>, fields: Record<string, string> = {}): FormData {
	const form = new FormData();
	for (const [field, name, data] of files) form.append(field, new Blob([data ?? emu.samplePdf], { type: 'application/pdf' }), name);
	for (const [k, v] of Object.entries(fields)) form.append(k, v);
	return form;
}

interface Created {
	envelopeId: string;
	documentId: string;
	referenceNumber: string;
}

async function createEnvelope(extra: Record<string, unknown> = {}, bearer = token): Promise<Created> {
	const res = await call('POST', '/api/v1/envelopes/initiate-base64', {
		token: bearer,
		json: { referenceNumber: `R-${Math.random().toString(36).slice(2)}`, files: { file: pdfBase64(), fileName: 'contract.pdf' }, ...extra },
	});
	expect(res.json.errorCode).toBe(0);
	return res.json.data;
}

const destination = (email: string, order: number, name = `Signer ${order}`) => ({
	DestinationName: name,
	DestinationEmail: email,
	DestinationPhoneNumber: '',
	SigneOrder: order,
	AuthenticationType: 0,
});

async function invite(documentId: string, ...emails: string[]): Promise<void> {
	const res = await call('POST', '/api/v1/invitations', {
		json: { DocumentId: documentId, Destinations: emails.map((e, i) => destination(e, i + 1)) },
	});
	expect(res.json).toMatchObject({ data: true, errorCode: 0 });
}

const signres = (email: string, first = 'Ali') => ({
	firstNameArabic: 'علي', firstNameEnglish: first, secondNameArabic: 'محمد', secondNameEnglish: 'Mohammed',
	familyNameArabic: 'السعيد', familyNameEnglish: 'Alsaeed', nationalId: '1000000001', mobileNumber: '+966500000001', emailAddress: email,
});

interface Receiver {
	url: string;
	received: Array<{ headers: IncomingHttpHeaders; body: any }>;
	answer: number;
	close(): Promise<void>;
}

async function startReceiver(answer = 200): Promise<Receiver> {
	const state: Receiver = { url: '', received: [], answer, close: async () => undefined };
	const server: Server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			state.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
			res.writeHead(state.answer);
			res.end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	state.close = () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
	return state;
}

async function createWebhook(webhookUrl: string, headerToken = 'hook-secret', isDefault = true): Promise<string> {
	const res = await call('POST', '/api/v1/webhooks', { json: { webhookUrl, headerToken, isDefault } });
	expect(res.json.errorCode).toBe(0);
	return res.json.data.id;
}

const expectWrapperKeys = (body: unknown): void =>
	expect(Object.keys(body as object).sort()).toEqual(['data', 'errorCode', 'message', 'returnUrl', 'signature', 'stateValidationErrors']);

beforeAll(async () => {
	emu = await Emulator.start();
});
afterAll(async () => {
	await emu.stop();
});
beforeEach(async () => {
	emu.reset();
	token = await clientCredentialsToken();
});

// ---------------------------------------------------------------------------
// Fixtures: PDF and ZIP
// ---------------------------------------------------------------------------

describe('fixture PDF and signed bytes', () => {
	/** Every classic xref entry must point at "N 0 obj". */
	function checkXref(pdf: Buffer): void {
		const text = pdf.toString('latin1');
		for (const section of text.matchAll(/xref\n((?:\d+ \d+\n(?:\d{10} \d{5} [nf] \n)+)+)/g)) {
			const lines = section[1].split('\n').filter(Boolean);
			let number = 0;
			for (const line of lines) {
				const header = /^(\d+) (\d+)$/.exec(line);
				if (header) { number = Number(header[1]); continue; }
				const [offset, , type] = line.trim().split(' ');
				if (type === 'n') expect(text.slice(Number(offset), Number(offset) + 20)).toMatch(new RegExp(`^${number} 0 obj`));
				number += 1;
			}
		}
		const startxref = Number([...text.matchAll(/startxref\n(\d+)/g)].pop()![1]);
		expect(text.slice(startxref, startxref + 4)).toBe('xref');
	}

	it('is a valid one-page PDF', () => {
		expect(emu.samplePdf.subarray(0, 5).toString()).toBe('%PDF-');
		expect(emu.samplePdf.toString('latin1')).toContain('/Count 1');
		checkXref(emu.samplePdf);
	});

	it('signedPdf appends a valid incremental update naming the signers', () => {
		const signed = emu.signedPdf(emu.samplePdf, ['Ali Alsaeed', 'سارة']);
		expect(signed.subarray(0, emu.samplePdf.length).equals(emu.samplePdf)).toBe(true);
		expect(signed.length).toBeGreaterThan(emu.samplePdf.length);
		expect(pdfSigners(signed)).toEqual(['Ali Alsaeed', 'سارة']);
		expect(pdfSigners(emu.samplePdf)).toBeUndefined();
		checkXref(signed);
		expect(emu.signedPdf(emu.samplePdf, ['A']).equals(emu.signedPdf(emu.samplePdf, ['A']))).toBe(true);
	});
});

// ---------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------

describe('integration grant: POST /Authentication/Authority/Token', () => {
	it('issues a JWT-shaped bearer token without the wrapper', async () => {
		const before = emu.tokenRequests;
		const res = await integrationRequest(emu.demo);
		expect(res.status).toBe(200);
		const body = (await res.json()) as Record<string, unknown>;
		expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, scope: 'Integrationscope' });
		const [header, payload, signature] = (body.access_token as string).split('.');
		expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'JWT' });
		const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
		expect(claims).toMatchObject({ sub: DEMO_CREDENTIALS.username, account: DEMO_CREDENTIALS.accountId, jti: expect.any(String) });
		expect(claims.exp - claims.iat).toBe(3600);
		expect(signature.length).toBeGreaterThan(20);
		expect(emu.tokenRequests).toBe(before + 1);
		const status = await call('GET', '/api/v1/webhooks', { token: body.access_token as string });
		expect(status.json.errorCode).toBe(0);
	});

	it('refuses a wrong or missing client with 401 invalid_client', async () => {
		const wrong = await integrationRequest({ ...emu.demo, clientSecret: 'nope' });
		expect(wrong.status).toBe(401);
		expect(await wrong.json()).toMatchObject({ error: 'invalid_client', error_description: expect.any(String) });
		const missing = await integrationRequest(emu.demo, {}, '');
		expect(missing.status).toBe(401);
		expect(((await missing.json()) as { error: string }).error).toBe('invalid_client');
	});

	it('refuses wrong user fields with 400 invalid_grant and a wrong grant_type with unsupported_grant_type', async () => {
		for (const field of ['username', 'password', 'accountId', 'accountSecret']) {
			const res = await integrationRequest(emu.demo, { [field]: 'wrong' });
			expect(res.status).toBe(400);
			expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining(field) });
		}
		const grant = await integrationRequest(emu.demo, { grant_type: 'password' });
		expect(grant.status).toBe(400);
		expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
	});

	it('requires a form body', async () => {
		const res = await fetch(`${emu.url}/Authentication/Authority/Token`, {
			method: 'POST',
			headers: { authorization: `Basic ${Buffer.from('demo-client:demo-client-secret').toString('base64')}`, 'content-type': 'application/json' },
			body: JSON.stringify({ grant_type: 'integration' }),
		});
		expect(res.status).toBe(400);
		expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
	});
});

describe('client credentials grant and revocation', () => {
	const tokenForm = (fields: Record<string, string>) =>
		fetch(`${emu.authUrl}/connect/token`, {
			method: 'POST',
			body: new URLSearchParams({ grant_type: 'client_credentials', client_id: emu.demo.clientId, client_secret: emu.demo.clientSecret, scope: 'Integrationscope', ...fields }),
		});

	it('issues a token for the right client and scope', async () => {
		const before = emu.tokenRequests;
		const res = await tokenForm({});
		expect(res.status).toBe(200);
		expect(await res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'Integrationscope' });
		expect(emu.tokenRequests).toBe(before + 1);
	});

	it('refuses a bad client (401 invalid_client), a bad scope (400 invalid_scope) and a bad grant', async () => {
		const bad = await tokenForm({ client_secret: 'x' });
		expect(bad.status).toBe(401);
		expect(((await bad.json()) as { error: string }).error).toBe('invalid_client');
		const scope = await tokenForm({ scope: 'other' });
		expect(scope.status).toBe(400);
		expect(((await scope.json()) as { error: string }).error).toBe('invalid_scope');
		const grant = await tokenForm({ grant_type: 'integration' });
		expect(grant.status).toBe(400);
		expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
	});

	it('revokes a token: 200 empty body, then the token is refused; a bad client gets 401', async () => {
		const revoke = (fields: Record<string, string>) =>
			fetch(`${emu.authUrl}/connect/revocation`, { method: 'POST', body: new URLSearchParams(fields) });
		const badClient = await revoke({ token, client_id: emu.demo.clientId, client_secret: 'x' });
		expect(badClient.status).toBe(401);
		expect(((await badClient.json()) as { error: string }).error).toBe('invalid_client');
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
		const res = await revoke({ token, client_id: emu.demo.clientId, client_secret: emu.demo.clientSecret });
		expect(res.status).toBe(200);
		expect((await res.arrayBuffer()).byteLength).toBe(0);
		const after = await call('GET', '/api/v1/webhooks');
		expect(after.status).toBe(401);
	});
});

describe('bearer authentication on /api', () => {
	const unauthorized = { data: null, errorCode: 401, message: 'Unauthorized', returnUrl: null, stateValidationErrors: null, signature: '' };

	it('answers 401 with the wrapper for a missing or unknown token', async () => {
		const missing = await call('GET', '/api/v1/webhooks', { token: null });
		expect(missing.status).toBe(401);
		expect(missing.json).toEqual(unauthorized);
		const unknown = await call('POST', '/api/v1/envelopes/initiate', { token: 'abc.def.ghi', form: pdfForm([['f', 'a.pdf']]) });
		expect(unknown.status).toBe(401);
		expect(unknown.json).toEqual(unauthorized);
	});

	it('expires every issued token on expireAllTokens, while new tokens work', async () => {
		emu.expireAllTokens();
		const res = await call('GET', '/api/v1/webhooks');
		expect(res.status).toBe(401);
		expect(res.json.errorCode).toBe(401);
		token = await clientCredentialsToken();
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
	});

	it('expires tokens after their lifetime', async () => {
		const short = await Emulator.start({ tokenLifetimeSeconds: 1 });
		try {
			const res = await fetch(`${short.authUrl}/connect/token`, {
				method: 'POST',
				body: new URLSearchParams({ grant_type: 'client_credentials', client_id: short.demo.clientId, client_secret: short.demo.clientSecret, scope: 'Integrationscope' }),
			});
			const issued = (await res.json()) as { access_token: string; expires_in: number };
			expect(issued.expires_in).toBe(1);
			const get = () => fetch(`${short.url}/api/v1/webhooks`, { headers: { authorization: `Bearer ${issued.access_token}` } });
			expect((await get()).status).toBe(200);
			await new Promise((r) => setTimeout(r, 1100));
			expect((await get()).status).toBe(401);
		} finally {
			await short.stop();
		}
	});

	it('keeps accounts isolated', async () => {
		const other = emu.addAccount();
		expect(other.accountId).not.toBe(emu.demo.accountId);
		const otherToken = await clientCredentialsToken(other);
		const mine = await createEnvelope();
		// integration grant works for the added account too
		expect((await integrationRequest(other)).status).toBe(200);
		const status = await call('GET', `/api/v1/envelopes/${mine.envelopeId}/status`, { token: otherToken });
		expect(status.json).toMatchObject({ errorCode: 0, data: null });
		const content = await call('GET', `/api/v1/documents/${mine.documentId}/content-base64`, { token: otherToken });
		expect(content.status).toBe(200);
		expect(content.json).toMatchObject({ errorCode: 14, message: 'The user is unauthorized', data: null });
		const webhookId = await createWebhook('http://127.0.0.1:9/x');
		const foreign = await call('GET', `/api/v1/webhooks/${webhookId}`, { token: otherToken });
		expect(foreign.json).toMatchObject({ errorCode: 0, data: null });
		expect(emu.requestsTo('GET', `/api/v1/webhooks/${webhookId}`)[0].account).toBe(other.accountId);
	});
});

// ---------------------------------------------------------------------------
// Common request checks
// ---------------------------------------------------------------------------

describe('content types and validation', () => {
	it('answers errorCode 7 for a JSON endpoint given a non-JSON body, and for multipart endpoints given JSON', async () => {
		const text = await call('POST', '/api/v1/envelopes/initiate-base64', { body: 'files=x', contentType: 'application/x-www-form-urlencoded' });
		expect(text.status).toBe(400);
		expect(text.json).toMatchObject({ errorCode: 7, data: null });
		expectWrapperKeys(text.json);
		const multi = await call('POST', '/api/v1/envelopes/initiate', { json: { file: 'x' } });
		expect(multi.status).toBe(400);
		expect(multi.json.errorCode).toBe(7);
		const template = await call('POST', '/api/v1/envelopes/initiate-by-template', { json: { templateId: TEMPLATE_ID } });
		expect(template.json.errorCode).toBe(7);
	});

	it('answers errorCode 8 with stateValidationErrors for malformed JSON and bad GUIDs', async () => {
		const bad = await call('POST', '/api/v1/invitations', { body: '{"DocumentId":', contentType: 'application/json' });
		expect(bad.status).toBe(400);
		expect(bad.json).toMatchObject({ errorCode: 8, message: 'ValidationError', stateValidationErrors: { $: [expect.any(String)] } });
		const guid = await call('POST', '/api/v1/invitations', { json: { DocumentId: '', Destinations: [destination('a@example.com', 1)] } });
		expect(guid.status).toBe(400);
		expect(guid.json.stateValidationErrors).toHaveProperty('DocumentId');
	});

	it('answers unknown API paths with a 404 wrapper', async () => {
		const res = await call('GET', '/api/v1/nothing-here');
		expect(res.status).toBe(404);
		expect(res.json.errorCode).toBe(404);
	});
});

// ---------------------------------------------------------------------------
// Envelopes
// ---------------------------------------------------------------------------

describe('POST /api/v1/envelopes/initiate', () => {
	it('creates an envelope from every file part and reads parameters from form fields or the query', async () => {
		const fileId = '11111111-2222-4333-8444-555555555555';
		const res = await call('POST', `/api/v1/envelopes/initiate?FileId=${fileId}`, {
			form: pdfForm([['document', 'one.pdf'], ['anything', 'two.pdf']], { referenceNumber: 'REF-MULTI', IsForExternalWorkFlow: 'false' }),
		});
		expect(res.status).toBe(200);
		expectWrapperKeys(res.json);
		expect(res.json).toMatchObject({ errorCode: 0, message: 'Success' });
		expect(res.json.data).toEqual({ documentId: fileId, envelopeId: expect.any(String), destinations: null, referenceNumber: 'REF-MULTI', creatorFields: null });
		const envelope = emu.envelope(res.json.data.envelopeId)!;
		expect(envelope.files.map((f) => f.fileName)).toEqual(['one.pdf', 'two.pdf']);
		expect(envelope.files[0].data.equals(emu.samplePdf)).toBe(true);
		expect(envelope.account).toBe(emu.demo.accountId);
		const recorded = emu.requestsTo('POST', '/api/v1/envelopes/initiate')[0];
		expect(recorded.files.map((f) => f.field)).toEqual(['document', 'anything']);
		expect(recorded.body).toMatchObject({ referenceNumber: 'REF-MULTI' });
		expect(recorded.query).toEqual({ FileId: fileId });
	});

	it('generates a reference number when none is given', async () => {
		const res = await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'a.pdf']]) });
		expect(res.json.data.referenceNumber).toMatch(/^REF-/);
	});

	it('answers 116 FileNotFoundInRequest with zero GUIDs when no file is sent', async () => {
		const form = new FormData();
		form.append('ReferenceNumber', 'x');
		const res = await call('POST', '/api/v1/envelopes/initiate', { form });
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({
			errorCode: 116,
			message: 'FileNotFoundInRequest',
			data: { documentId: ZERO_GUID, envelopeId: ZERO_GUID, destinations: null, referenceNumber: null, creatorFields: null },
		});
	});

	it('refuses a non-PDF file, an unknown webhook and an empty FileId with errorCode 8', async () => {
		const notPdf = await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'notes.txt', Buffer.from('hello')]]) });
		expect(notPdf.status).toBe(400);
		expect(notPdf.json.errorCode).toBe(8);
		expect(JSON.stringify(notPdf.json.stateValidationErrors)).toContain('notes.txt');
		const hook = await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'a.pdf']], { WebhookId: '11111111-2222-4333-8444-555555555555' }) });
		expect(hook.json.errorCode).toBe(8);
		expect(hook.json.stateValidationErrors).toHaveProperty('WebhookId');
		const empty = await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'a.pdf']], { FileId: '' }) });
		expect(empty.json.errorCode).toBe(8);
		expect(empty.json.stateValidationErrors).toHaveProperty('FileId');
	});

	it('answers 227 DuplicatedReferenceNumber (HTTP 200) for a reused reference of the same account only', async () => {
		const first = await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'DUP-1' }) });
		expect(first.json.errorCode).toBe(0);
		const second = await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'DUP-1' }) });
		expect(second.status).toBe(200);
		expect(second.json).toMatchObject({ errorCode: 227, message: 'DuplicatedReferenceNumber', data: null });
		const other = emu.addAccount();
		const third = await call('POST', '/api/v1/envelopes/initiate', { token: await clientCredentialsToken(other), form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'DUP-1' }) });
		expect(third.json.errorCode).toBe(0);
	});
});

describe('POST /api/v1/envelopes/initiate-base64', () => {
	it('creates an envelope from files {fileId, file, fileName} and from the live variant File', async () => {
		const webhookId = await createWebhook('http://127.0.0.1:9/x', '', false);
		const fileId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
		const res = await call('POST', '/api/v1/envelopes/initiate-base64', {
			json: { webhookId, referenceNumber: 'B64-1', files: { fileId, file: pdfBase64(), fileName: 'b64.pdf' } },
		});
		expect(res.json).toMatchObject({ errorCode: 0, data: { documentId: fileId, referenceNumber: 'B64-1', destinations: null, creatorFields: null } });
		expect(emu.envelope(res.json.data.envelopeId)).toMatchObject({ webhookId, status: 'Pending' });
		const live = await call('POST', '/api/v1/envelopes/initiate-base64', { json: { referenceNumber: 'B64-2', File: { file: pdfBase64(), fileName: 'live.pdf' } } });
		expect(live.json.errorCode).toBe(0);
		expect(emu.envelope(live.json.data.envelopeId)!.files[0].fileName).toBe('live.pdf');
	});

	it('answers 400 "File content is required" for missing content, and 8 for bad Base64 or non-PDF', async () => {
		const missing = await call('POST', '/api/v1/envelopes/initiate-base64', { json: { referenceNumber: 'x', files: { file: '', fileName: 'a.pdf' } } });
		expect(missing.status).toBe(400);
		expect(missing.json).toMatchObject({ errorCode: 400, message: 'File content is required' });
		const junk = await call('POST', '/api/v1/envelopes/initiate-base64', { json: { referenceNumber: 'x', files: { file: '%%%not base64', fileName: 'a.pdf' } } });
		expect(junk.json.errorCode).toBe(8);
		const text = await call('POST', '/api/v1/envelopes/initiate-base64', { json: { referenceNumber: 'x', files: { file: Buffer.from('plain text').toString('base64'), fileName: 'a.txt' } } });
		expect(text.json.errorCode).toBe(8);
		const emptyId = await call('POST', '/api/v1/envelopes/initiate-base64', { json: { referenceNumber: 'x', files: { fileId: '', file: pdfBase64(), fileName: 'a.pdf' } } });
		expect(emptyId.json.errorCode).toBe(8);
	});
});

describe('POST /api/v1/envelopes/initiate-by-template', () => {
	const templateForm = (fields: Record<string, string>) => {
		const form = new FormData();
		for (const [k, v] of Object.entries(fields)) form.append(k, v);
		return form;
	};

	it("creates an envelope with the template's destinations", async () => {
		const res = await call('POST', '/api/v1/envelopes/initiate-by-template', { form: templateForm({ templateId: TEMPLATE_ID, userOnlySigner: 'false' }) });
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toMatchObject({ documentId: expect.any(String), envelopeId: expect.any(String), creatorFields: null });
		expect(res.json.data.destinations).toHaveLength(2);
		expect(res.json.data.destinations[0]).toMatchObject({ destinationEmail: 'signer.one@example.com', signeOrder: 1, status: 'Pending' });
		expect(emu.envelope(res.json.data.envelopeId)!.signers).toHaveLength(2);
		const only = await call('POST', '/api/v1/envelopes/initiate-by-template', { form: templateForm({ templateId: TEMPLATE_ID, userOnlySigner: 'true' }) });
		expect(only.json.data.destinations).toEqual([expect.objectContaining({ destinationEmail: emu.demo.username })]);
	});

	it('answers 404 for an unknown template and 8 for a bad templateId', async () => {
		const res = await call('POST', '/api/v1/envelopes/initiate-by-template', { form: templateForm({ templateId: '99999999-2222-4333-8444-555555555555', userOnlySigner: 'false' }) });
		expect(res.status).toBe(404);
		expect(res.json).toMatchObject({ errorCode: 404, message: 'Template not found' });
		const bad = await call('POST', '/api/v1/envelopes/initiate-by-template', { form: templateForm({ templateId: 'nope' }) });
		expect(bad.json.errorCode).toBe(8);
	});
});

describe('bulk envelope creation', () => {
	it('bulk/initiate-base64 creates one envelope with a document per file', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-base64', {
			json: { webhookId: null, workflowId: '', referenceNumber: 'BULK-1', files: [{ file: pdfBase64(), fileName: 'a.pdf' }, { file: pdfBase64(), fileName: 'b.pdf' }] },
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({
			envelopeId: expect.any(String),
			bulkFileResponse: [
				{ documentId: expect.any(String), documentName: 'a.pdf', referenceNumber: 'BULK-1' },
				{ documentId: expect.any(String), documentName: 'b.pdf', referenceNumber: 'BULK-1' },
			],
			destinations: null,
		});
		expect(emu.envelope(res.json.data.envelopeId)!.documentId).toBe(res.json.data.bulkFileResponse[0].documentId);
	});

	it('bulk/initiate-base64 answers 400 "At least one envelope is required" for no files', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-base64', { json: { referenceNumber: 'x', files: [] } });
		expect(res.status).toBe(400);
		expect(res.json).toMatchObject({ errorCode: 400, message: 'At least one envelope is required' });
	});

	it('bulk/initiate-and-invite creates the envelope, the signers and sends invitations', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-and-invite', {
			json: {
				Files: [{ File: pdfBase64(), fileName: 'invite.pdf' }],
				Destinations: [destination('one@example.com', 1), destination('two@example.com', 2)],
				SaveAsDraft: false, WebhookId: null, InvitationMessage: 'Please sign', InvitationSubject: 'Contract',
				SendUserInvitation: true, IsReturnUrl: true,
			},
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toMatchObject({ envelopeId: expect.any(String), documentId: expect.any(String), referenceNumber: expect.any(String) });
		expect(res.json.data.destinations).toEqual([
			{ destinationId: expect.any(String), destinationName: 'Signer 1', destinationEmail: 'one@example.com', status: 'Pending' },
			{ destinationId: expect.any(String), destinationName: 'Signer 2', destinationEmail: 'two@example.com', status: 'Pending' },
		]);
		expect(res.json.returnUrl).toBe(`/dashboard/envelopes/${res.json.data.envelopeId}`);
		expect(emu.notifications.map((n) => n.to)).toEqual(['one@example.com', 'two@example.com']);
		expect(emu.notifications[0]).toMatchObject({ subject: 'Contract', message: 'Please sign', kind: 'invitation' });
	});

	it('bulk/initiate-and-invite keeps drafts unsent and answers 100 for no destinations', async () => {
		const draft = await call('POST', '/api/v1/envelopes/bulk/initiate-and-invite', {
			json: { Files: [{ File: pdfBase64(), fileName: 'd.pdf' }], Destinations: [destination('d@example.com', 1)], SaveAsDraft: true, IsReturnUrl: false },
		});
		expect(draft.json).toMatchObject({ errorCode: 0, returnUrl: null });
		expect(emu.notifications).toHaveLength(0);
		const none = await call('POST', '/api/v1/envelopes/bulk/initiate-and-invite', { json: { Files: [{ File: pdfBase64(), fileName: 'd.pdf' }], Destinations: [] } });
		expect(none.json).toMatchObject({ errorCode: 100, message: 'GeneralError' });
	});
});

describe('envelope files, cancel and status', () => {
	it('adds files before invitations (data true) and refuses afterwards (100); no file gives 116', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const res = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, { form: pdfForm([['file', 'annex.pdf']]) });
		expect(res.json).toMatchObject({ errorCode: 0, message: 'Success', data: true });
		expect(emu.envelope(envelopeId)!.files.map((f) => f.fileName)).toEqual(['contract.pdf', 'annex.pdf']);
		const noFile = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, { form: new FormData() });
		expect(noFile.status).toBe(400);
		expect(noFile.json).toMatchObject({ errorCode: 116, message: 'FileNotFoundInRequest' });
		const fieldOnly = new FormData();
		fieldOnly.append('note', 'x');
		const empty = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, { form: fieldOnly });
		expect(empty.status).toBe(400);
		expect(empty.json.errorCode).toBe(116);
		await invite(documentId, 'a@example.com');
		const late = await call('POST', `/api/v1/envelopes/${envelopeId}/files`, { form: pdfForm([['file', 'late.pdf']]) });
		expect(late.json.errorCode).toBe(100);
		const unknown = await call('POST', '/api/v1/envelopes/11111111-2222-4333-8444-555555555555/files', { form: pdfForm([['file', 'x.pdf']]) });
		expect(unknown.status).toBe(404);
	});

	it('reports status with signers', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com', 'b@example.com');
		const res = await call('GET', `/api/v1/envelopes/${envelopeId}/status`);
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({
			envelopeId,
			status: 'Pending',
			createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
			signers: [
				{ name: 'Signer 1', email: 'a@example.com', status: 'Pending', signedAt: null },
				{ name: 'Signer 2', email: 'b@example.com', status: 'Pending', signedAt: null },
			],
		});
		await emu.sign(envelopeId, 'a@example.com');
		const partial = await call('GET', `/api/v1/envelopes/${envelopeId}/status`);
		expect(partial.json.data.status).toBe('In-progress');
		expect(partial.json.data.signers[0]).toMatchObject({ status: 'Signed', signedAt: expect.any(String) });
		const unknown = await call('GET', '/api/v1/envelopes/11111111-2222-4333-8444-555555555555/status');
		expect(unknown.json).toMatchObject({ errorCode: 0, data: null });
		const bad = await call('GET', '/api/v1/envelopes/not-a-guid/status');
		expect(bad.json.errorCode).toBe(8);
	});

	it('cancels an active envelope, checks envelopId, and refuses a completed one with HTTP 400 errorCode 100', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const mismatch = await call('POST', `/api/v1/envelopes/${envelopeId}/cancel`, { json: { envelopId: '11111111-2222-4333-8444-555555555555' } });
		expect(mismatch.json.errorCode).toBe(8);
		const res = await call('POST', `/api/v1/envelopes/${envelopeId}/cancel`, { json: { envelopId: envelopeId } });
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.status).toBe('Cancelled');
		expect(emu.notifications.some((n) => n.kind === 'cancellation' && n.to === 'a@example.com')).toBe(true);
		await expect(emu.sign(envelopeId)).rejects.toThrow(/Cancelled/);

		const done = await createEnvelope();
		await invite(done.documentId, 'b@example.com');
		await emu.sign(done.envelopeId);
		const completed = await call('POST', `/api/v1/envelopes/${done.envelopeId}/cancel`, { json: { envelopId: done.envelopeId } });
		expect(completed.status).toBe(400);
		expect(completed.json).toMatchObject({ errorCode: 100 });
		expect(emu.envelope(done.envelopeId)!.status).toBe('Completed');
	});
});

// ---------------------------------------------------------------------------
// Invitations
// ---------------------------------------------------------------------------

describe('invitations v1', () => {
	it('POST /api/v1/invitations adds pending signers and sends invitations', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const envelope = emu.envelope(envelopeId)!;
		expect(envelope.signers[0]).toMatchObject({ email: 'a@example.com', status: 'Pending', signeOrder: 1, invited: true });
		expect(emu.notifications).toEqual([expect.objectContaining({ kind: 'invitation', via: 'v1', to: 'a@example.com', channel: 'email' })]);
	});

	it('validates destinations (8) and answers unknown documents with errorCode 404 on HTTP 200', async () => {
		const { documentId } = await createEnvelope();
		const email = await call('POST', '/api/v1/invitations', { json: { DocumentId: documentId, Destinations: [destination('not-an-email', 1)] } });
		expect(email.json.errorCode).toBe(8);
		const empty = await call('POST', '/api/v1/invitations', { json: { DocumentId: documentId, Destinations: [] } });
		expect(empty.json.errorCode).toBe(8);
		const unknown = await call('POST', '/api/v1/invitations', { json: { DocumentId: '11111111-2222-4333-8444-555555555555', Destinations: [destination('a@example.com', 1)] } });
		expect(unknown.status).toBe(200);
		expect(unknown.json).toMatchObject({ errorCode: 404, message: 'DocumentNotFound' });
	});

	it('POST /api/v1/invitations/bulk/send invites per document', async () => {
		const one = await createEnvelope();
		const two = await createEnvelope();
		const res = await call('POST', '/api/v1/invitations/bulk/send', {
			json: [
				{ documentId: one.documentId, destinations: [{ destinationName: 'A', destinationEmail: 'a@example.com', signeOrder: 1 }] },
				{ documentId: two.documentId, destinations: [{ destinationName: 'B', destinationEmail: 'b@example.com', signeOrder: 1 }] },
			],
		});
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(one.envelopeId)!.signers.map((s) => s.email)).toEqual(['a@example.com']);
		expect(emu.envelope(two.envelopeId)!.signers.map((s) => s.email)).toEqual(['b@example.com']);
	});

	it('POST /api/v1/invitations/envelope requires the envelopeId query and invites pending signers', async () => {
		const res0 = await createEnvelope();
		await call('POST', '/api/v2/invitations/send', { json: { documentId: res0.documentId, destinations: [{ destinationName: 'A', destinationEmail: 'a@example.com', signeOrder: 1 }] } });
		expect(emu.notifications).toHaveLength(0);
		const missing = await call('POST', '/api/v1/invitations/envelope', { json: { envelopeId: res0.envelopeId, destinations: [], invitationMessage: 'hi' } });
		expect(missing.json.errorCode).toBe(8);
		const res = await call('POST', `/api/v1/invitations/envelope?envelopeId=${res0.envelopeId}`, {
			json: { envelopeId: res0.envelopeId, destinations: [{ destinationName: 'B', destinationEmail: 'b@example.com', signeOrder: 2 }], invitationMessage: 'hi' },
		});
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.notifications.map((n) => n.to).sort()).toEqual(['a@example.com', 'b@example.com']);
		expect(emu.notifications[0].message).toBe('hi');
	});

	it('PUT /api/v1/invitations/extend: 16 with data false for a past date, true otherwise', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const destinationId = emu.envelope(envelopeId)!.signers[0].destinationId;
		const past = await call('PUT', '/api/v1/invitations/extend', { json: { destinationId, availableTo: '2000-01-01T00:00:00Z' } });
		expect(past.status).toBe(200);
		expect(past.json).toMatchObject({ errorCode: 16, message: 'AvailableTo is in the past', data: false });
		const future = new Date(Date.now() + 86_400_000).toISOString();
		const ok = await call('PUT', '/api/v1/invitations/extend', { json: { destinationId, availableTo: future } });
		expect(ok.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.signers[0].availableTo!.toISOString()).toBe(future);
	});

	it('PUT /api/v1/envelopes/extend-invitations: 16 for a past date, extends pending signers otherwise', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com', 'b@example.com');
		const past = await call('PUT', '/api/v1/envelopes/extend-invitations', { json: { envelopeId, availableTo: '2001-01-01T00:00:00Z' } });
		expect(past.json).toMatchObject({ errorCode: 16, data: false });
		const future = new Date(Date.now() + 86_400_000).toISOString();
		const ok = await call('PUT', '/api/v1/envelopes/extend-invitations', { json: { envelopeId, availableTo: future } });
		expect(ok.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.signers.every((s) => s.availableTo?.toISOString() === future)).toBe(true);
	});

	it('reminders: single (data true) and bulk with a foreign e-mail (121, data true)', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const single = await call('POST', '/api/v1/invitations/reminders/send', { json: { requestId: envelopeId, destinationEmail: 'a@example.com' } });
		expect(single.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.reminders).toHaveLength(1);
		const bulk = await call('POST', '/api/v1/invitations/bulk/reminders/send', {
			json: [
				{ requestId: envelopeId, destinationEmail: 'a@example.com', destinationPhone: null },
				{ requestId: envelopeId, destinationEmail: 'stranger@example.com', destinationPhone: null },
			],
		});
		expect(bulk.status).toBe(200);
		expect(bulk.json).toMatchObject({ errorCode: 121, message: 'The email does not belong to this envelope', data: true });
		expect(emu.envelope(envelopeId)!.reminders).toHaveLength(2);
		expect(emu.notifications.filter((n) => n.kind === 'reminder')).toHaveLength(2);
	});
});

describe('invitations v2 and v3', () => {
	const body = (documentId: string) => ({
		documentId,
		destinations: [
			{ destinationName: 'A', destinationEmail: 'a@example.com', destinationPhoneNumber: '+966500000001', signeOrder: 1, destinationType: 1, authenticationType: 3, invitationLanguage: 1, redirectUrl: 'https://example.com/done', allowUserToAddDestination: false },
			{ destinationName: 'B', destinationEmail: 'b@example.com', destinationPhoneNumber: '', signeOrder: 2, destinationType: 1, authenticationType: 0, invitationLanguage: 0 },
		],
		invitationMessage: 'Message',
		invitationSubject: 'Subject',
	});

	it('v2 returns invitation records with links and sends nothing', async () => {
		const { documentId } = await createEnvelope();
		const res = await call('POST', '/api/v2/invitations/send', { json: body(documentId) });
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toHaveLength(2);
		expect(res.json.data[0]).toEqual({
			id: expect.any(String), subject: 'Subject', message: 'Message', name: 'A', nationalId: null, signeOrder: 1,
			destinationType: 1, authenticationType: 3, destinationPhone: '+966500000001', destination: 'a@example.com',
			fileId: documentId, status: 1, userHost: expect.any(String), invitationLink: expect.stringContaining(emu.url), invitationLanguage: 1,
		});
		expect(emu.notifications).toHaveLength(0);
	});

	it('v3 sends notifications and returns records without nationalId and destinationPhone', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const res = await call('POST', '/api/v3/invitations/send', { json: body(documentId) });
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data[1]).not.toHaveProperty('nationalId');
		expect(res.json.data[1]).not.toHaveProperty('destinationPhone');
		expect(res.json.data[1]).toMatchObject({ signeOrder: 2, destination: 'b@example.com', status: 1 });
		expect(emu.notifications.map((n) => [n.via, n.to])).toEqual([['v3', 'a@example.com'], ['v3', 'b@example.com']]);
		expect(emu.envelope(envelopeId)!.signers.every((s) => s.status === 'Pending')).toBe(true);
	});
});

// ---------------------------------------------------------------------------
// Signing, callbacks, webhooks and logs
// ---------------------------------------------------------------------------

describe('direct signing and callbacks', () => {
	let receiver: Receiver;
	beforeEach(async () => {
		receiver = await startReceiver();
	});
	afterEach(async () => {
		await receiver.close();
	});

	it('POST /api/v2/sign signs, completes and delivers the callback with the raw Authorization header', async () => {
		await createWebhook(receiver.url, 'secret-token');
		const { envelopeId, documentId, referenceNumber } = await createEnvelope();
		await invite(documentId, 'a@example.com', 'b@example.com');
		const first = await call('POST', '/api/v2/sign', { json: { documentId, signres: [signres('a@example.com', 'Ali')] } });
		expect(first.json).toMatchObject({ errorCode: 0, message: 'Success', data: true });
		expect(emu.envelope(envelopeId)!.status).toBe('In-progress');
		expect(receiver.received).toHaveLength(0);
		const second = await call('POST', '/api/v2/sign', { json: { documentId, signres: [{ ...signres('b@example.com', 'Badr'), authType: 'nafath' }] } });
		expect(second.json.errorCode).toBe(0);
		expect(emu.envelope(envelopeId)!.status).toBe('Completed');
		expect(receiver.received).toHaveLength(1);
		const [{ headers, body }] = receiver.received;
		expect(headers.authorization).toBe('secret-token');
		expect(headers['content-type']).toContain('application/json');
		expect(body).toMatchObject({ RequestId: envelopeId, Status: 1, ReferencNumber: referenceNumber, Fields: [] });
		expect(body.Files).toEqual([{ FileName: 'contract.pdf', File: expect.any(String) }]);
		const signedFile = Buffer.from(body.Files[0].File, 'base64');
		expect(pdfSigners(signedFile)).toEqual(['Signer 1', 'Signer 2']);
		expect(body.Signatory[0]).toEqual({
			Id: expect.any(String), Status: 'SIGNED', FullName: 'Signer 1', FullNameAr: 'علي محمد السعيد', NationalId: '1000000001',
			SignOrder: 1, Email: 'a@example.com', PhoneNumber: '+966500000001', AuthenticationType: 'WITHOUTVALIDATION', Gender: 'MALE', Nationlity: 'SAUDI', RejectReason: null,
		});
		expect(emu.deliveries).toEqual([expect.objectContaining({ requestId: envelopeId, webhookUrl: receiver.url, httpStatusCode: 200, ok: true })]);
		expect(emu.deliveries[0].headers.authorization).toBe('secret-token');
	});

	it('POST /api/v2/sign adds unknown signers and answers 100 for empty signres or unknown documents', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const empty = await call('POST', '/api/v2/sign', { json: { documentId, signres: [] } });
		expect(empty.status).toBe(200);
		expect(empty.json).toMatchObject({ errorCode: 100, message: 'GeneralError' });
		const unknown = await call('POST', '/api/v2/sign', { json: { documentId: '11111111-2222-4333-8444-555555555555', signres: [signres('a@example.com')] } });
		expect(unknown.json).toMatchObject({ errorCode: 100, message: 'GeneralError' });
		const ok = await call('POST', '/api/v2/sign', { json: { documentId, signres: [signres('new@example.com')] } });
		expect(ok.json.errorCode).toBe(0);
		expect(emu.envelope(envelopeId)).toMatchObject({ status: 'Completed', signers: [expect.objectContaining({ email: 'new@example.com', status: 'Signed', nationalId: '1000000001' })] });
		// no webhook registered: no delivery
		expect(emu.deliveries).toHaveLength(0);
	});

	it("uses the envelope's webhook over the default, and the first-created default otherwise", async () => {
		const other = await startReceiver();
		try {
			await createWebhook(receiver.url, 'default-1', true);
			await createWebhook(other.url, 'default-2', true);
			const plain = await createEnvelope();
			await emu.sign(plain.envelopeId);
			expect(receiver.received).toHaveLength(1);
			expect(other.received).toHaveLength(0);
			const ownId = await createWebhook(other.url, 'own', false);
			const own = await createEnvelope({ webhookId: ownId });
			await emu.sign(own.envelopeId);
			expect(other.received).toHaveLength(1);
			expect(other.received[0].headers.authorization).toBe('own');
			// deleting the envelope's webhook falls back to the default
			const fallback = await createEnvelope({ webhookId: ownId });
			await call('DELETE', `/api/v1/webhooks/${ownId}`);
			await invite(fallback.documentId, 'x@example.com');
			await emu.reject(fallback.envelopeId, 'x@example.com', 'Wrong amount');
			expect(receiver.received).toHaveLength(2);
			expect(receiver.received[1].body).toMatchObject({ Status: 2, Signatory: [expect.objectContaining({ Status: 'REJECTED', RejectReason: 'Wrong amount' })] });
			expect(emu.envelope(fallback.envelopeId)!.status).toBe('Rejected');
		} finally {
			await other.close();
		}
	});

	it('logs a FAILEDFROMCLIENT (4) delivery, recalls it (RECALL (2)) and filters logs by a JSON body on GET', async () => {
		receiver.answer = 401;
		await createWebhook(receiver.url, 'tok');
		const { envelopeId } = await createEnvelope();
		const second = await createEnvelope();
		await emu.sign(envelopeId);
		expect(emu.deliveries[0]).toMatchObject({ ok: false, httpStatusCode: 401 });
		let logs = await getWithBody('/api/v1/webhooks/logs', {});
		expect(logs.status).toBe(200);
		expect(logs.json.data).toEqual([{
			requestId: envelopeId,
			createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
			webhookStatus: 'FAILEDFROMCLIENT (4)',
			httpStatusCode: 401,
			webhookUrl: receiver.url,
			reasons: 'HTTP 401 Unauthorized',
		}]);
		receiver.answer = 200;
		const recall = await call('POST', '/api/v1/webhooks/recall', { json: { requestId: envelopeId } });
		expect(recall.json).toMatchObject({ errorCode: 0, data: true });
		expect(receiver.received).toHaveLength(2);
		expect(receiver.received[1].body).toEqual(receiver.received[0].body);
		await emu.sign(second.envelopeId);
		logs = await getWithBody('/api/v1/webhooks/logs', {});
		expect(logs.json.data.map((l: { webhookStatus: string }) => l.webhookStatus)).toEqual(['FAILEDFROMCLIENT (4)', 'RECALL (2)', 'SUCCESS (1)']);
		const failed = await getWithBody('/api/v1/webhooks/logs', { webhookStatus: 4 });
		expect(failed.json.data).toHaveLength(1);
		const byRequest = await getWithBody('/api/v1/webhooks/logs', { requestId: second.envelopeId, webhookUrl: receiver.url, webhookStatus: null });
		expect(byRequest.json.data).toEqual([expect.objectContaining({ requestId: second.envelopeId, webhookStatus: 'SUCCESS (1)', httpStatusCode: 200, reasons: '' })]);
		const none = await getWithBody('/api/v1/webhooks/logs', { webhookUrl: 'http://elsewhere/' });
		expect(none.json.data).toEqual([]);
		// without a body: everything
		const plain = await call('GET', '/api/v1/webhooks/logs');
		expect(plain.json.data).toHaveLength(3);
		const unknown = await call('POST', '/api/v1/webhooks/recall', { json: { requestId: '11111111-2222-4333-8444-555555555555' } });
		expect(unknown.json.errorCode).toBe(404);
	});

	it('logs network failures with httpStatusCode 0', async () => {
		await receiver.close();
		await createWebhook(receiver.url, '');
		const { envelopeId } = await createEnvelope();
		await emu.sign(envelopeId);
		expect(emu.deliveries[0]).toMatchObject({ ok: false, httpStatusCode: 0 });
		expect(emu.deliveries[0].headers).not.toHaveProperty('authorization');
		const logs = await getWithBody('/api/v1/webhooks/logs', { requestId: envelopeId });
		expect(logs.json.data[0]).toMatchObject({ webhookStatus: 'FAILEDFROMCLIENT (4)', httpStatusCode: 0, reasons: expect.stringMatching(/.+/) });
	});
});

describe('sign by template', () => {
	it('answers 209 for a template with recipient fields and 404 for an unknown template', async () => {
		const recipient = await call('POST', '/api/v2/sign/by-template', { json: { templateId: TEMPLATE_WITH_RECIPIENT_FIELDS_ID, signres: [signres('a@example.com')], templateFields: [] } });
		expect(recipient.status).toBe(200);
		expect(recipient.json).toMatchObject({ errorCode: 209, data: null, message: expect.stringMatching(/recipient/) });
		const unknown = await call('POST', '/api/v2/sign/by-template', { json: { templateId: '99999999-2222-4333-8444-555555555555', signres: [signres('a@example.com')] } });
		expect(unknown.status).toBe(404);
		expect(unknown.json).toMatchObject({ errorCode: 404, message: 'Template not found' });
	});

	it('creates a completed envelope', async () => {
		const res = await call('POST', '/api/v2/sign/by-template', {
			json: { templateId: TEMPLATE_ID, signres: [signres('a@example.com')], templateFields: [{ fieldName: 'ContractNumber', value: 'C-1' }], ReferenceNumber: 'TPL-1', Password: '' },
		});
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({ documentId: expect.any(String), envelopeId: expect.any(String), referenceNumber: 'TPL-1' });
		const envelope = emu.envelope(res.json.data.envelopeId)!;
		expect(envelope.status).toBe('Completed');
		expect(envelope.templateFields).toEqual([{ fieldName: 'ContractNumber', value: 'C-1' }]);
		const duplicate = await call('POST', '/api/v2/sign/by-template', { json: { templateId: TEMPLATE_ID, signres: [signres('a@example.com')], ReferenceNumber: 'TPL-1' } });
		expect(duplicate.json.errorCode).toBe(227);
	});
});

describe('identity-provider signing', () => {
	const requestId = '12345678-1234-4234-8234-123456789abc';
	const idpBody = (file = pdfBase64()) => ({ requestId, file: { file, fileName: 'idp.pdf', password: null }, signatureAppearance: { isVisible: true, pageNumber: 1, rect: { x1: 10, y1: 10, width: 100, height: 40 }, appearanceImageBase64: '', extraText: 'ok' }, config: { showAccountName: true, showRequestId: true, showSignDate: true, showPageNumber: false } });

	it('v1 answers 100 until the signer authenticated, then returns the signed PDF in Base64', async () => {
		const before = await call('POST', '/api/v1/esign/idp/sign', { json: idpBody() });
		expect(before.status).toBe(200);
		expect(before.json).toMatchObject({ errorCode: 100, data: null, message: 'Users must authenticate through the identity provider first' });
		emu.authenticateIdentity(requestId);
		const after = await call('POST', '/api/v1/esign/idp/sign', { json: idpBody() });
		expect(after.json.errorCode).toBe(0);
		const signed = Buffer.from(after.json.data, 'base64');
		expect(signed.equals(emu.signedPdf(emu.samplePdf, [emu.demo.username]))).toBe(true);
		const bad = await call('POST', '/api/v1/esign/idp/sign', { json: idpBody(Buffer.from('no pdf').toString('base64')) });
		expect(bad.json.errorCode).toBe(8);
	});

	it('v2 signs with the signres names', async () => {
		emu.authenticateIdentity(requestId);
		const res = await call('POST', '/api/v2/esign/idp/sign', { json: { ...idpBody(), signres: [signres('a@example.com', 'Sara')] } });
		expect(res.json.errorCode).toBe(0);
		expect(pdfSigners(Buffer.from(res.json.data, 'base64'))).toEqual(['Sara Mohammed Alsaeed']);
		const missing = await call('POST', '/api/v2/esign/idp/sign', { json: idpBody() });
		expect(missing.json.errorCode).toBe(8);
	});
});

// ---------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------

describe('documents', () => {
	it('downloads the original and the signed bytes; 404 for unknown documents', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const original = await call('GET', `/api/v1/documents/${documentId}`);
		expect(original.status).toBe(200);
		expect(original.headers.get('content-type')).toBe('application/pdf');
		expect(original.headers.get('content-disposition')).toContain('attachment; filename="contract.pdf"');
		expect(original.buffer.equals(emu.samplePdf)).toBe(true);
		const unsigned = await call('GET', `/api/v1/documents/${documentId}/signed`);
		expect(unsigned.buffer.equals(emu.samplePdf)).toBe(true);
		await invite(documentId, 'a@example.com');
		await emu.sign(envelopeId);
		const signed = await call('GET', `/api/v1/documents/${documentId}/signed`);
		expect(signed.headers.get('content-type')).toBe('application/pdf');
		expect(signed.buffer.equals(emu.signedPdf(emu.samplePdf, ['Signer 1']))).toBe(true);
		const unknown = await call('GET', '/api/v1/documents/11111111-2222-4333-8444-555555555555');
		expect(unknown.status).toBe(404);
		expect(unknown.json).toMatchObject({ errorCode: 404, message: 'DocumentNotFound', data: null });
	});

	it('answers a ZIP of signed PDFs for a multi-file envelope', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-base64', {
			json: { referenceNumber: 'ZIP-1', files: [{ file: pdfBase64(), fileName: 'a.pdf' }, { file: pdfBase64(), fileName: 'b.pdf' }] },
		});
		const { envelopeId, bulkFileResponse } = res.json.data;
		await invite(bulkFileResponse[0].documentId, 'a@example.com');
		await emu.sign(envelopeId);
		const zip = await call('GET', `/api/v1/documents/${bulkFileResponse[1].documentId}/signed`);
		expect(zip.headers.get('content-type')).toBe('application/zip');
		expect(zip.headers.get('content-disposition')).toContain('filename="ZIP-1.zip"');
		expect(zip.buffer.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
		const entries = readZip(zip.buffer);
		expect(entries.map((e) => e.name)).toEqual(['a.pdf', 'b.pdf']);
		for (const entry of entries) {
			expect(entry.data.equals(emu.signedPdf(emu.samplePdf, ['Signer 1']))).toBe(true);
		}
		// the local header CRC matches the data (independent check of readZip)
		expect(zip.buffer.readUInt32LE(14)).toBe(crc32(entries[0].data));
	});

	it('completed/base64: 100 before completion, the signed PDF afterwards', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const early = await call('GET', `/api/v1/documents/${documentId}/completed/base64`);
		expect(early.json).toMatchObject({ errorCode: 100, data: null });
		await emu.sign(envelopeId);
		const res = await call('GET', `/api/v1/documents/${documentId}/completed/base64`);
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toEqual({ file: expect.any(String), fileName: 'contract.pdf', contentType: 'application/pdf' });
		expect(pdfSigners(Buffer.from(res.json.data.file, 'base64'))).toEqual(['Signer 1']);
	});

	it('content-base64 returns the content to its owner', async () => {
		const { documentId } = await createEnvelope();
		const res = await call('GET', `/api/v1/documents/${documentId}/content-base64`);
		expect(res.json.errorCode).toBe(0);
		expect(Buffer.from(res.json.data.file, 'base64').equals(emu.samplePdf)).toBe(true);
		expect(res.json.data).toMatchObject({ fileName: 'contract.pdf', contentType: 'application/pdf' });
	});
});

// ---------------------------------------------------------------------------
// KYB, configuration, webhooks
// ---------------------------------------------------------------------------

describe('KYB check-cr v2', () => {
	it('returns the CR record with every field, in Arabic by default and in English on request', async () => {
		const ar = await call('GET', `/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}`);
		expect(ar.json.errorCode).toBe(0);
		const d = ar.json.data;
		for (const key of ['crNationalNumber', 'crNumber', 'versionNo', 'name', 'nameLangId', 'nameLangDesc', 'crCapital', 'companyDuration', 'isMain', 'issueDateGregorian', 'issueDateHijri', 'mainCrNationalNumber', 'mainCrNumber', 'inLiquidationProcess', 'hasEcommerce', 'headquarterCityId', 'headquarterCityName', 'isLicenseBased', 'licenseIssuerNationalNumber', 'licenseIssuerName', 'partnersNationalityId', 'partnersNationalityName', 'confirmationDate', 'reactivationDate', 'suspensionDate', 'deletionDate', 'activities', 'entityType', 'status', 'contactInfo', 'eCommerce', 'capital', 'fiscalYear', 'parties', 'management']) {
			expect(d).toHaveProperty(key);
		}
		expect(Object.keys(d.entityType).sort()).toEqual(['characters', 'formId', 'formName', 'id', 'name']);
		expect(Object.keys(d.capital.contributionCapital).sort()).toEqual(['cashCapital', 'contributionValue', 'inKindCapital', 'totalCashContribution', 'totalInKindContribution', 'typeId', 'typeName']);
		expect(Object.keys(d.capital.stockCapital).sort()).toEqual(['announcedCapital', 'capital', 'cashCapital', 'inKindCapital', 'paidCapital', 'stocks', 'typeId', 'typeName']);
		expect(Object.keys(d.fiscalYear).sort()).toEqual(['calendarTypeId', 'calendarTypeName', 'endDay', 'endMonth', 'endYear', 'isFirst']);
		expect(Object.keys(d.parties[0]).sort()).toEqual(['crNumber', 'identity', 'licenseNo', 'name', 'nationality', 'partnerShare', 'partnership', 'typeId', 'typeName']);
		expect(Object.keys(d.management.managers[0]).sort()).toEqual(['identity', 'isLicensed', 'name', 'nationality', 'positions', 'typeId', 'typeName']);
		expect(d.contactInfo).toHaveProperty('websiteUrl');
		expect(d.eCommerce).toHaveProperty('eStore');
		expect(d.name).toMatch(/[\u0600-\u06FF]/);
		const en = await call('GET', `/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}?language=en`);
		expect(en.json.data.name).toBe('Example Technology Company');
	});

	it('answers 149 for unknown numbers and 8 for an unknown language', async () => {
		const res = await call('GET', '/api/v2/kyb/check-cr/9999999999');
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({ errorCode: 149, data: null, message: 'CR number is not registered with the ministry of commerce' });
		const lang = await call('GET', `/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}?language=fr`);
		expect(lang.json.errorCode).toBe(8);
	});
});

describe('SMS provider configuration', () => {
	const config = { smsUrl: 'https://sms.example.com', smsSender: 'ACME', smsUserame: 'user', smsPassword: 'pass', smsProvider: 2 };

	it('stores the configuration (number or numeric string)', async () => {
		const res = await call('PUT', '/api/v1/configuration/sms-provider', { json: config });
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		const asText = await call('PUT', '/api/v1/configuration/sms-provider', { json: { ...config, smsProvider: '3' } });
		expect(asText.json.errorCode).toBe(0);
		const state = await (await fetch(`${emu.url}/_emulator/state`)).json() as { accounts: Array<{ smsProvider: { smsProvider: number; smsUserame: string } }> };
		expect(state.accounts[0].smsProvider).toMatchObject({ smsProvider: 3, smsUserame: 'user' });
	});

	it('names a missing field and refuses unknown providers', async () => {
		const { smsUserame: _omitted, ...rest } = config;
		void _omitted;
		const missing = await call('PUT', '/api/v1/configuration/sms-provider', { json: rest });
		expect(missing.json.errorCode).toBe(8);
		expect(missing.json.stateValidationErrors).toHaveProperty('smsUserame');
		const wrong = await call('PUT', '/api/v1/configuration/sms-provider', { json: { ...config, smsProvider: 9 } });
		expect(wrong.json.errorCode).toBe(8);
	});
});

describe('webhook management', () => {
	it('creates, lists, gets, updates and deletes webhooks', async () => {
		const created = await call('POST', '/api/v1/webhooks', { json: { webhookUrl: 'https://example.com/a', headerToken: 'tok-a' } });
		expect(created.json.errorCode).toBe(0);
		expect(created.json.data).toEqual({ id: expect.any(String), webhookUrl: 'https://example.com/a', accountId: emu.demo.accountId, isDefault: false, headerToken: 'tok-a' });
		const id = created.json.data.id;
		const bulk = await call('POST', '/api/v1/webhooks/bulk', { json: [{ webhookUrl: 'https://example.com/b', headerToken: 'b', isDefault: true }, { webhookUrl: 'https://example.com/c', isDefault: true }] });
		expect(bulk.json.data.map((w: { webhookUrl: string }) => w.webhookUrl)).toEqual(['https://example.com/b', 'https://example.com/c']);
		const list = await call('GET', '/api/v1/webhooks');
		expect(list.json.data).toHaveLength(3);
		const got = await call('GET', `/api/v1/webhooks/${id}`);
		expect(got.json.data).toEqual(created.json.data);
		const missing = await call('GET', '/api/v1/webhooks/11111111-2222-4333-8444-555555555555');
		expect(missing.json).toMatchObject({ errorCode: 0, data: null });
		const updated = await call('PUT', '/api/v1/webhooks', { json: { id, webhookUrl: 'https://example.com/a2', isDefault: true, headerToken: 'changed' } });
		expect(updated.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.webhooks().find((w) => w.id === id)).toMatchObject({ webhookUrl: 'https://example.com/a2', isDefault: true, headerToken: 'tok-a' });
		const deleted = await call('DELETE', `/api/v1/webhooks/${id}`);
		expect(deleted.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.webhooks()).toHaveLength(2);
	});

	it('answers 134 for an invalid URL, 8 for a missing one and 404 for unknown ids on PUT and DELETE', async () => {
		const invalidUrl = await call('POST', '/api/v1/webhooks', { json: { webhookUrl: 'ftp://example.com' } });
		expect(invalidUrl.json).toMatchObject({ errorCode: 134, message: 'InvalidWebhookUrl' });
		const bulkInvalid = await call('POST', '/api/v1/webhooks/bulk', { json: [{ webhookUrl: 'https://ok.example.com' }, { webhookUrl: 'nope' }] });
		expect(bulkInvalid.json.errorCode).toBe(134);
		expect(emu.webhooks()).toHaveLength(0);
		const missing = await call('POST', '/api/v1/webhooks', { json: { headerToken: 'x' } });
		expect(missing.json.errorCode).toBe(8);
		const put = await call('PUT', '/api/v1/webhooks', { json: { id: '11111111-2222-4333-8444-555555555555', webhookUrl: 'https://example.com', isDefault: false } });
		expect(put.status).toBe(404);
		expect(put.json).toMatchObject({ errorCode: 404, message: 'WebhookNotFound' });
		const del = await call('DELETE', '/api/v1/webhooks/11111111-2222-4333-8444-555555555555');
		expect(del.status).toBe(404);
		expect(del.json.errorCode).toBe(404);
	});
});

// ---------------------------------------------------------------------------
// Fault injection and the control API
// ---------------------------------------------------------------------------

describe('fault injection', () => {
	it('fails the next N API requests with the given status, not token requests', async () => {
		emu.failNext(2, 503);
		const fresh = await clientCredentialsToken();
		const first = await call('GET', '/api/v1/webhooks', { token: fresh });
		expect(first.status).toBe(503);
		expect(first.json).toEqual({ data: null, errorCode: 503, message: 'InjectedFault', returnUrl: null, stateValidationErrors: null, signature: '' });
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(503);
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
	});

	it('uses a custom fault body', async () => {
		emu.failNext(1, 429, { error: 'slow down' });
		const res = await call('GET', '/api/v1/webhooks');
		expect(res.status).toBe(429);
		expect(res.json).toEqual({ error: 'slow down' });
	});

	it('delays API responses', async () => {
		emu.setLatency(300);
		const started = Date.now();
		await call('GET', '/api/v1/webhooks');
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
		emu.setLatency(0);
	});
});

describe('HTTP control endpoints', () => {
	const control = async (method: string, path: string, body?: unknown) => {
		const res = await fetch(`${emu.url}/_emulator${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return { status: res.status, json: (await res.json()) as any };
	};

	it('signs and rejects envelopes, with callbacks', async () => {
		const receiver = await startReceiver();
		try {
			await createWebhook(receiver.url, 'ctl');
			const a = await createEnvelope();
			await invite(a.documentId, 'a@example.com', 'b@example.com');
			const one = await control('POST', `/envelopes/${a.envelopeId}/sign`, { email: 'a@example.com' });
			expect(one.json).toMatchObject({ ok: true, envelope: { status: 'In-progress' } });
			const all = await control('POST', `/envelopes/${a.envelopeId}/sign`, {});
			expect(all.json.envelope.status).toBe('Completed');
			expect(receiver.received[0].body.Status).toBe(1);
			const b = await createEnvelope();
			await invite(b.documentId, 'c@example.com');
			const rejected = await control('POST', `/envelopes/${b.envelopeId}/reject`, { reason: 'No' });
			expect(rejected.json.envelope).toMatchObject({ status: 'Rejected', signers: [expect.objectContaining({ status: 'Rejected', rejectReason: 'No' })] });
			expect(receiver.received[1].body.Status).toBe(2);
			const deliveries = await control('GET', '/deliveries');
			expect(deliveries.json).toHaveLength(2);
			const unknown = await control('POST', '/envelopes/11111111-2222-4333-8444-555555555555/sign', {});
			expect(unknown.status).toBe(404);
		} finally {
			await receiver.close();
		}
	});

	it('authenticates identities, expires tokens, injects faults and resets', async () => {
		expect((await control('POST', '/identity/12345678-1234-4234-8234-123456789abc/authenticate')).json.ok).toBe(true);
		expect(emu.state.identityAuthenticated.has('12345678-1234-4234-8234-123456789abc')).toBe(true);
		await control('POST', '/tokens/expire');
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(401);
		token = await clientCredentialsToken();
		await control('POST', '/faults', { count: 1, status: 500 });
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(500);
		await control('POST', '/faults', { latencyMs: 200 });
		const started = Date.now();
		await call('GET', '/api/v1/webhooks');
		expect(Date.now() - started).toBeGreaterThanOrEqual(180);
		await createWebhook('https://example.com/x');
		await control('POST', '/reset');
		expect(emu.webhooks()).toHaveLength(0);
		expect(emu.tokenRequests).toBe(0);
		expect(emu.state.faults.latencyMs).toBe(0);
		expect((await call('GET', '/api/v1/webhooks')).status).toBe(401);
	});

	it('exposes requests, state and webhooks', async () => {
		const other = emu.addAccount({ clientId: 'second-client' });
		await createWebhook('https://example.com/demo');
		await call('POST', '/api/v1/webhooks', { token: await clientCredentialsToken(other), json: { webhookUrl: 'https://example.com/other' } });
		await call('POST', '/api/v1/envelopes/initiate', { form: pdfForm([['file', 'a.pdf']], { ReferenceNumber: 'CTL-1' }) });
		const requests = await control('GET', '/requests');
		const initiate = requests.json.find((r: { path: string }) => r.path === '/api/v1/envelopes/initiate');
		expect(initiate).toMatchObject({ method: 'POST', body: { ReferenceNumber: 'CTL-1' }, account: emu.demo.accountId });
		expect(Buffer.from(initiate.files[0].data, 'base64').equals(emu.samplePdf)).toBe(true);
		expect(initiate.headers['content-type']).toMatch(/^multipart\/form-data/);
		expect(typeof initiate.rawBody).toBe('string');
		const state = await control('GET', '/state');
		expect(state.json.tokenRequests).toBe(emu.tokenRequests);
		const demo = state.json.accounts.find((a: { accountId: string }) => a.accountId === emu.demo.accountId);
		expect(demo.envelopes[0]).toMatchObject({ referenceNumber: 'CTL-1', status: 'Pending' });
		const webhooks = await control('GET', '/webhooks');
		expect(webhooks.json.map((w: { webhookUrl: string }) => w.webhookUrl).sort()).toEqual(['https://example.com/demo', 'https://example.com/other']);
		expect(emu.webhooks(other.accountId)).toHaveLength(1);
	});
});
