/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 4: peak RSS growth with large documents, as a multiple of the file size. In the routing engine in process,
 * in n8n's filesystem store and, as a reference, its in-memory store (files kept in the items as Base64; going away),
 * each measurement in a fresh process (memory-child.ts); then in a real n8n in its filesystem, database and in-memory
 * stores (memoryRealN8n.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';

import type { Emulator } from '../emulator';
import { completedCallback } from './callbacks';
import type { BinaryMode, ChildMessage, ChildTask, Measurement, ParentMessage, Scenario } from './memory-child';
import { realN8nMemoryRows } from './memoryRealN8n';
import { type Figure, MB, progress, round, type Row } from './report';

const SCENARIOS: Array<{ scenario: Scenario; label: string; size: number; reference?: string }> = [
	{
		scenario: 'download',
		label: 'Document → Download, 50 MB signed document into binary',
		size: 50 * MB,
		reference: "least declarative node with n8n's own binaryData output",
	},
	{
		scenario: 'createMultipart',
		label: 'Envelope → Create (multipart) from a 20 MB binary',
		size: 20 * MB,
		reference: 'plain fetch + FormData from the bytes in memory',
	},
	{
		scenario: 'createBase64',
		label: 'Envelope → Create From Base64 from a 20 MB binary',
		size: 20 * MB,
		reference: 'plain fetch + JSON.stringify from the bytes in memory',
	},
	// The plain alternative is n8n's Webhook node: it keeps the body as received (the last column).
	{ scenario: 'trigger', label: 'Trigger receiving a callback with a 20 MB file', size: 20 * MB },
	{ scenario: 'triggerWithoutFiles', label: 'The same, Download Files off (Base64 left in the JSON)', size: 20 * MB },
];
const MODES: BinaryMode[] = ['filesystem', 'default'];
const MODE_LABELS: Record<BinaryMode, string> = { filesystem: 'filesystem', default: 'in memory (reference: going away)' };

/** A file of `size` bytes that starts like a PDF (the node types files from their first bytes). */
const pdfOfSize = (emulator: Emulator, size: number) =>
	Buffer.concat([emulator.samplePdf, Buffer.alloc(Math.max(0, size - emulator.samplePdf.length), 0x25)]);

/** A document of `size` bytes at the emulator, made once for every download measured. */
const documents = new Map<number, string>();
function documentOfSize(emulator: Emulator, size: number): string {
	if (!documents.has(size)) {
		const account = emulator.state.account(emulator.demo.accountId)!;
		const files = [{ fileName: 'signed.pdf', data: pdfOfSize(emulator, size) }];
		documents.set(size, emulator.state.createEnvelope(account, { files }).documentId);
	}
	return documents.get(size)!;
}

function startChild(task: ChildTask): ChildProcess {
	return fork(join(__dirname, 'memory-child.ts'), [], {
		execArgv: ['--expose-gc', '-r', 'ts-node/register'],
		env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', TS_NODE_PREFER_TS_EXTS: 'true', ESIG_BENCH_TASK: JSON.stringify(task) },
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
}

/** The next message of the child (a failure rejects). */
function nextMessage(child: ChildProcess): Promise<ChildMessage> {
	return new Promise((resolve, reject) => {
		const onExit = (code: number | null) => reject(new Error(`memory child exited with ${code}`));
		child.once('exit', onExit);
		child.once('message', (message: ChildMessage) => {
			child.off('exit', onExit);
			if (message.type === 'failed') reject(new Error(`memory child: ${message.error}`));
			else resolve(message);
		});
	});
}

async function postCallback(url: string, token: string, body: string): Promise<void> {
	const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body });
	await response.arrayBuffer();
	if (response.status !== 200) throw new Error(`callback answered ${response.status}`);
}

async function measure(emulator: Emulator, scenario: Scenario, mode: BinaryMode, size: number, reference = false): Promise<Measurement> {
	const task: ChildTask = { scenario, mode, size, reference, emulator: { url: emulator.url, authUrl: emulator.authUrl, demo: emulator.demo, profile: emulator.profile } };
	if (scenario === 'download') {
		task.documentId = documentOfSize(emulator, size);
		task.warmUpDocumentId = documentOfSize(emulator, 64 * 1024);
	}
	const child = startChild(task);
	try {
		if (!scenario.startsWith('trigger')) return ((await nextMessage(child)) as { measurement: Measurement }).measurement;
		const listening = (await nextMessage(child)) as { url: string };
		// The token the trigger registered with its webhook: the emulator holds it (the trigger keeps only its digest).
		const token = emulator.webhooks().find((w) => w.webhookUrl === listening.url)?.headerToken ?? '';
		await postCallback(listening.url, token, await completedCallback(emulator, pdfOfSize(emulator, 64 * 1024), 'BENCH-MEMORY-WARM-UP'));
		const body = await completedCallback(emulator, pdfOfSize(emulator, size), 'BENCH-MEMORY');
		child.send({ type: 'baseline' } satisfies ParentMessage);
		await nextMessage(child);
		await postCallback(listening.url, token, body);
		child.send({ type: 'report' } satisfies ParentMessage);
		return ((await nextMessage(child)) as { measurement: Measurement }).measurement;
	} finally {
		child.kill();
		emulator.clearRequests();
	}
}

export async function memoryFigure(emulator: Emulator): Promise<Figure> {
	const rows: Row[] = [];
	for (const { scenario, label, size, reference } of SCENARIOS) {
		for (const mode of MODES) {
			const measured = await measure(emulator, scenario, mode, size);
			// fetch does not depend on n8n's binary mode: measured once.
			const plain = reference && (scenario === 'download' || mode === 'filesystem') ? await measure(emulator, scenario, mode, size, true) : undefined;
			progress(`figure 4: ${scenario}, ${mode} mode`);
			rows.push({
				case: label,
				where: 'routing engine in process',
				'binary mode': MODE_LABELS[mode],
				'file MB': round(size / MB),
				'ours: peak RSS growth MB': round(measured.growth / MB, 1),
				'ours × file size': round(measured.growth / size, 2),
				'plain alternative': reference ?? "n8n's Webhook node (body as received)",
				'plain × file size': plain ? round(plain.growth / size, 2) : measured.beforeNode !== undefined ? round(measured.beforeNode / size, 2) : null,
			});
		}
	}
	rows.push(...(await realN8nMemoryRows(emulator)));
	return { id: 4, title: 'Memory with large documents: peak RSS growth', rows, notes: [] };
}
