/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error, @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * A small library to run our package inside a REAL n8n process (provisioned by ./provision.ts).
 *
 *   const host = await provision();
 *   const tarball = await packPackage();                 // npm pack of the repository (dist/ must exist)
 *   const userFolder = createUserFolder({ tarball });     // fresh N8N_USER_FOLDER with the package installed
 *   await importCredentials(host, userFolder, [...]);     // CLI, before start (optional)
 *   const n8n = await startN8n({ host, userFolder });     // n8n start on 127.0.0.1, random ports
 *   await n8n.setupOwner();                               // owner + login cookie + API key
 *   const exec = await n8n.runWorkflow(id);               // manual run through the REST API, waits, returns data
 *   await n8n.stop();
 *
 * Everything n8n writes stays in the user folder; its log is `<userFolder>/n8n.log`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { ParsedJson } from '../harness/json';
import { n8nEnv, type N8nPorts, type WorkflowJson } from './n8n-cli';
import { type Host, n8nMajor } from './provision';
import { freePorts, sleep, stamp, tail } from './util';

// The package and the CLI live beside this file, by concern; tests import all of it from here.
export * from './n8n-package';
export * from './n8n-cli';
export { freePort, freePorts, sleep } from './util';

// ---------------------------------------------------------------------------------------------
// Server

export interface StartOptions {
	host: Host;
	userFolder: string;
	port?: number;
	brokerPort?: number;
	env?: NodeJS.ProcessEnv;
	/** How long to wait for /healthz/readiness. */
	readyTimeoutMs?: number;
	/**
	 * The n8n command: `start` (default: editor, API, webhooks), or in queue mode `worker` (runs executions; ready
	 * when its health server on `port` answers) or `webhook` (serves production webhooks on `port`).
	 */
	command?: 'start' | 'worker' | 'webhook';
	/** Name in the log file: `n8n.log` by default, `<logName>.log` otherwise (several processes, one user folder). */
	logName?: string;
}

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: Owner = {
	email: 'owner@esignature.test',
	password: 'Esignature-e2e-1',
	firstName: 'E2E',
	lastName: 'Owner',
};

/** An API key to make (`POST /rest/api-keys`). */
export interface ApiKeySpec {
	/** Its name in n8n's Settings → n8n API (at most 50 characters). */
	label: string;
	/** n8n's scope names (`workflow:list`, ...); n8n refuses a request the key has no scope for (HTTP 403). */
	scopes: string[];
	/** Seconds until it expires; never when left out. */
	expiresInS?: number;
}

/** An API key as n8n lists it (`GET /rest/api-keys`): the key itself redacted, `expiresAt` in seconds or null. */
export interface ApiKeyInfo {
	id: string;
	label: string;
	scopes: string[];
	expiresAt: number | null;
}

export interface Execution {
	id: string;
	finished: boolean;
	mode: string;
	status: string;
	startedAt: string;
	stoppedAt: string | null;
	workflowId: string;
	data?: {
		resultData: {
			runData: Record<
				string,
				Array<{
					data?: {
						main: Array<Array<{ json: ParsedJson; binary?: Record<string, ParsedJson> }> | null>;
					};
					error?: ParsedJson;
					executionStatus?: string;
				}>
			>;
			error?: {
				message: string;
				description?: string;
				node?: { name: string };
				[k: string]: unknown;
			};
			lastNodeExecuted?: string;
		};
	};
	[k: string]: unknown;
}

export class N8nInstance {
	readonly url: string;
	readonly logFile: string;
	cookie = '';
	apiKey = '';
	/** n8n's id of `apiKey` (for deleteApiKey). */
	apiKeyId = '';
	owner: Owner = DEFAULT_OWNER;
	private exited: Promise<number | null>;
	private exitCode: number | null | undefined;
	/** How long the start took (spawn to ready), ms. */
	startMs = 0;
	/**
	 * The id n8n gave each workflow created with another one. n8n 2.x keeps the id given to `POST /rest/workflows`;
	 * n8n 1.x drops it and makes its own (docs/n8n-notes.md#n8n-1x), so the methods below that take a workflow id
	 * accept the given one and translate it.
	 */
	workflowIds = new Map<string, string>();

	constructor(
		readonly host: Host,
		readonly userFolder: string,
		readonly ports: N8nPorts,
		readonly child: ChildProcess,
		logFile: string,
	) {
		this.url = `http://127.0.0.1:${ports.port}`;
		this.logFile = logFile;
		this.exited = new Promise((resolve) => {
			child.on('exit', (code, signal) => {
				this.exitCode = code ?? (signal ? -1 : null);
				resolve(this.exitCode);
			});
		});
	}

	get running(): boolean {
		return this.exitCode === undefined;
	}

	/** The n8n log so far. */
	log(): string {
		try {
			return readFileSync(this.logFile, 'utf8');
		} catch {
			return '';
		}
	}

	/** Raw fetch against the instance. */
	async fetch(path: string, init: RequestInit = {}): Promise<Response> {
		return fetch(this.url + path, { ...init, signal: init.signal ?? AbortSignal.timeout(60_000) });
	}

	private async json(
		method: string,
		path: string,
		headers: Record<string, string>,
		body?: unknown,
	): Promise<ParsedJson> {
		const send = () =>
			this.fetch(path, {
				method,
				headers: {
					accept: 'application/json',
					...(body !== undefined ? { 'content-type': 'application/json' } : {}),
					...headers,
				},
				body: body !== undefined ? JSON.stringify(body) : undefined,
			});
		let res: Response;
		try {
			res = await send();
		} catch (error) {
			// A read sent on a kept-alive connection that n8n closed meanwhile (its event loop was busy past the socket's
			// idle timeout) fails with ECONNRESET before n8n sees it. A read can be sent again; a stopped n8n fails again.
			const code = (error as { cause?: { code?: string } }).cause?.code;
			if (method !== 'GET' || code !== 'ECONNRESET' || !this.running) throw error;
			res = await send();
		}
		let text = await res.text();
		// n8n answers 503 "Database is not ready!" before handling a request while its database check is slow (a loaded
		// machine): the request was not handled, so it is sent again, for at most 30 s.
		for (
			let wait = Date.now() + 30_000;
			res.status === 503 && /Database is not ready/.test(text);
		) {
			if (Date.now() > wait) break;
			await sleep(500);
			res = await send();
			text = await res.text();
		}
		let parsed: ParsedJson = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			/* not JSON */
		}
		if (!res.ok) {
			throw Object.assign(
				new Error(`n8n ${method} ${path} -> HTTP ${res.status}: ${tail(text, 2000)}`),
				{ status: res.status, body: parsed },
			);
		}
		return parsed;
	}

	/** The id n8n knows a workflow by (see workflowIds). */
	workflowId(id: string): string {
		return this.workflowIds.get(id) ?? id;
	}

	/** Internal REST API (/rest/...) with the owner's login cookie; returns `data` of the envelope. */
	async rest(method: string, path: string, body?: unknown): Promise<ParsedJson> {
		if (!this.cookie) throw new Error('no login cookie: call setupOwner() or login() first');
		const r = await this.json(
			method,
			`/rest${path}`,
			{ cookie: this.cookie, 'browser-id': 'esig-e2e' },
			body,
		);
		return r && typeof r === 'object' && 'data' in r ? r.data : r;
	}

	/** Public API (/api/v1/...) with the API key. */
	async api(method: string, path: string, body?: unknown): Promise<ParsedJson> {
		if (!this.apiKey) throw new Error('no API key: call setupOwner() first');
		return this.json(method, `/api/v1${path}`, { 'x-n8n-api-key': this.apiKey }, body);
	}

	/**
	 * Creates the owner account (first start only), logs in and creates an API key: `apiKey` when given, otherwise one
	 * with every scope that never expires (the suites' throw-away user folders).
	 */
	async setupOwner(owner: Owner = DEFAULT_OWNER, apiKey?: ApiKeySpec): Promise<void> {
		this.owner = owner;
		const res = await this.fetch('/rest/owner/setup', {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'esig-e2e' },
			body: JSON.stringify(owner),
		});
		if (res.ok) {
			this.cookie = cookieFrom(res);
			await res.text();
		} else {
			const text = await res.text();
			// Already set up (re-used user folder): log in instead.
			if (res.status !== 400 && res.status !== 403)
				throw new Error(`owner setup -> HTTP ${res.status}: ${text}`);
			await this.login(owner);
		}
		if (!this.cookie) throw new Error('owner setup/login returned no n8n-auth cookie');
		await this.createApiKey(apiKey);
	}

	async login(owner: Owner = this.owner): Promise<void> {
		const res = await this.fetch('/rest/login', {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': 'esig-e2e' },
			body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
		});
		const text = await res.text();
		if (!res.ok) throw new Error(`login -> HTTP ${res.status}: ${text}`);
		this.cookie = cookieFrom(res);
	}

	/**
	 * Creates an API key of the logged-in user and uses it for `api()`. Without `spec`: every scope the user may give,
	 * no expiry, a label of its own. With `spec`, the user's keys of the same label are deleted first: one label, one
	 * key, however often it is made.
	 */
	async createApiKey(spec?: ApiKeySpec): Promise<string> {
		if (spec) for (const old of await this.apiKeys(spec.label)) await this.deleteApiKey(old.id);
		const scopes: string[] = spec?.scopes ?? (await this.rest('GET', '/api-keys/scopes'));
		const created = await this.rest('POST', '/api-keys', {
			label: spec?.label ?? `e2e-${stamp()}`,
			scopes,
			// n8n takes seconds since the epoch.
			expiresAt: spec?.expiresInS ? Math.floor(Date.now() / 1000) + spec.expiresInS : null,
		});
		this.apiKey = created.rawApiKey;
		this.apiKeyId = created.id;
		if (!this.apiKey)
			throw new Error(`API key creation returned no key: ${JSON.stringify(created)}`);
		return this.apiKey;
	}

	/**
	 * The logged-in user's API keys (redacted), every page; only those labelled `label` when given. n8n 2.x answers
	 * a page (`items`, 10 unless `take` says more), to an owner with every user's keys unless asked for
	 * `ownership=mine`; n8n 1.x answers a list of the user's.
	 */
	async apiKeys(label?: string): Promise<ApiKeyInfo[]> {
		const all: ApiKeyInfo[] = [];
		for (let skip = 0; ; skip += 250) {
			const page = await this.rest('GET', `/api-keys?ownership=mine&take=250&skip=${skip}`);
			const items = (Array.isArray(page) ? page : (page?.items ?? [])) as ApiKeyInfo[];
			all.push(...items);
			if (Array.isArray(page) || items.length < 250) break;
		}
		return label === undefined ? all : all.filter((key) => key.label === label);
	}

	async deleteApiKey(id: string): Promise<void> {
		await this.rest('DELETE', `/api-keys/${id}`);
		if (id === this.apiKeyId) [this.apiKey, this.apiKeyId] = ['', ''];
	}

	/** Node type names n8n has loaded (from the editor's /types/nodes.json). */
	async nodeTypes(): Promise<string[]> {
		const res = await this.fetch('/types/nodes.json', {
			headers: { cookie: this.cookie, 'browser-id': 'esig-e2e' },
		});
		if (!res.ok) throw new Error(`/types/nodes.json -> HTTP ${res.status}`);
		return ((await res.json()) as Array<{ name: string }>).map((n) => n.name);
	}

	/** Credential type names n8n has loaded. */
	async credentialTypes(): Promise<string[]> {
		const res = await this.fetch('/types/credentials.json', {
			headers: { cookie: this.cookie, 'browser-id': 'esig-e2e' },
		});
		if (!res.ok) throw new Error(`/types/credentials.json -> HTTP ${res.status}`);
		return ((await res.json()) as Array<{ name: string }>).map((n) => n.name);
	}

	/**
	 * Fails with n8n's own words when a community package did not load completely:
	 * every node and credential file listed in its package.json must be known to n8n.
	 */
	async assertPackageLoaded(
		packageDir: string,
	): Promise<{ nodes: string[]; credentials: string[] }> {
		const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
		const log = this.log();
		const failure = log.indexOf(`Failed to load package "${pkg.name}"`);
		if (failure >= 0)
			throw new Error(`n8n could not load ${pkg.name}:\n${log.slice(failure, failure + 1500)}`);
		const typeName = (file: string) => {
			const base = file
				.split('/')
				.pop()!
				.replace(/\.(node|credentials)\.js$/, '');
			return base.charAt(0).toLowerCase() + base.slice(1);
		};
		const nodes = ((pkg.n8n?.nodes ?? []) as string[]).map((f) => `${pkg.name}.${typeName(f)}`);
		const known = new Set(await this.nodeTypes());
		const missing = nodes.filter((n) => !known.has(n));
		if (missing.length)
			throw new Error(
				`n8n did not load node types ${missing.join(', ')} of ${pkg.name}\n${tail(log, 3000)}`,
			);
		const credFiles = (pkg.n8n?.credentials ?? []) as string[];
		const knownCreds = await this.credentialTypes();
		const ours = knownCreds.filter((c) =>
			credFiles.some((f) => typeName(f).toLowerCase() === c.toLowerCase()),
		);
		if (ours.length !== credFiles.length) {
			throw new Error(
				`n8n loaded credential types [${ours.join(', ')}] for files [${credFiles.join(', ')}] of ${pkg.name}`,
			);
		}
		return { nodes, credentials: ours };
	}

	// --- workflows -------------------------------------------------------------------------

	/** Creates a workflow through the REST API (keeps nothing of the given id); returns the new id. */
	async createWorkflow(wf: Omit<WorkflowJson, 'id'> & { id?: string }): Promise<string> {
		const rest: Partial<WorkflowJson> = { ...wf };
		delete rest.id;
		delete rest.active;
		// n8n 1.x needs `active` in the body (see newWorkflowBody in stack.ts).
		const created = await this.rest('POST', '/workflows', {
			settings: {},
			...(n8nMajor(this.host) < 2 ? { active: false } : {}),
			...rest,
		});
		return created.id;
	}

	async getWorkflow(id: string): Promise<ParsedJson> {
		return this.api('GET', `/workflows/${this.workflowId(id)}`);
	}

	/** Activates (publishes) a workflow through the public API: n8n registers its trigger webhooks. */
	async activate(id: string): Promise<ParsedJson> {
		return this.api('POST', `/workflows/${this.workflowId(id)}/activate`);
	}

	/** Deactivates through the public API: n8n calls the trigger's webhook `delete`. */
	async deactivate(id: string): Promise<ParsedJson> {
		return this.api('POST', `/workflows/${this.workflowId(id)}/deactivate`);
	}

	/** Creates a credential through the public API (data is validated against the type's schema); returns its id. */
	async createCredential(
		name: string,
		type: string,
		data: Record<string, unknown>,
	): Promise<string> {
		const created = await this.api('POST', '/credentials', { name, type, data });
		return created.id;
	}

	// --- executions ------------------------------------------------------------------------

	/**
	 * Starts a manual execution of a saved workflow (as the editor's "Execute workflow" does)
	 * from its Manual Trigger and waits until it is finished; returns it with data.
	 */
	async runWorkflow(
		id: string,
		opts: { trigger?: string; timeoutMs?: number } = {},
	): Promise<Execution> {
		let trigger = opts.trigger;
		if (!trigger) {
			const wf = await this.rest('GET', `/workflows/${this.workflowId(id)}`);
			const t = (wf.nodes as Array<{ name: string; type: string }>).find(
				(n) => n.type === 'n8n-nodes-base.manualTrigger',
			);
			if (!t) throw new Error(`workflow ${id} has no Manual Trigger; pass opts.trigger`);
			trigger = t.name;
		}
		return this.waitForExecution(await this.startRun(id, trigger), opts.timeoutMs);
	}

	/**
	 * Starts a manual run of a saved workflow from the named trigger (the editor's "Execute workflow") and returns the
	 * execution id at once. n8n 2.x runs the saved workflow; n8n 1.x's endpoint runs the `workflowData` the editor
	 * sends with it (required there), so for 1.x the saved workflow is sent along (docs/n8n-notes.md#n8n-1x).
	 */
	async startRun(givenId: string, trigger: string): Promise<string> {
		const id = this.workflowId(givenId);
		const body: Record<string, unknown> = { triggerToStartFrom: { name: trigger } };
		if (n8nMajor(this.host) < 2) body.workflowData = await this.rest('GET', `/workflows/${id}`);
		const started = await this.rest('POST', `/workflows/${id}/run`, body);
		if (!started?.executionId)
			throw new Error(`manual run of ${id} did not start an execution: ${JSON.stringify(started)}`);
		return String(started.executionId);
	}

	/** Polls an execution until it has stopped; returns it with data. */
	async waitForExecution(executionId: string, timeoutMs = 120_000): Promise<Execution> {
		const deadline = Date.now() + timeoutMs;
		let delay = 50;
		for (;;) {
			let ex: Execution | undefined;
			try {
				ex = await this.api('GET', `/executions/${executionId}?includeData=true`);
			} catch (e) {
				if ((e as { status?: number }).status !== 404) throw e; // not yet persisted
			}
			if (
				ex &&
				ex.stoppedAt &&
				!['running', 'new', 'waiting'].includes(ex.status) &&
				this.dataWritten(normalizeExecution(ex))
			)
				return ex;
			if (Date.now() > deadline)
				throw new Error(
					`execution ${executionId} not finished after ${timeoutMs} ms (status ${ex?.status})\n${tail(this.log(), 3000)}`,
				);
			await sleep(delay);
			delay = Math.min(delay * 2, 500);
		}
	}

	/** Polls an execution until n8n has parked it (status `waiting`); returns it with the data of the nodes that ran. */
	async waitUntilWaiting(executionId: string, timeoutMs = 60_000): Promise<Execution> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const ex = (await this.api('GET', `/executions/${executionId}?includeData=true`).catch(
				() => undefined,
			)) as Execution | undefined;
			// A waiting execution has run its trigger at least: on n8n 1.x the status can be read before the data
			// (see dataWritten below).
			if (ex?.status === 'waiting' && Object.keys(ex.data?.resultData?.runData ?? {}).length)
				return ex;
			if (ex && ['error', 'success', 'crashed'].includes(ex.status))
				throw new Error(
					`execution ${executionId} ended ${ex.status} instead of waiting: ${executionError(ex) ?? ''}`,
				);
			if (Date.now() > deadline)
				throw new Error(
					`execution ${executionId} not waiting after ${timeoutMs} ms (${ex?.status})`,
				);
			await sleep(200);
		}
	}

	/**
	 * Whether a stopped execution's data is its final data. n8n 1.x on SQLite without a read pool (its default,
	 * `DB_SQLITE_POOL_SIZE=0`) writes an execution's status and its data in two statements outside a transaction, so a
	 * poll can see `success` with the data of the start (no node run yet) (docs/n8n-notes.md#n8n-1x), or, for a resumed
	 * execution, the data saved as it resumed: the waiting node's run taken out, its list of runs empty. n8n 2.x: always.
	 */
	private dataWritten(ex: Execution): boolean {
		if (n8nMajor(this.host) >= 2) return true;
		const result = ex.data?.resultData;
		const resumedOnly = Object.values(result?.runData ?? {}).some(
			(runs) => Array.isArray(runs) && runs.length === 0,
		);
		return Boolean(result?.lastNodeExecuted || result?.error) && !resumedOnly;
	}

	/** Executions (newest first), optionally of one workflow, optionally with data. */
	async listExecutions(
		opts: { workflowId?: string; includeData?: boolean; status?: string; limit?: number } = {},
	): Promise<Execution[]> {
		const q = new URLSearchParams();
		if (opts.workflowId) q.set('workflowId', this.workflowId(opts.workflowId));
		if (opts.includeData) q.set('includeData', 'true');
		if (opts.status) q.set('status', opts.status);
		q.set('limit', String(opts.limit ?? 100));
		const r = await this.api('GET', `/executions?${q}`);
		return (r.data as Execution[]).map(normalizeExecution);
	}

	/** How many executions a workflow has (all pages of the public API). */
	async countExecutions(workflowId: string): Promise<number> {
		let count = 0;
		let cursor: string | undefined;
		do {
			const q = new URLSearchParams({ workflowId: this.workflowId(workflowId), limit: '250' });
			if (cursor) q.set('cursor', cursor);
			const page = await this.api('GET', `/executions?${q}`);
			count += (page.data as unknown[]).length;
			cursor = page.nextCursor ?? undefined;
		} while (cursor);
		return count;
	}

	/** Waits until a workflow has at least `count` finished executions; returns them (oldest first, with data). */
	async waitForExecutions(
		workflowId: string,
		count: number,
		timeoutMs = 60_000,
	): Promise<Execution[]> {
		const deadline = Date.now() + timeoutMs;
		// Each stopped execution's data is read once, on its own: with n8n's in-memory binary store (n8n 1.x's default)
		// an execution's data holds its files as Base64, tens of MB in the large-document scenarios, too much to list
		// again with every poll.
		const read = new Map<string, Execution>();
		for (;;) {
			const stopped = (await this.listExecutions({ workflowId })).filter((e) => e.stoppedAt);
			let done: Execution[] = [];
			if (stopped.length >= count) {
				for (const { id } of stopped) {
					if (read.has(id)) continue;
					const ex = normalizeExecution(
						(await this.api('GET', `/executions/${id}?includeData=true`)) as Execution,
					);
					if (this.dataWritten(ex)) read.set(id, ex);
				}
				done = stopped.filter((e) => read.has(e.id)).map((e) => read.get(e.id)!);
				if (done.length >= count) return done.reverse();
			}
			if (Date.now() > deadline) {
				throw new Error(
					`workflow ${workflowId}: ${done.length}/${count} executions after ${timeoutMs} ms\n${tail(this.log(), 3000)}`,
				);
			}
			await sleep(250);
		}
	}

	/**
	 * The bytes of a binary property from execution data: inline Base64 (`data`) or, in n8n's
	 * filesystem/database binary modes, downloaded from /rest/binary-data by its id.
	 */
	async binaryContent(entry: {
		id?: string;
		data?: string;
		mimeType?: string;
		fileName?: string;
	}): Promise<Buffer> {
		if (entry.id) {
			const q = new URLSearchParams({ id: entry.id, action: 'download' });
			const res = await this.fetch(`/rest/binary-data?${q}`, {
				headers: { cookie: this.cookie, 'browser-id': 'esig-e2e' },
			});
			if (!res.ok)
				throw new Error(`binary data ${entry.id} -> HTTP ${res.status}: ${await res.text()}`);
			return Buffer.from(await res.arrayBuffer());
		}
		if (typeof entry.data === 'string') return Buffer.from(entry.data, 'base64');
		throw new Error(`binary entry has neither id nor data: ${JSON.stringify(entry)}`);
	}

	/** Stops n8n (SIGTERM to its process group, SIGKILL after `graceMs`). */
	async stop(graceMs = 15_000): Promise<void> {
		if (!this.running || this.child.pid === undefined) return;
		const pid = this.child.pid;
		try {
			process.kill(-pid, 'SIGTERM'); // n8n and its task runner
		} catch {
			/* already gone */
		}
		const timer = setTimeout(() => {
			try {
				process.kill(-pid, 'SIGKILL');
			} catch {
				/* gone */
			}
		}, graceMs);
		await this.exited;
		clearTimeout(timer);
		// the task runner may outlive the main process for a moment
		try {
			process.kill(-pid, 'SIGKILL');
		} catch {
			/* gone */
		}
	}
}

function cookieFrom(res: Response): string {
	const all =
		typeof res.headers.getSetCookie === 'function'
			? res.headers.getSetCookie()
			: [res.headers.get('set-cookie') ?? ''];
	const auth = all.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
	return auth ?? '';
}

/** The public API returns `data` as a JSON string in some versions: parse it. */
function normalizeExecution(ex: Execution): Execution {
	if (typeof (ex as { data?: unknown }).data === 'string') {
		try {
			ex.data = JSON.parse(ex.data as unknown as string);
		} catch {
			/* leave it */
		}
	}
	return ex;
}

/** Spawns `n8n start` and waits for /healthz/readiness. */
/**
 * Starts n8n; a start-up that fails because a port it was given was taken in the meantime (the ports are picked free,
 * then handed over, so another process may take one first) is tried again with fresh ports, twice at most.
 */
export async function startN8n(opts: StartOptions): Promise<N8nInstance> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await startN8nOnce(opts);
		} catch (error) {
			if (
				attempt >= 3 ||
				!/exited during start-up[\s\S]*already in use/.test((error as Error).message)
			)
				throw error;
		}
	}
}

async function startN8nOnce(opts: StartOptions): Promise<N8nInstance> {
	const started = Date.now();
	const [p1, p2] = await freePorts(2);
	const ports: N8nPorts = { port: opts.port ?? p1, brokerPort: opts.brokerPort ?? p2 };
	const command = opts.command ?? 'start';
	const logFile = join(opts.userFolder, `${opts.logName ?? 'n8n'}.log`);
	const out = createWriteStream(logFile, { flags: 'a' });
	// A worker has no HTTP server of its own: its health server answers on the port instead.
	const workerEnv: NodeJS.ProcessEnv =
		command === 'worker'
			? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(ports.port) }
			: {};
	const child = spawn(opts.host.node, [opts.host.n8nBin, command], {
		cwd: opts.userFolder,
		env: { ...n8nEnv(opts.host, opts.userFolder, ports, opts.env), ...workerEnv },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group: stop() ends n8n and its task runner together
	});
	child.stdout!.pipe(out);
	child.stderr!.pipe(out);
	const inst = new N8nInstance(opts.host, opts.userFolder, ports, child, logFile);
	// Do not let a forgotten instance keep the test runner alive... but do stop it when we exit.
	const onExit = () => {
		try {
			if (child.pid) process.kill(-child.pid, 'SIGKILL');
		} catch {
			/* gone */
		}
	};
	process.once('exit', onExit);
	child.once('exit', () => process.removeListener('exit', onExit));

	const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
	for (;;) {
		if (!inst.running) {
			throw new Error(
				`n8n exited during start-up (code ${String((inst as unknown as { exitCode: unknown }).exitCode)})\n--- ${logFile} ---\n${tail(inst.log())}`,
			);
		}
		try {
			const path = command === 'start' ? '/healthz/readiness' : '/healthz';
			const res = await fetch(`${inst.url}${path}`, { signal: AbortSignal.timeout(2000) });
			await res.text();
			// n8n 1.x reports ready a few seconds before its REST controllers are mounted (`POST /rest/owner/setup`
			// is a 404 until then): there, also wait for the REST API (docs/n8n-notes.md#n8n-1x).
			if (res.ok && command === 'start' && n8nMajor(opts.host) < 2) {
				const rest = await fetch(`${inst.url}/rest/settings`, {
					signal: AbortSignal.timeout(2000),
				});
				await rest.text();
				if (rest.ok) break;
			} else if (res.ok) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) {
			await inst.stop(2000);
			throw new Error(
				`n8n not ready after ${opts.readyTimeoutMs ?? 120_000} ms\n--- ${logFile} ---\n${tail(inst.log())}`,
			);
		}
		await sleep(200);
	}
	inst.startMs = Date.now() - started;
	return inst;
}

// ---------------------------------------------------------------------------------------------
// Reading results

/** Output items (json) of a node in an execution's run data (run `run`, output `output`). */
export function nodeOutput(
	ex: Execution,
	nodeName: string,
	run = 0,
	output = 0,
): Array<{ json: ParsedJson; binary?: Record<string, ParsedJson> }> {
	const runs = ex.data?.resultData.runData[nodeName];
	if (!runs) {
		throw new Error(
			`node "${nodeName}" did not run in execution ${ex.id} (ran: ${Object.keys(ex.data?.resultData.runData ?? {}).join(', ')}); error: ${executionError(ex) ?? 'none'}`,
		);
	}
	const r = runs[run];
	if (!r) throw new Error(`node "${nodeName}" has no run ${run}`);
	if (r.error)
		throw new Error(`node "${nodeName}" failed: ${r.error.message ?? JSON.stringify(r.error)}`);
	return r.data?.main?.[output] ?? [];
}

/** The execution's error message (with description), if it failed. */
export function executionError(ex: Execution): string | undefined {
	const err = ex.data?.resultData.error;
	if (!err) return undefined;
	return [err.message, err.description].filter(Boolean).join(' - ');
}

/** Throws with the execution's error when it did not succeed. */
export function assertSuccess(ex: Execution): Execution {
	if (ex.status !== 'success') {
		throw new Error(
			`execution ${ex.id} ended with status ${ex.status}: ${executionError(ex) ?? '(no error recorded)'}`,
		);
	}
	return ex;
}

/** Lists files in a directory (for debugging). */
export function ls(dir: string): string[] {
	return existsSync(dir) ? readdirSync(dir) : [];
}
