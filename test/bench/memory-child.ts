/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * One memory measurement of figure 4, in a process of its own (forked by memory.ts) so that no earlier scenario's
 * freed memory is reused and hides growth. The emulator runs in the parent: its copies of the file are not counted.
 *
 * Peak RSS: the kernel's high-water mark (VmHWM), reset through /proc/self/clear_refs right after the baseline, so
 * the peak of the measured step alone is read, whatever blocks the event loop meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { IWebhookFunctions } from 'n8n-workflow';

import type { DemoCredentials, Emulator, Profile } from '../emulator';
import { EmulatorClient } from '../e2e/emulator-client';
import { Harness } from '../harness';
import { FakeN8n, TriggerWorkflow, triggerType } from '../harness/trigger';
import { leastDownloadNode } from './referenceNodes';

export type Scenario = 'download' | 'createMultipart' | 'createBase64' | 'trigger' | 'triggerWithoutFiles';
export type BinaryMode = 'default' | 'filesystem';

export interface ChildTask {
	scenario: Scenario;
	/** The plain alternative instead of our node: n8n's own binaryData output (download), plain fetch (uploads). */
	reference?: boolean;
	mode: BinaryMode;
	/** Bytes of the file. */
	size: number;
	/** What the child's requests need of the parent's emulator: its profile too, as the token request depends on it. */
	emulator: { url: string; authUrl: string; demo: DemoCredentials; profile: Profile };
	/** download: the big document and a small one to warm up with. */
	documentId?: string;
	warmUpDocumentId?: string;
}

export interface Measurement {
	/** RSS growth from the baseline to the peak of the whole step, bytes. */
	growth: number;
	/** trigger: the peak before the node's webhook() ran (n8n receiving and parsing the body), bytes. */
	beforeNode?: number;
}

/** Messages of the trigger scenario, where the parent sends the callbacks. */
export type ParentMessage = { type: 'baseline' } | { type: 'report' };
export type ChildMessage =
	| { type: 'listening'; url: string }
	| { type: 'baseline-taken' }
	| { type: 'measured'; measurement: Measurement }
	| { type: 'failed'; error: string };

const kilobytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

class PeakMeter {
	private baseline = 0;
	private peakBeforeMark = 0;

	start(): void {
		global.gc!();
		global.gc!();
		this.baseline = process.memoryUsage.rss();
		this.peakBeforeMark = 0;
		writeFileSync('/proc/self/clear_refs', '5');
	}

	/** The peak growth so far; the peak is then followed afresh (from the same baseline). */
	mark(): number {
		this.peakBeforeMark = kilobytes('VmHWM') - this.baseline;
		writeFileSync('/proc/self/clear_refs', '5');
		return this.peakBeforeMark;
	}

	/** The peak growth since start(). */
	read(): number {
		return Math.max(this.peakBeforeMark, kilobytes('VmHWM') - this.baseline);
	}
}

const send = (message: ChildMessage) => process.send!(message);

/** A file that starts like a PDF: the service (and the emulator) refuse anything else. */
const pdfOfSize = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 0x25)]);

async function useBinaryMode(mode: BinaryMode): Promise<string | undefined> {
	if (mode !== 'filesystem') return undefined;
	const storagePath = mkdtempSync(join(tmpdir(), 'esig-bench-binary-'));
	// The trigger's scenario still reads it when main() returns: removed when the child ends.
	process.on('exit', () => rmSync(storagePath, { recursive: true, force: true }));
	const config = Container.get(BinaryDataConfig);
	config.mode = 'filesystem';
	config.localStoragePath = storagePath;
	await Container.get(BinaryDataService).init();
	return storagePath;
}

async function nodeScenario(task: ChildTask, emulator: Emulator): Promise<Measurement> {
	const harness = new Harness(emulator);
	const meter = new PeakMeter();
	const run = async (size: number, documentId: string | undefined, measure: boolean) => {
		const afterSource = measure ? () => meter.start() : undefined;
		const file = () => [{ binary: { data: { data: pdfOfSize(size), fileName: 'contract.pdf', mimeType: 'application/pdf' } } }];
		const result =
			task.scenario === 'download'
				? await harness.run({
						parameters: { resource: 'document', operation: 'download', documentId },
						nodeType: task.reference ? leastDownloadNode() : undefined,
						afterSource,
					})
				: await harness.run({
						parameters: { resource: 'envelope', operation: task.scenario === 'createMultipart' ? 'create' : 'createFromBase64' },
						items: file(),
						afterSource,
						// Each measurement is a process of its own whose runs would all be execution 1: the retry-safe
						// reference of a create is made from the execution ID, and the service refuses it used twice.
						executionId: randomUUID(),
					});
		const growth = measure ? meter.read() : 0;
		if (result.error) throw result.error;
		return growth;
	};
	await run(64 * 1024, task.warmUpDocumentId, false);
	return { growth: await run(task.size, task.documentId, true) };
}

/** The same upload with plain fetch from bytes already in memory: the least any client can do. */
async function fetchUpload(task: ChildTask): Promise<Measurement> {
	const token = await new EmulatorClient(task.emulator as unknown as Emulator).getToken();
	const meter = new PeakMeter();
	const upload = async (bytes: Buffer) => {
		const base64 = task.scenario === 'createBase64';
		const form = new FormData();
		if (!base64) form.append('File', new Blob([new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length)]), 'contract.pdf');
		const response = await fetch(`${task.emulator.url}/api/v1/envelopes/${base64 ? 'initiate-base64' : 'initiate'}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${token}`, ...(base64 ? { 'content-type': 'application/json' } : {}) },
			// The spec's `files`, or the live service's `File` (docs/service-api.md#spec-and-live-service).
			body: base64 ? JSON.stringify({ [task.emulator.profile === 'live' ? 'File' : 'files']: { file: bytes.toString('base64'), fileName: 'contract.pdf' } }) : form,
		});
		const answer = (await response.json()) as { errorCode: number; message: string };
		if (answer.errorCode !== 0) throw new Error(`fetch upload: ${answer.errorCode} ${answer.message}`);
	};
	await upload(pdfOfSize(64 * 1024));
	const bytes = pdfOfSize(task.size);
	meter.start();
	await upload(bytes);
	return { growth: meter.read() };
}

async function triggerScenario(task: ChildTask, emulator: Emulator): Promise<void> {
	const fake = await FakeN8n.start(emulator);
	const options = task.scenario === 'triggerWithoutFiles' ? { downloadFiles: false } : {};
	const workflow = new TriggerWorkflow(fake, { events: ['*'], options });
	await workflow.activate();
	const meter = new PeakMeter();
	let beforeNode: number | undefined;
	// n8n has read and parsed the body when the node's webhook() is called: note that part, then measure the node's.
	const webhook = triggerType.webhook;
	triggerType.webhook = async function (this: IWebhookFunctions) {
		beforeNode = meter.mark();
		return await webhook.call(this);
	};
	process.on('message', (message: ParentMessage) => {
		if (message.type === 'baseline') {
			workflow.executions.length = 0;
			meter.start();
			send({ type: 'baseline-taken' });
		} else {
			const growth = meter.read();
			if (workflow.executions.length !== 1) send({ type: 'failed', error: `${workflow.executions.length} executions, not 1` });
			else send({ type: 'measured', measurement: { growth, beforeNode } });
		}
	});
	send({ type: 'listening', url: workflow.url() });
}

async function main() {
	const task = JSON.parse(process.env.ESIG_BENCH_TASK!) as ChildTask;
	const storagePath = await useBinaryMode(task.mode);
	// The harness and the trigger's stand-in only read the emulator's addresses and demo account.
	const emulator = task.emulator as unknown as Emulator;
	try {
		if (task.scenario.startsWith('trigger')) return await triggerScenario(task, emulator);
		const plainUpload = task.reference && task.scenario !== 'download';
		send({ type: 'measured', measurement: plainUpload ? await fetchUpload(task) : await nodeScenario(task, emulator) });
	} finally {
		if (storagePath && !task.scenario.startsWith('trigger')) rmSync(storagePath, { recursive: true, force: true });
	}
}

main().catch((error: Error) => send({ type: 'failed', error: error.stack ?? String(error) }));
