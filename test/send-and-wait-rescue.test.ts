/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The trigger's rescue of waiting Send and Wait executions whose callback was lost
 * (docs/delivery-guarantees.md#events-the-trigger-fetches, docs/security.md#send-and-wait), through n8n-core's real
 * TriggerContext against the emulator: it posts only to resume URLs this n8n's Send and Wait signed with the
 * credential's secrets, the signed files once each, within the round's limits, every execution in turn.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
	type RescueReport,
	type RescueState,
	newRescueState,
	resumeWaitingExecutions,
} from '../nodes/ESignature/sendAndWait/rescue';
import { resumeKey, signedResumeUrl } from '../nodes/ESignature/sendAndWait/resumeUrl';
import type { Emulator } from './emulator';
import { ServiceClient } from './harness/service-client';
import { TriggerWorkflow, triggerSuite } from './harness/trigger';

const suite = triggerSuite({ live: true });
let emulator: Emulator;
const service = new ServiceClient(() => emulator);

interface Received {
	path: string;
	headers: IncomingHttpHeaders;
	body: { RequestId: string; Status: number; Files: Array<{ FileName: string; File: string }> };
}

/** Stands in for n8n's waiting webhooks: records every POST; a path in `drop` gets no answer at all. */
class Recorder {
	readonly received: Received[] = [];

	readonly drop = new Set<string>();

	url = '';

	private server!: Server;

	async start(): Promise<void> {
		this.server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				const path = new URL(req.url ?? '/', 'http://n8n.local').pathname;
				if (this.drop.has(path)) return void req.socket.destroy();
				const text = Buffer.concat(chunks).toString('utf8');
				this.received.push({ path, headers: req.headers, body: JSON.parse(text || '{}') });
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"message":"Workflow was started"}');
			});
		});
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
	}

	async stop(): Promise<void> {
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}
}

const n8n = new Recorder();
const elsewhere = new Recorder();
let trigger: TriggerWorkflow;
let key: string;
let state: RescueState;
const roomy = { statusCalls: 20, downloads: 20 };

beforeAll(async () => {
	({ emulator } = suite);
	await n8n.start();
	await elsewhere.start();
});

afterAll(async () => {
	await n8n.stop();
	await elsewhere.stop();
});

beforeEach(async () => {
	n8n.received.length = 0;
	n8n.drop.clear();
	elsewhere.received.length = 0;
	trigger = new TriggerWorkflow(suite.n8n, { events: ['*'], options: {} });
	key = await resumeKey(trigger.triggerContext('trigger'));
	state = newRescueState();
});

/** The trigger's own production URL: its base is where this n8n's waiting executions are. */
const triggerUrl = () => `${n8n.url}/webhook/${randomUUID()}/webhook`;

async function round(limits = roomy, now = Date.now()): Promise<RescueReport> {
	const context = trigger.triggerContext('trigger');
	return await resumeWaitingExecutions(context, triggerUrl(), state, limits, now);
}

async function apiGet(path: string): Promise<{ data: { file: string } }> {
	const response = await fetch(`${emulator.url}${path}`, {
		headers: { authorization: `Bearer ${await service.apiToken()}` },
	});
	return (await response.json()) as { data: { file: string } };
}

async function signedDownload(documentId: string): Promise<Buffer> {
	const body = await apiGet(`/api/v1/documents/${documentId}/completed/base64`);
	return Buffer.from(body.data.file, 'base64');
}

/** An envelope with `files` documents whose callbacks go nowhere (no webhook, no default): its callback is lost. */
async function envelope(files = 1): Promise<{ envelopeId: string; documentIds: string[] }> {
	const response = await fetch(`${emulator.url}/api/v1/envelopes/bulk/initiate-and-invite`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			authorization: `Bearer ${await service.apiToken()}`,
		},
		body: JSON.stringify({
			Files: Array.from({ length: files }, (_, index) => ({
				File: emulator.samplePdf.toString('base64'),
				fileName: `contract-${index + 1}.pdf`,
			})),
			Destinations: [
				{ DestinationName: 'Sara Ali', DestinationEmail: 'sara@example.com', SigneOrder: 1 },
			],
			WebhookId: null,
			ReferenceNumber: `REF-${randomUUID().slice(0, 8)}`,
			SendUserInvitation: false,
		}),
	});
	const body = (await response.json()) as { errorCode: number; data: { envelopeId: string } };
	expect(body.errorCode).toBe(0);
	const { envelopeId } = body.data;
	return { envelopeId, documentIds: emulator.envelope(envelopeId)!.files.map((f) => f.fileId) };
}

async function registerWebhook(webhookUrl: string, headerToken: string): Promise<void> {
	const response = await fetch(`${emulator.url}/api/v1/webhooks`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			authorization: `Bearer ${await service.apiToken()}`,
		},
		body: JSON.stringify({ webhookUrl, headerToken, isDefault: false }),
	});
	expect(((await response.json()) as { errorCode: number }).errorCode).toBe(0);
}

interface Wait {
	envelopeId: string;
	documentIds?: string[];
	executionId?: string;
	/** Where the URL points, without its query: n8n's waiting URL of the execution unless given. */
	at?: string;
	until?: string;
	signingKey?: string;
	/** The header token the webhook is registered with, when not the one the URL was signed with. */
	registeredToken?: string;
}

/** A waiting execution's webhook as Send and Wait registers it; returns its URL and execution's path. */
async function waiting(wait: Wait): Promise<{ url: string; path: string }> {
	const executionId = wait.executionId ?? String(1000 + Math.floor(Math.random() * 1e6));
	const headerToken = randomBytes(32).toString('hex');
	const at = wait.at ?? `${n8n.url}/webhook-waiting/${executionId}`;
	const url = signedResumeUrl(
		`${at}?signature=${randomBytes(32).toString('hex')}`,
		wait.signingKey ?? key,
		headerToken,
		executionId,
		{
			until: wait.until,
			node: randomUUID(),
			nonce: randomBytes(16).toString('hex'),
			envelopeId: wait.envelopeId,
			documentIds: (wait.documentIds ?? []).join(','),
		},
	);
	await registerWebhook(url, wait.registeredToken ?? headerToken);
	return { url, path: new URL(url).pathname };
}

async function completed(files = 1) {
	const sent = await envelope(files);
	await emulator.sign(sent.envelopeId);
	return sent;
}

const statusCallsOf = (envelopeId: string) =>
	emulator.requestsTo('GET', `/api/v1/envelopes/${envelopeId}/status`).length;
const downloads = () => emulator.requestsTo('GET', /\/completed\/base64$/).length;

describe('waiting Send and Wait executions are resumed without their callback', () => {
	it('notifies a verified resume URL of a completed envelope once, with the signed file; a rejection too; an open envelope not', async () => {
		const done = await completed();
		const doneWait = await waiting(done);
		const rejected = await envelope();
		await emulator.reject(rejected.envelopeId, undefined, 'Not this price');
		const rejectedWait = await waiting(rejected);
		const open = await envelope();
		const openWait = await waiting(open);

		const first = await round();
		expect(first.problems).toEqual([]);
		expect(first.notified.sort()).toEqual(
			[`${done.envelopeId} (HTTP 200)`, `${rejected.envelopeId} (HTTP 200)`].sort(),
		);
		expect(first).toMatchObject({ statusCalls: 3, downloads: 1 });
		const notice = n8n.received.find((r) => r.path === doneWait.path)!;
		expect(notice.headers.authorization).toBe(
			emulator.webhooks().find((w) => w.webhookUrl === doneWait.url)!.headerToken,
		);
		expect(notice.body).toMatchObject({ RequestId: done.envelopeId, Status: 1 });
		expect(notice.body.Files).toHaveLength(1);
		expect(notice.body.Files[0].FileName).toBe('contract-1.pdf');
		const bytes = Buffer.from(notice.body.Files[0].File, 'base64');
		expect(bytes.equals(await signedDownload(done.documentIds[0]))).toBe(true);
		expect(bytes.equals(emulator.samplePdf)).toBe(false);
		expect(n8n.received.find((r) => r.path === rejectedWait.path)?.body).toEqual({
			RequestId: rejected.envelopeId,
			Status: 2,
			Files: [],
		});
		expect(n8n.received.some((r) => r.path === openWait.path)).toBe(false);

		// The next round, a minute later: neither is notified again.
		const second = await round(roomy, Date.now() + 60_000);
		expect(second.notified).toEqual([]);
		expect(n8n.received.filter((r) => r.path === doneWait.path)).toHaveLength(1);
		expect(n8n.received).toHaveLength(2);
	});

	it('never posts to a forged resume URL: an unverified check, a genuine query on another path or origin, another token or key, a passed limit', async () => {
		const executionId = '4711';
		const genuine = async (at: string, id = executionId) =>
			await waiting({ ...(await completed()), executionId: id, at });
		const random = await completed();
		const randomCheck =
			`${n8n.url}/webhook-waiting/4712?envelopeId=${random.envelopeId}&documentIds=${random.documentIds[0]}` +
			`&check=${randomBytes(32).toString('hex')}`;
		await registerWebhook(randomCheck, 'token');
		// n8n's production webhooks and forms, with a query the credential signed.
		await genuine(`${n8n.url}/webhook/${executionId}`);
		await genuine(`${n8n.url}/webhook/${randomUUID()}/webhook`);
		await genuine(`${n8n.url}/form/${executionId}`);
		await genuine(`${n8n.url}/webhook-waiting/${executionId}/more`);
		// Signed for execution 4711, at the URL of execution 4713.
		await genuine(`${n8n.url}/webhook-waiting/4713`);
		await waiting({ ...(await completed()), registeredToken: 'another token' });
		await waiting({ ...(await completed()), signingKey: 'f'.repeat(64) });
		await waiting({ ...(await completed()), until: new Date(Date.now() - 1000).toISOString() });
		await genuine(`${elsewhere.url}/webhook-waiting/${executionId}`);
		await genuine(`${n8n.url.replace('http:', 'https:')}/webhook-waiting/${executionId}`);
		const control = await waiting(await completed());

		const report = await round();
		expect(n8n.received.map((r) => r.path)).toEqual([control.path]);
		expect(elsewhere.received).toEqual([]);
		expect(report).toMatchObject({ statusCalls: 1, downloads: 1, problems: [] });
	});

	it('downloads each document once, however often documentIds names it', async () => {
		const done = await completed(2);
		const [one, two] = done.documentIds;
		const wait = await waiting({ ...done, documentIds: [one, two, one, two, one] });

		const report = await round();
		expect(report).toMatchObject({ downloads: 2, problems: [] });
		expect(downloads()).toBe(2);
		const [notice] = n8n.received;
		expect(notice.path).toBe(wait.path);
		const files = notice.body.Files.map((file) => Buffer.from(file.File, 'base64'));
		expect(files).toHaveLength(2);
		expect(files[0].equals(await signedDownload(one))).toBe(true);
		expect(files[1].equals(await signedDownload(two))).toBe(true);
	});

	it("keeps to the round's limits and gives every waiting execution a turn over successive rounds", async () => {
		const open: Array<{ envelopeId: string }> = [];
		for (let index = 0; index < 5; index++) open.push(await envelope());
		for (const sent of open) await waiting(sent);
		const asked = () => open.map((sent) => statusCallsOf(sent.envelopeId));

		const limits = { statusCalls: 2, downloads: 20 };
		expect((await round(limits)).statusCalls).toBe(2);
		expect(asked()).toEqual([1, 1, 0, 0, 0]);
		expect((await round(limits)).statusCalls).toBe(2);
		expect(asked()).toEqual([1, 1, 1, 1, 0]);
		expect((await round(limits)).statusCalls).toBe(2);
		expect(asked()).toEqual([2, 1, 1, 1, 1]);
	});

	it('an execution whose downloads exceed what is left of the round waits, without spending them, and is first in the next round', async () => {
		const done = [await completed(2), await completed(2), await completed(2)];
		const paths: string[] = [];
		for (const sent of done) paths.push((await waiting(sent)).path);
		const tooMany = await completed(3);
		await waiting(tooMany);
		const limits = { statusCalls: 2, downloads: 2 };

		const reports: RescueReport[] = [];
		for (let index = 0; index < 3; index++) {
			const before = downloads();
			const report = await round(limits);
			expect(report.downloads).toBeLessThanOrEqual(2);
			expect(downloads() - before).toBe(report.downloads);
			expect(report.statusCalls).toBeLessThanOrEqual(2);
			reports.push(report);
		}
		expect(reports.map((report) => report.notified)).toEqual(
			done.map((sent) => [`${sent.envelopeId} (HTTP 200)`]),
		);
		expect(n8n.received.map((r) => r.path)).toEqual(paths);
		// Three documents never fit a round of two downloads: said, not attempted.
		expect(reports.map((report) => report.problems)).toEqual([
			[],
			[],
			[expect.stringContaining(`${tooMany.envelopeId}: its 3 signed documents`)],
		]);
		expect(
			emulator.requestsTo('GET', `/api/v1/documents/${tooMany.documentIds[0]}/completed/base64`),
		).toEqual([]);
	});

	it('a waiting execution whose Get Status, download or notice fails does not stop the others', async () => {
		const unknown = { envelopeId: randomUUID(), documentIds: [randomUUID()] };
		await waiting(unknown);
		const failing = await completed();
		await waiting(failing);
		const foreign = await completed();
		await waiting({ ...foreign, documentIds: [randomUUID()] });
		const unreached = await completed();
		n8n.drop.add((await waiting(unreached)).path);
		const done = await completed();
		const doneWait = await waiting(done);
		emulator.failNext(5, 500, undefined, `/api/v1/envelopes/${failing.envelopeId}/status`);

		const report = await round();
		expect(report.notified).toEqual([`${done.envelopeId} (HTTP 200)`]);
		expect(n8n.received.map((r) => r.path)).toEqual([doneWait.path]);
		expect(report.problems).toEqual([
			`${unknown.envelopeId}: the service knows no such envelope in this account`,
			`${failing.envelopeId}: the service answered HTTP 500 to Get Status`,
			expect.stringMatching(new RegExp(`^${foreign.envelopeId}: `)),
			expect.stringMatching(
				new RegExp(`^${unreached.envelopeId}: the notice did not reach the waiting execution`),
			),
		]);
		expect(report.statusCalls).toBe(5);
	});

	it("a failure to list the account's webhooks is a problem of the report, not a throw", async () => {
		await waiting(await completed());
		emulator.failNext(5, 500, undefined, '/api/v1/webhooks');
		const report = await round();
		expect(report).toEqual({
			notified: [],
			statusCalls: 0,
			downloads: 0,
			problems: [expect.stringContaining("the account's webhooks could not be listed")],
		});
		expect(n8n.received).toEqual([]);
	});

	it('notifies an envelope again only after 10 minutes', async () => {
		const done = await completed();
		const wait = await waiting(done);
		const start = Date.now();
		const notices = () => n8n.received.filter((r) => r.path === wait.path).length;

		expect((await round(roomy, start)).notified).toHaveLength(1);
		expect((await round(roomy, start + 5 * 60_000)).statusCalls).toBe(0);
		expect((await round(roomy, start + 10 * 60_000 - 1)).notified).toEqual([]);
		expect(notices()).toBe(1);
		expect((await round(roomy, start + 10 * 60_000)).notified).toEqual([
			`${done.envelopeId} (HTTP 200)`,
		]);
		expect(notices()).toBe(2);
		expect(state.notifiedAt.get(done.envelopeId)).toBe(start + 10 * 60_000);
	});
});
