/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * An in-process emulator of the E-Signature service (API, authorization server
 * and webhook callbacks) for tests and demos. It implements the service as
 * docs/service-api.md describes it; where the contract is silent it behaves as
 * docs/service-api.md#decisions says, and each such place says so.
 *
 *   const emu = await Emulator.start();
 *   // ... point the node at emu.url / emu.authUrl with emu.demo credentials
 *   await emu.stop();
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rejectEnvelope, signSigners } from './events';
import { DEMO_CREDENTIALS, type DemoCredentials, loadSamplePdf } from './fixtures';
import {
	ApiError,
	type ParsedBody,
	type Reply,
	fail,
	jsonReply,
	parseBody,
	unauthorizedReply,
	validationReply,
	wrapper,
} from './http';
import { signedPdf } from './pdf';
import { loadState, saveState } from './persistence';
import { type BodyKind, type Core, type Route, findRoute } from './router';
import { authRoutes, authenticate } from './routes/auth';
import { configurationRoutes } from './routes/configuration';
import { controlRoutes } from './routes/control';
import { documentRoutes } from './routes/documents';
import { envelopeRoutes } from './routes/envelopes';
import { invitationRoutes } from './routes/invitations';
import { kybRoutes } from './routes/kyb';
import { pageRoutes } from './routes/pages';
import { signingRoutes } from './routes/signing';
import { webhookRoutes } from './routes/webhooks';
import {
	type Delivery,
	type EmulatedEnvelope,
	type EmulatedSigner,
	type Notification,
	type RecordedRequest,
	State,
	type Webhook,
	isActive,
	newSigner,
	type Profile,
	type TestEvent,
	type TokenRefusal,
	WEBHOOK_STATUS,
	logTimestamp,
} from './state';

export type { DemoCredentials } from './fixtures';
export type {
	CallbackPayload,
	Delivery,
	EmulatedEnvelope,
	EmulatedFile,
	EmulatedSigner,
	EnvelopeStatus,
	Notification,
	Profile,
	RecordedRequest,
	SignerStatus,
	SmsProviderConfig,
	TestEvent,
	TokenRefusal,
	Webhook,
	WebhookLogEntry,
} from './state';
export {
	DEMO_CREDENTIALS,
	KNOWN_CR_NUMBER,
	SCOPE,
	TEMPLATE_ID,
	TEMPLATE_WITH_RECIPIENT_FIELDS_ID,
	TEMPLATES,
	crRecord,
} from './fixtures';
export { ZERO_GUID } from './http';
export { buildPdf, pdfSigners, SIGNED_MARKER } from './pdf';
export { createZip, readZip } from './zip';
export { CALLBACK_COMPLETED, CALLBACK_REJECTED } from './events';

export interface EmulatorOptions {
	/** 0 (default) picks a free port. */
	port?: number;
	/** Default 127.0.0.1. */
	host?: string;
	/** expires_in of issued tokens; default 3600. */
	tokenLifetimeSeconds?: number;
	/** `spec` (default) answers as the contract; `live` as the service's sandbox did where they differ. */
	profile?: Profile;
	/**
	 * Keeps the accounts (envelopes, webhooks, logs) in this file: read at start, written after every change and at
	 * stop (persistence.ts). npm run dev keeps it in its data folder, so saved Webhook picks outlive a restart.
	 */
	stateFile?: string;
}

/** Order matters where literal segments compete with parameters (webhooks/logs before webhooks/:id). */
const ROUTES: Route[] = [
	...authRoutes,
	...envelopeRoutes,
	...invitationRoutes,
	...signingRoutes,
	...documentRoutes,
	...kybRoutes,
	...configurationRoutes,
	...webhookRoutes,
	...controlRoutes,
	...pageRoutes,
];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** errorCode 7, HTTP 400, or errorCode 8 for a body of the right type that does not parse. */
function checkBody(kind: BodyKind, req: RecordedRequest, parsed: ParsedBody): Reply | undefined {
	if (kind === 'none') return undefined;
	const wanted = kind === 'multipart' ? 'multipart' : 'json';
	const mustHave = kind !== 'json-optional' || req.rawBody.length > 0;
	if (mustHave && parsed.type !== wanted) {
		return fail(7, 'RequestHasNoFormContentType', { status: 400 });
	}
	if (parsed.error) return validationReply({ $: [parsed.error] });
	return undefined;
}

export class Emulator implements Core {
	readonly state = new State();
	readonly demo: DemoCredentials;
	readonly samplePdf: Buffer;
	readonly tokenLifetimeSeconds: number;
	private server!: Server;
	private baseUrl = '';
	private accountCounter = 0;
	/** Where the accounts are kept between runs (EmulatorOptions.stateFile). */
	readonly stateFile?: string;
	/** Whether the accounts were read from stateFile at start. */
	readonly restored: boolean = false;

	private constructor(options: EmulatorOptions) {
		this.tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
		this.samplePdf = loadSamplePdf();
		this.demo = { ...DEMO_CREDENTIALS };
		this.state.addAccount(this.demo);
		this.state.profile = options.profile ?? 'spec';
		this.stateFile = options.stateFile;
		if (this.stateFile) this.restored = loadState(this.state, this.stateFile);
	}

	static async start(options: EmulatorOptions = {}): Promise<Emulator> {
		const emulator = new Emulator(options);
		await emulator.listen(options.port ?? 0, options.host ?? '127.0.0.1');
		return emulator;
	}

	private listen(port: number, host: string): Promise<void> {
		this.server = createServer((req, res) => void this.handle(req, res));
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			// n8n sends every item's request at once: 1,000 items are 1,000 connections. Node's default backlog (511) then
			// resets some while the machine is busy; a real service's is larger.
			this.server.listen({ port, host, backlog: 4096 }, () => {
				const address = this.server.address() as AddressInfo;
				const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
				this.baseUrl = `http://${shownHost}:${address.port}`;
				resolve();
			});
		});
	}

	/** Base URL ({base_url}), no trailing slash. */
	get url(): string {
		return this.baseUrl;
	}

	/** Authorization server ({auth_url}): token at `${authUrl}/connect/token`. */
	get authUrl(): string {
		return `${this.baseUrl}/auth`;
	}

	async stop(): Promise<void> {
		if (this.stateFile) saveState(this.state, this.stateFile);
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			// Keep-alive sockets (fetch pools them) would otherwise hold close() open.
			this.server.closeAllConnections();
		});
	}

	/** Closes keep-alive connections no request is using (benchmarks: thousands of them would outlast a run). */
	closeIdleConnections(): void {
		this.server.closeIdleConnections();
	}

	// --- accounts ----------------------------------------------------------------

	/** Another isolated account with its own client, secrets and state. */
	addAccount(partial: Partial<DemoCredentials> = {}): DemoCredentials {
		this.accountCounter += 1;
		const n = this.accountCounter;
		const credentials: DemoCredentials = {
			clientId: `client-${n}-${randomBytes(3).toString('hex')}`,
			clientSecret: randomBytes(16).toString('hex'),
			username: `user${n}@example.com`,
			password: randomBytes(8).toString('hex'),
			accountId: randomUUID(),
			accountSecret: randomBytes(16).toString('hex'),
			...partial,
		};
		if (this.state.accountByClient(credentials.clientId))
			throw new Error(`Client id ${credentials.clientId} is already used`);
		if (this.state.account(credentials.accountId))
			throw new Error(`Account ${credentials.accountId} already exists`);
		this.state.addAccount(credentials);
		return credentials;
	}

	// --- recorded traffic ---------------------------------------------------------

	get requests(): RecordedRequest[] {
		return this.state.requests;
	}

	clearRequests(): void {
		this.state.requests = [];
	}

	requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
		return this.state.requests.filter(
			(r) =>
				r.method === method.toUpperCase() &&
				(typeof path === 'string'
					? r.path.toLowerCase() === path.toLowerCase()
					: path.test(r.path)),
		);
	}

	get tokenRequests(): number {
		return this.state.tokenRequests;
	}

	get deliveries(): Delivery[] {
		return this.state.deliveries;
	}

	/** Invitations, reminders and cancellation notices "sent" (v1, v3, bulk); v2 links are not here. */
	get notifications(): Notification[] {
		return this.state.notifications;
	}

	reset(): void {
		this.state.reset();
	}

	/** Which service the emulator plays: the spec's or the live sandbox's (EmulatorOptions.profile). */
	get profile(): Profile {
		return this.state.profile;
	}

	setProfile(profile: Profile): void {
		this.state.profile = profile;
	}

	// --- fault injection ------------------------------------------------------------

	expireAllTokens(): void {
		const now = Date.now();
		for (const token of this.state.tokens.values())
			token.expiresAt = Math.min(token.expiresAt, now - 1);
	}

	/** How tokens are refused from now on: HTTP 401 (the contract), or e.g. HTTP 200 with errorCode 401 or 3. */
	refuseTokensAs(refusal: TokenRefusal): void {
		this.state.tokenRefusal = { ...refusal };
	}

	/** The next `count` API requests (to `path` only, when given) get `status` and `body` instead of an answer. */
	failNext(count: number, status: number, body?: unknown, path?: string | RegExp): void {
		this.state.faults.remaining = count;
		this.state.faults.status = status;
		this.state.faults.body = body;
		this.state.faults.path = path;
	}

	setLatency(ms: number): void {
		this.state.faults.latencyMs = Math.max(0, ms);
	}

	/** Callbacks cannot reach their webhook: each is logged as a failed delivery, as the service logs a timeout. */
	setUnreachable(unreachable: boolean): void {
		this.state.faults.unreachable = unreachable;
	}

	/** Get Status shows an envelope's status from before it completed or was rejected for `ms` after the change. */
	setStatusLag(ms: number): void {
		this.state.faults.statusLagMs = Math.max(0, ms);
	}

	// --- scenario control --------------------------------------------------------------

	private activeEnvelope(envelopeId: string): EmulatedEnvelope {
		const envelope = this.state.findEnvelopeAnywhere(envelopeId);
		if (!envelope) throw new Error(`Envelope ${envelopeId} not found`);
		if (!isActive(envelope)) throw new Error(`Envelope ${envelopeId} is ${envelope.status}`);
		return envelope;
	}

	/** The signer named by e-mail address or destination id (a signer invited by SMS has no address). */
	private signer(envelope: EmulatedEnvelope, who: string): EmulatedSigner {
		const key = who.toLowerCase();
		const signer = envelope.signers.find(
			(s) =>
				(s.email !== '' && s.email.toLowerCase() === key) || s.destinationId.toLowerCase() === key,
		);
		if (!signer) throw new Error(`Signer ${who} not found in envelope ${envelope.envelopeId}`);
		return signer;
	}

	/** Signs for one signer (e-mail address or destination id) or for every pending one. */
	async sign(envelopeId: string, who?: string): Promise<void> {
		const envelope = this.activeEnvelope(envelopeId);
		const signers =
			who !== undefined
				? [this.signer(envelope, who)]
				: envelope.signers.filter((s) => s.status === 'Pending');
		await signSigners(this.state, envelope, signers);
	}

	/** Rejects as one signer (e-mail address or destination id), else as the first pending one. */
	async reject(envelopeId: string, who?: string, reason?: string): Promise<void> {
		const envelope = this.activeEnvelope(envelopeId);
		const signer =
			who !== undefined
				? this.signer(envelope, who)
				: [...envelope.signers]
						.sort((a, b) => a.signeOrder - b.signeOrder)
						.find((s) => s.status === 'Pending');
		await rejectEnvelope(this.state, envelope, signer, reason ?? null);
	}

	/**
	 * A sample event for whoever listens: a new envelope with two signers, pinned to a webhook and completed (or
	 * rejected), so its callback goes out. The webhook is the one named, else the newest n8n test registration
	 * (`/webhook-test/` in its URL: "Listen for test event" registers one each time), else the newest webhook.
	 */
	async sendTestEvent(
		opts: { webhookId?: string; event?: 'completed' | 'rejected' } = {},
	): Promise<TestEvent> {
		const all = [...this.state.accounts.values()].flatMap((account) =>
			account.webhooks.map((webhook) => ({ account, webhook })),
		);
		const target = opts.webhookId
			? all.find(({ webhook }) => webhook.id.toLowerCase() === opts.webhookId!.toLowerCase())
			: ([...all].reverse().find(({ webhook }) => webhook.webhookUrl.includes('/webhook-test/')) ??
				all.at(-1));
		if (!target) {
			throw new Error(
				opts.webhookId
					? `Webhook ${opts.webhookId} not found`
					: 'No webhook is registered: click "Execute step" on an E-Signature Trigger first, so that it listens for a test event',
			);
		}
		const { account, webhook } = target;
		const envelope = this.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: this.samplePdf }],
			referenceNumber: `TEST-${this.state.generateReference()}`,
			webhookId: webhook.id,
		});
		envelope.signers.push(
			newSigner({ name: 'Jane Doe', email: 'jane@example.com', signeOrder: 1, invited: true }),
			newSigner({ name: 'John Smith', email: 'john@example.com', signeOrder: 2, invited: true }),
		);
		envelope.invitationsSent = true;
		const event = opts.event ?? 'completed';
		if (event === 'rejected')
			await this.reject(envelope.envelopeId, 'john@example.com', 'Sample rejection');
		else await this.sign(envelope.envelopeId);
		const delivery = [...this.state.deliveries]
			.reverse()
			.find((d) => d.requestId === envelope.envelopeId);
		return { event, envelope, webhook, delivery };
	}

	/**
	 * Appends `count` callbacks delivered to 50 other webhooks, 20 s apart up to now, to an account's delivery log: the
	 * long history a benchmark reads (a million entries answer about 205 MB, streamed).
	 */
	seedDeliveryLog(count: number, accountId: string = this.demo.accountId): void {
		const account = this.state.account(accountId);
		if (!account) throw new Error(`Account ${accountId} not found`);
		const urls = Array.from({ length: 50 }, (_, index) => `https://crm.example.com/hooks/${index}`);
		const now = Date.now();
		// One random UUID per call, the index in its last 12 digits: randomUUID() for each took seconds for a million.
		const prefix = randomUUID().slice(0, 24);
		for (let index = 0; index < count; index++)
			account.logs.push({
				requestId: `${prefix}${index.toString(16).padStart(12, '0')}`,
				createdDate: logTimestamp(new Date(now - (count - index) * 20_000)),
				webhookStatus: WEBHOOK_STATUS.SUCCESS,
				httpStatusCode: 200,
				webhookUrl: urls[index % urls.length],
				reasons: '',
			});
	}

	authenticateIdentity(requestId: string): void {
		this.state.identityAuthenticated.add(requestId.toLowerCase());
	}

	// --- inspection -------------------------------------------------------------------

	envelope(envelopeId: string): EmulatedEnvelope | undefined {
		return this.state.findEnvelopeAnywhere(envelopeId);
	}

	webhooks(accountId: string = this.demo.accountId): Webhook[] {
		return this.state.account(accountId)?.webhooks ?? [];
	}

	signedPdf(original: Buffer, signerNames: string[]): Buffer {
		return signedPdf(original, signerNames);
	}

	// --- HTTP ----------------------------------------------------------------------------

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		let reply: Reply;
		let recorded: RecordedRequest | undefined;
		try {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const rawBody = Buffer.concat(chunks);
			const url = new URL(req.url ?? '/', 'http://emulator.local');
			const headers: Record<string, string> = {};
			for (const [name, value] of Object.entries(req.headers)) {
				if (value !== undefined)
					headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
			}
			const parsed = await parseBody(rawBody, headers['content-type']);
			recorded = {
				method: (req.method ?? 'GET').toUpperCase(),
				path: url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname,
				query: Object.fromEntries(url.searchParams),
				headers,
				rawBody,
				body: parsed.body,
				files: parsed.files,
			};
			this.state.requests.push(recorded);
			reply = await this.dispatch(recorded, parsed);
		} catch (error) {
			if (error instanceof ApiError) {
				reply = error.reply;
			} else {
				// A bug in the emulator: say so loudly rather than mimic a service answer.
				console.error('[emulator] internal error', error);
				reply = jsonReply(
					500,
					wrapper(null, 100, `Emulator internal error: ${(error as Error).message}`),
				);
			}
		}
		// What changed is kept before it is answered, so that a run stopped right after still has it.
		if (this.stateFile && req.method !== 'GET' && req.method !== 'HEAD')
			saveState(this.state, this.stateFile);
		if (res.writableEnded) return;
		const { body } = reply;
		const length = Buffer.isBuffer(body) ? { 'content-length': String(body.length) } : {};
		res.writeHead(reply.status, { ...reply.headers, ...length });
		const answered = await writeAnswer(res, body);
		if (recorded) recorded.answeredBytes = answered;
	}

	private async dispatch(req: RecordedRequest, parsed: ParsedBody): Promise<Reply> {
		const isApi = /^\/api\//i.test(req.path);
		const { faults: pending } = this.state;
		// Faults hit the API; one aimed at a path (e.g. the token endpoint) hits that path only.
		if (isApi || pending.path !== undefined) {
			const { faults } = this.state;
			if (faults.latencyMs > 0) await sleep(faults.latencyMs);
			const targeted =
				faults.path === undefined ||
				(typeof faults.path === 'string' ? faults.path === req.path : faults.path.test(req.path));
			if (faults.remaining > 0 && targeted) {
				faults.remaining -= 1;
				return jsonReply(
					faults.status,
					faults.body ?? wrapper(null, faults.status, 'InjectedFault'),
				);
			}
		}
		const { route, params, pathMatched } = findRoute(ROUTES, req.method, req.path);
		if (!route) {
			return pathMatched
				? jsonReply(405, wrapper(null, 405, 'MethodNotAllowed'))
				: jsonReply(404, wrapper(null, 404, 'NotFound'));
		}
		if (route.kind === 'open') return route.handler({ core: this, req, params });
		const account = authenticate(this.state, req);
		if (!account) return unauthorizedReply(this.state.tokenRefusal);
		req.account = account.credentials.accountId;
		return (
			checkBody(route.body, req, parsed) ??
			(await route.handler({ core: this, req, params, account }))
		);
	}
}

const ANSWER_CHUNK = 64 * 1024;

function* slices(body: Buffer): Generator<Buffer> {
	for (let at = 0; at < body.length; at += ANSWER_CHUNK) yield body.subarray(at, at + ANSWER_CHUNK);
}

/**
 * Writes an answer in chunks as the receiver reads them, and returns how many bytes it took before it closed the
 * connection: a test can tell that a client stopped reading a long answer (a bounded read) from one that read it all.
 * A streamed answer (Reply.body an async iterable) is read no further than the receiver takes it.
 */
async function writeAnswer(
	res: ServerResponse,
	body: Buffer | AsyncIterable<Buffer>,
): Promise<number> {
	let written = 0;
	try {
		for await (const chunk of Buffer.isBuffer(body) ? slices(body) : body) {
			if (res.destroyed) return written;
			const more = res.write(chunk);
			written += chunk.length;
			if (!more) {
				await new Promise<void>((resolve) => {
					const done = () => {
						res.off('drain', done);
						res.off('close', done);
						resolve();
					};
					res.on('drain', done);
					res.on('close', done);
				});
			}
		}
	} catch (error) {
		// The status went out already: a cut answer is all the receiver can be told.
		console.error('[emulator] internal error while answering', error);
		res.destroy();
		return written;
	}
	if (!res.destroyed) res.end();
	return written;
}
