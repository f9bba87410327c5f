/**
 * Figures 2, 3 (real-n8n part) and 5, in one real n8n (the end-to-end suite's stack: provisioned n8n, our packed
 * package, the emulator):
 * - 2: the same 1,000-item status workflow with our node and with n8n's HTTP Request node (bearer header);
 * - 3: token requests the emulator received for those executions of our node, and after a forced expiry;
 * - 5: 500 valid callbacks (and 50 forged ones) at 20 at a time to our trigger, and the same load to n8n's Webhook node;
 * - 6: 100 executions of E-Signature Send and Wait waiting at once, and their resume (sendAndWait.ts).
 */

import { EmulatorClient } from '../e2e/emulator-client';
import { assertSuccess, type Execution, type N8nInstance, sleep, type WorkflowJson } from '../e2e/n8n';
import { NODE_TYPE, type Stack, startStack } from '../e2e/stack';
import { chain, ESIG_CREDENTIAL, manualTrigger, type NodeSpec } from '../e2e/workflow-builder';
import type { Emulator } from '../emulator';
import { completedCallback } from './callbacks';
import { activeTrigger, headerAuthWebhook, type Receiver } from './receivers';
import { type Figure, median, percentile, progress, ratio, round, type Row, timed } from './report';
import { sendAndWaitFigure } from './sendAndWait';

const ITEMS = 1000;
const RUNS = 3;
const CALLBACKS = 500;
const FORGED = 50;
const CONCURRENCY = 20;

/** 1,000 items carrying the envelope's ID, made by a Code node (the same for both workflows). */
function items(envelopeId: string): NodeSpec {
	return {
		name: 'Items',
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: `return Array.from({ length: ${ITEMS} }, () => ({ json: { envelopeId: '${envelopeId}' } }));` },
	};
}

/**
 * The status workflow with our node and with the HTTP Request node, the Envelope ID from the items or fixed. The HTTP
 * Request node sends the token as a header parameter, or (as a careful user would keep it) in a Bearer Auth credential.
 */
function statusWorkflows(emulator: Emulator, envelopeId: string, token: string, bearer: { id: string; name: string }, fromItems: boolean) {
	const id = fromItems ? '{{ $json.envelopeId }}' : envelopeId;
	const suffix = fromItems ? '' : ', fixed ID';
	const url = `${fromItems ? '=' : ''}${emulator.url}/api/v1/envelopes/${id}/status`;
	const httpRequest = (label: string, parameters: Record<string, unknown>, credentials?: NodeSpec['credentials']) =>
		chain(`Bench: status with HTTP Request, ${label}${suffix}`, [
			manualTrigger(),
			items(envelopeId),
			{ name: 'Status', type: 'n8n-nodes-base.httpRequest', typeVersion: 4.2, parameters: { url, options: {}, ...parameters }, credentials },
		]);
	return {
		ours: chain(`Bench: status with E-Signature${suffix}`, [
			manualTrigger(),
			items(envelopeId),
			{
				name: 'Status',
				type: NODE_TYPE,
				typeVersion: 1,
				parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: fromItems ? `=${id}` : id },
				credentials: ESIG_CREDENTIAL,
			},
		]),
		header: httpRequest('header', {
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${token}` }] },
		}),
		credential: httpRequest(
			'credential',
			{ authentication: 'genericCredentialType', genericAuthType: 'httpBearerAuth' },
			{ httpBearerAuth: bearer },
		),
	};
}

/** How long the Status node ran, and the whole execution, in ms. */
function timings(execution: Execution): { node: number; execution: number } {
	assertSuccess(execution);
	const run = execution.data!.resultData.runData.Status[0] as { executionTime?: number; data?: { main: unknown[][] } };
	const output = run.data?.main[0] ?? [];
	if (output.length !== ITEMS) throw new Error(`Status output ${output.length} items, not ${ITEMS}`);
	return { node: run.executionTime ?? NaN, execution: Date.parse(execution.stoppedAt!) - Date.parse(execution.startedAt) };
}

const CONTENDERS = {
	ours: 'E-Signature: Get Status',
	header: 'HTTP Request, token in a header parameter',
	credential: 'HTTP Request, Bearer Auth credential',
} as const;
type Contender = keyof typeof CONTENDERS;

async function statusFigures(stack: Stack): Promise<{ figure2: Figure; tokenRows: Row[] }> {
	const { emulator, n8n } = stack;
	const client = new EmulatorClient(emulator);
	const { envelopeId } = await client.createEnvelope({ referenceNumber: 'BENCH-N8N-STATUS' });
	const token = await client.getToken();
	const created = await n8n.rest('POST', '/credentials', { name: 'Bench bearer', type: 'httpBearerAuth', data: { token } });
	const bearer = { id: created.id as string, name: 'Bench bearer' };
	const variants = [
		{ label: 'Envelope ID {{ $json.envelopeId }}', workflows: statusWorkflows(emulator, envelopeId, token, bearer, true) },
		{ label: 'fixed Envelope ID', workflows: statusWorkflows(emulator, envelopeId, token, bearer, false) },
	];
	for (const variant of variants) for (const workflow of Object.values(variant.workflows)) await stack.addWorkflow(workflow);

	const tokensAtStart = emulator.tokenRequests;
	let oursExecutions = 0;
	const measured = new Map<WorkflowJson, Array<{ node: number; execution: number }>>();
	// One run each to warm up (n8n loads node types and the task runner on first use), then alternate.
	for (let run = 0; run <= RUNS; run++) {
		for (const variant of variants) {
			for (const [name, workflow] of Object.entries(variant.workflows) as Array<[Contender, WorkflowJson]>) {
				emulator.clearRequests();
				const result = timings(await n8n.runWorkflow(workflow.id, { timeoutMs: 300_000 }));
				if (name === 'ours') oursExecutions++;
				if (run > 0) measured.set(workflow, [...(measured.get(workflow) ?? []), result]);
				progress(`figure 2: ${CONTENDERS[name]}, ${variant.label}, run ${run}: node ${result.node} ms`);
			}
		}
	}
	const coldTokens = emulator.tokenRequests - tokensAtStart;
	emulator.expireAllTokens();
	const beforeExpiry = emulator.tokenRequests;
	timings(await n8n.runWorkflow(variants[0].workflows.ours.id, { timeoutMs: 300_000 }));
	const afterExpiry = emulator.tokenRequests - beforeExpiry;
	emulator.clearRequests();

	const node = (workflow: WorkflowJson) => median(measured.get(workflow)!.map((m) => m.node));
	const execution = (workflow: WorkflowJson) => median(measured.get(workflow)!.map((m) => m.execution));
	const rows: Row[] = variants.flatMap(({ label, workflows }) =>
		(Object.keys(CONTENDERS) as Contender[]).map((name) => ({
			node: CONTENDERS[name],
			input: label,
			'Status node ms': round(node(workflows[name])),
			'items/s': round((ITEMS / node(workflows[name])) * 1000),
			'execution ms': round(execution(workflows[name])),
			'ours ÷ this (time)': ratio(node(workflows.ours), node(workflows[name])),
		})),
	);
	return {
		figure2: {
			id: 2,
			title: `In a real n8n: ${ITEMS}-item status workflow, E-Signature node vs HTTP Request node (median of ${RUNS})`,
			rows,
			notes: [],
		},
		tokenRows: [
			{ where: 'real n8n', case: `${oursExecutions} executions × 1,000 items, cold start`, 'token requests': coldTokens, goal: 1 },
			{ where: 'real n8n', case: '1 execution × 1,000 items after forced expiry', 'token requests': afterExpiry, goal: 1 },
		],
	};
}

// --- figure 5 -----------------------------------------------------------------------------------------------------------

/** Loads sent to each receiver in turn (each a share of the callbacks), so that a slow moment of the machine is shared. */
const ROUNDS = 5;

interface Load {
	latencies: number[];
	statuses: Record<number, number>;
	forgedStatuses: Record<number, number>;
}

/** Sends `valid` callbacks and `forged` ones in a shuffled order, `CONCURRENCY` at a time, adding to `load`. */
async function sendLoad(load: Load, url: string, body: () => string, token: string, valid: number, forged: number): Promise<void> {
	const requests = [...Array<boolean>(valid).fill(false), ...Array<boolean>(forged).fill(true)];
	for (let i = requests.length - 1; i > 0; i--) {
		const j = Math.floor(Math.random() * (i + 1));
		[requests[i], requests[j]] = [requests[j], requests[i]];
	}
	let next = 0;
	const worker = async () => {
		while (next < requests.length) {
			const isForged = requests[next++];
			const { ms, result: status } = await timed(async () => {
				const response = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', authorization: isForged ? 'forged-token' : token },
					body: body(),
				});
				await response.arrayBuffer();
				return response.status;
			});
			const tally = isForged ? load.forgedStatuses : load.statuses;
			tally[status] = (tally[status] ?? 0) + 1;
			if (!isForged) load.latencies.push(ms);
		}
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Waits until the workflow's executions stop growing (all started ones finished); returns how many there are. */
async function settledExecutions(n8n: N8nInstance, id: string, expected: number): Promise<number> {
	const deadline = Date.now() + 180_000;
	let last = -1;
	for (;;) {
		const count = await n8n.countExecutions(id);
		if ((count >= expected && count === last) || Date.now() > deadline) return count;
		last = count;
		await sleep(2000);
	}
}

/** A receiver of figure 5 and the load it was sent. */
type Loaded = Receiver & { label: string; load: Load };

async function triggerFigure(stack: Stack, emulator: Emulator, triggerVersion?: number): Promise<Figure> {
	const receivers: Loaded[] = [];
	const newLoad = (): Load => ({ latencies: [], statuses: {}, forgedStatuses: {} });

	for (const [label, options] of [
		['E-Signature Trigger', {}],
		['E-Signature Trigger, Download Files off', { downloadFiles: false }],
	] as const) {
		receivers.push({ label, ...(await activeTrigger(stack, `Bench: ${label}`, options, triggerVersion)), load: newLoad() });
	}
	receivers.push({ label: "n8n's Webhook node (header auth)", ...(await headerAuthWebhook(stack, 'Bench: Webhook node')), load: newLoad() });

	// The live form, as the real service answers: Get Status names the documents, so each completion's file is compared
	// with the signed download (the trigger's whole confirmation is measured).
	const profile = emulator.profile;
	emulator.setProfile('live');
	try {
		return await loadFigure(stack.n8n, emulator, receivers);
	} finally {
		// The figures after this one (4's processes, 3's in-process rows) meet the emulator as they do alone.
		emulator.setProfile(profile);
	}
}

/** Figure 5's load sent to each receiver, and what they answered and started. */
async function loadFigure(n8n: N8nInstance, emulator: Emulator, receivers: Loaded[]): Promise<Figure> {
	// Completed envelopes' callbacks as the service sends them, with a small signed PDF: one envelope per callback sent,
	// forged ones included (the trigger confirms each with the service, and starts one execution per signing event).
	const bodies: string[] = [];
	for (let i = 0; i < (CALLBACKS + FORGED) * receivers.length; i++) bodies.push(await completedCallback(emulator, emulator.samplePdf, `BENCH-LOAD-${i + 1}`));
	const body = () => bodies.pop()!;

	for (let round = 0; round < ROUNDS; round++) {
		for (const receiver of receivers) {
			await sendLoad(receiver.load, receiver.url, body, receiver.token, CALLBACKS / ROUNDS, FORGED / ROUNDS);
		}
		progress(`figure 5: round ${round + 1} of ${ROUNDS} sent`);
	}

	const rows: Row[] = [];
	for (const { label, workflow, load } of receivers) {
		const executions = await settledExecutions(n8n, workflow.id, CALLBACKS);
		rows.push({
			receiver: label,
			'valid sent': CALLBACKS,
			'answered 200': load.statuses[200] ?? 0,
			'forged sent': FORGED,
			'forged answered': Object.entries(load.forgedStatuses).map(([status, count]) => `${count}× ${status}`).join(', '),
			executions,
			'p50 ms': round(percentile(load.latencies, 50), 1),
			'p95 ms': round(percentile(load.latencies, 95), 1),
		});
	}
	const theirs = rows[rows.length - 1];
	for (const ours of rows.slice(0, -1)) {
		rows.push({
			receiver: `${ours.receiver} ÷ Webhook node`,
			'p50 ms': ratio(ours['p50 ms'] as number, theirs['p50 ms'] as number),
			'p95 ms': ratio(ours['p95 ms'] as number, theirs['p95 ms'] as number),
		});
	}
	return {
		id: 5,
		title: `Trigger under load in a real n8n: ${CALLBACKS} valid + ${FORGED} forged callbacks each, ${CONCURRENCY} at a time, in ${ROUNDS} rounds taken in turn`,
		rows,
		notes: [],
	};
}

/** Another build of the package to measure (an earlier commit's, packed with npm pack), and its trigger's version. */
export interface PackageBuild {
	tarball?: string;
	triggerVersion?: number;
}

export async function realN8nFigures(emulator: Emulator, wanted: Set<number>, build: PackageBuild = {}): Promise<{ figures: Figure[]; tokenRows: Row[] }> {
	progress('real n8n: provisioning (first time: minutes), building and packing the package, starting n8n');
	const stack = await startStack({ emulator, build: !build.tarball, tarball: build.tarball });
	progress(`real n8n: started in ${Math.round(stack.n8n.startMs / 1000)} s`);
	const figures: Figure[] = [];
	let tokenRows: Row[] = [];
	try {
		if (wanted.has(2) || wanted.has(3)) {
			const status = await statusFigures(stack);
			if (wanted.has(2)) figures.push(status.figure2);
			tokenRows = status.tokenRows;
		}
		if (wanted.has(5)) figures.push(await triggerFigure(stack, emulator, build.triggerVersion));
		if (wanted.has(6)) figures.push(await sendAndWaitFigure(stack, emulator));
	} finally {
		await stack.stop();
	}
	return { figures, tokenRows };
}
