/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 4, in a real n8n: the n8n process's peak RSS growth with large documents in each of n8n's binary stores,
 * `filesystem` (n8n 2.x's default), `database` (its default in queue mode) and the in-memory store (`default`, going
 * away: a reference row). The in-process rows (memory.ts) cannot run the database store: n8n registers it from its
 * own server code, not from n8n-core.
 *
 * Each measurement starts n8n afresh (the stack's restart), runs the workflow once with a small file to load what it
 * needs, then reads the kernel's high-water mark of the n8n process (/proc/<pid>/status VmHWM, reset through
 * /proc/<pid>/clear_refs) over one run with the large file. n8n cannot be made to collect garbage from outside, so
 * the figures carry more noise than the in-process rows; the plain alternatives (n8n's HTTP Request and Webhook
 * nodes) are measured the same way in the same n8n.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { EmulatorClient } from '../e2e/emulator-client';
import { assertSuccess, sleep, type WorkflowJson } from '../e2e/n8n';
import { NODE_TYPE, type Stack, startStack } from '../e2e/stack';
import { chain, ESIG_CREDENTIAL, manualTrigger, type NodeSpec } from '../e2e/workflow-builder';
import type { Emulator } from '../emulator';
import { completedCallback } from './callbacks';
import { activeTrigger, headerAuthWebhook, type Receiver } from './receivers';
import { MB, progress, round, type Row } from './report';

/** The binary stores measured, as N8N_DEFAULT_BINARY_DATA_MODE names them, and as the table labels them. */
const STORES: Array<{ mode: string; label: string }> = [
	{ mode: 'filesystem', label: 'filesystem' },
	{ mode: 'database', label: 'database' },
	{ mode: 'default', label: 'in memory (reference: going away)' },
];

const SMALL = 64 * 1024;

/** `--repeat=N`: each real-n8n row is the median of N measurements (each in an n8n started afresh); 1 by default. */
const REPEAT = Math.max(1, Number(process.argv.find((arg) => arg.startsWith('--repeat='))?.slice('--repeat='.length) ?? 1) || 1);

/** `--store=database,filesystem`: only these stores (as N8N_DEFAULT_BINARY_DATA_MODE names them); all by default. */
const ONLY_STORES = process.argv.find((arg) => arg.startsWith('--store='))?.slice('--store='.length).split(',');

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A file of `size` bytes that starts like a PDF (the service refuses anything else). */
const pdfOfSize = (emulator: Emulator, size: number) =>
	Buffer.concat([emulator.samplePdf, Buffer.alloc(Math.max(0, size - emulator.samplePdf.length), 0x25)]);

const kilobytes = (pid: number, field: string) =>
	Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Peak RSS growth of process `pid` while `step` runs, bytes. */
async function peakGrowth(pid: number, step: () => Promise<void>): Promise<number> {
	await sleep(1000);
	writeFileSync(`/proc/${pid}/clear_refs`, '5');
	const baseline = kilobytes(pid, 'VmRSS');
	await step();
	return kilobytes(pid, 'VmHWM') - baseline;
}

interface Case {
	label: string;
	size: number;
	ours: string;
	plain: string;
	/** What n8n costs on its own in the same workflow, without either node (the file read into the store). */
	baseline?: string;
	/** Makes what the case needs at the emulator and in n8n; returns a run of our node, one of the alternative, and the baseline's. */
	prepare(stack: Stack, size: number): Promise<Runs>;
}

/** Something per contender: our node, n8n's own node, and where a case has one, the baseline. */
type Contenders<T> = Record<'ours' | 'plain', T> & { baseline?: T };
type Run = (small: boolean) => Promise<void>;
type Runs = Contenders<Run>;


const esignature = (name: string, parameters: Record<string, unknown>): NodeSpec => ({
	name,
	type: NODE_TYPE,
	typeVersion: 1,
	parameters,
	credentials: ESIG_CREDENTIAL,
});

const httpRequest = (token: string, parameters: Record<string, unknown>): NodeSpec => ({
	name: 'HTTP Request',
	type: 'n8n-nodes-base.httpRequest',
	typeVersion: 4.2,
	parameters: {
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Authorization', value: `Bearer ${token}` }] },
		...parameters,
		options: { ...((parameters.options as object) ?? {}) },
	},
});

async function runManual(stack: Stack, workflow: WorkflowJson): Promise<void> {
	assertSuccess(await stack.n8n.runWorkflow(workflow.id, { timeoutMs: 300_000 }));
}

/** The runs of a case's manual workflows: with the small file (warm-up) or the large one. */
function manualRuns(stack: Stack, small: Contenders<WorkflowJson>, large: Contenders<WorkflowJson>): Runs {
	const run = (contender: keyof Contenders<WorkflowJson>) => (isSmall: boolean) => runManual(stack, (isSmall ? small : large)[contender]!);
	return { ours: run('ours'), plain: run('plain'), ...(large.baseline ? { baseline: run('baseline') } : {}) };
}

const download: Case = {
	label: 'Document → Download, 50 MB signed document into binary',
	size: 50 * MB,
	ours: 'E-Signature node',
	plain: "n8n's HTTP Request node, response as file",
	async prepare(stack, size) {
		const { emulator } = stack;
		const token = await new EmulatorClient(emulator).getToken();
		const account = emulator.state.account(emulator.demo.accountId)!;
		const documentOf = (bytes: number) =>
			emulator.state.createEnvelope(account, { files: [{ fileName: 'signed.pdf', data: pdfOfSize(emulator, bytes) }] }).documentId;
		const workflows = async (documentId: string) => ({
			ours: await stack.addWorkflow(
				chain(`Bench memory: download ${documentId}`, [manualTrigger(), esignature('Download', { resource: 'document', operation: 'download', documentId })]),
			),
			plain: await stack.addWorkflow(
				chain(`Bench memory: HTTP Request download ${documentId}`, [
					manualTrigger(),
					httpRequest(token, { url: `${emulator.url}/api/v1/documents/${documentId}`, options: { response: { response: { responseFormat: 'file' } } } }),
				]),
			),
		});
		return manualRuns(stack, await workflows(documentOf(SMALL)), await workflows(documentOf(size)));
	},
};

const upload: Case = {
	label: 'Envelope → Create (multipart) from a 20 MB file read from disk',
	size: 20 * MB,
	ours: 'E-Signature node',
	plain: "n8n's HTTP Request node, multipart form",
	baseline: 'Read/Write Files from Disk alone, no upload',
	async prepare(stack, size) {
		const { emulator } = stack;
		const token = await new EmulatorClient(emulator).getToken();
		const workflows = async (bytes: number) => {
			const file = join(stack.filesDir, `contract-${bytes}.pdf`);
			writeFileSync(file, pdfOfSize(emulator, bytes));
			const read: NodeSpec = {
				name: 'Read PDF',
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1.1,
				parameters: { operation: 'read', fileSelector: file, options: {} },
			};
			return {
				baseline: await stack.addWorkflow(chain(`Bench memory: read ${bytes}`, [manualTrigger(), read])),
				ours: await stack.addWorkflow(
					chain(`Bench memory: create ${bytes}`, [manualTrigger(), read, esignature('Create', { resource: 'envelope', operation: 'create', inputDataFieldName: 'data' })]),
				),
				plain: await stack.addWorkflow(
					chain(`Bench memory: HTTP Request create ${bytes}`, [
						manualTrigger(),
						read,
						httpRequest(token, {
							method: 'POST',
							url: `${emulator.url}/api/v1/envelopes/initiate`,
							sendBody: true,
							contentType: 'multipart-form-data',
							bodyParameters: { parameters: [{ parameterType: 'formBinaryData', name: 'File', inputDataFieldName: 'data' }] },
						}),
					]),
				),
			};
		};
		return manualRuns(stack, await workflows(SMALL), await workflows(size));
	},
};

const trigger: Case = {
	label: 'Trigger receiving a callback with a 20 MB file',
	size: 20 * MB,
	ours: 'E-Signature Trigger',
	plain: "n8n's Webhook node (body as received)",
	async prepare(stack, size) {
		const { emulator } = stack;
		const ours = await activeTrigger(stack, 'Bench memory: trigger');
		const plain = await headerAuthWebhook(stack, 'Bench memory: Webhook node');

		// A new completed envelope for every callback: the trigger starts one execution per signing event.
		const callback = async (bytes: number) => await completedCallback(emulator, pdfOfSize(emulator, bytes), 'BENCH-MEMORY');
		// The request, and the execution it starts (n8n answers before the execution ends). n8n restarts on the same
		// port, so the receivers' URLs stay.
		const send = ({ workflow, url, token }: Receiver) => async (isSmall: boolean) => {
			const before = await stack.n8n.countExecutions(workflow.id);
			const response = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: token },
				body: await callback(isSmall ? SMALL : size),
			});
			await response.arrayBuffer();
			if (response.status !== 200) throw new Error(`callback answered ${response.status}`);
			await stack.n8n.waitForExecutions(workflow.id, before + 1, 120_000);
		};
		return { ours: send(ours), plain: send(plain) };
	},
};

const CASES = [download, upload, trigger];

/** Figure 4's rows taken in a real n8n, one store after the other. */
export async function realN8nMemoryRows(emulator: Emulator): Promise<Row[]> {
	const rows: Row[] = [];
	let built = false;
	for (const store of STORES.filter(({ mode }) => !ONLY_STORES || ONLY_STORES.includes(mode))) {
		// A 20 MB file is a 27 MB callback body: over n8n's default N8N_PAYLOAD_SIZE_MAX (README, Troubleshooting).
		const stack = await startStack({ emulator, build: !built, env: { N8N_DEFAULT_BINARY_DATA_MODE: store.mode, N8N_PAYLOAD_SIZE_MAX: '64' } });
		built = true;
		try {
			for (const measured of CASES) {
				const runs = await measured.prepare(stack, measured.size);
				const growth: Record<keyof Runs, number> = { ours: 0, plain: 0, baseline: 0 };
				for (const contender of ['ours', 'plain', ...(runs.baseline ? ['baseline' as const] : [])] as const) {
					const run = runs[contender]!;
					const measurements: number[] = [];
					for (let time = 0; time < REPEAT; time++) {
						await stack.restart();
						await run(true);
						measurements.push(await peakGrowth(stack.n8n.child.pid!, () => run(false)));
					}
					growth[contender] = medianOf(measurements);
					progress(
						`figure 4 (real n8n): ${measured.label}, ${store.label}, ${contender}: ${measurements.map((bytes) => round(bytes / MB, 1)).join(', ')} MB`,
					);
				}
				rows.push({
					case: measured.label,
					where: REPEAT > 1 ? `real n8n 2.41.1, median of ${REPEAT}` : 'real n8n 2.41.1',
					'binary mode': store.label,
					'file MB': round(measured.size / MB),
					'ours: peak RSS growth MB': round(growth.ours / MB, 1),
					'ours × file size': round(growth.ours / measured.size, 2),
					'plain alternative': measured.plain,
					'plain × file size': round(growth.plain / measured.size, 2),
					...(measured.baseline
						? { 'n8n alone': measured.baseline, 'n8n alone × file size': round(growth.baseline / measured.size, 2) }
						: {}),
				});
				emulator.clearRequests();
			}
		} finally {
			await stack.stop();
		}
	}
	return rows;
}
