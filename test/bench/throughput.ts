/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 1: per-item throughput of Envelope → Get Status through n8n-core's routing engine, in-process, against the
 * emulator (in a process of its own); next to the same requests made with plain fetch (keep-alive) and next to
 * reference nodes in the same engine (referenceNodes.ts), at 10 to 10,000 items.
 */
import { readdirSync } from 'node:fs';

import type { INodeType } from 'n8n-workflow';

import { EmulatorClient } from '../e2e/emulator-client';
import type { Emulator } from '../emulator';
import { Harness } from '../harness';
import { type EmulatorProcess, startEmulatorProcess } from './emulatorProcess';
import { withHiddenPropertiesSkipped } from './engineVariant';
import { leastStatusNode, oursWithFieldsOf } from './referenceNodes';
import { type Figure, median, progress, ratio, round, type Row, timed } from './report';

const SIZES = [10, 100, 1000, 10000];

const FETCH_POOL = 50;

/**
 * Waits until this process's connections of the last run are closed: the engine opens one per item and ten thousand
 * of them left over, with the next run's, would pass the limit of open files.
 */
async function openFilesSettled(): Promise<void> {
	const deadline = Date.now() + 30_000;
	while (readdirSync('/proc/self/fd').length > 500 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Runs per size, about 3,000 items in all; the median is reported (contenders take turns, so drift hits all alike). */
const repetitions = (items: number) => Math.max(1, Math.min(25, Math.round(3000 / items)));

export async function throughputFigure(): Promise<Figure> {
	const emulatorProcess = await startEmulatorProcess();
	try {
		return await measure(emulatorProcess);
	} finally {
		await emulatorProcess.stop();
	}
}

async function measure(emulatorProcess: EmulatorProcess): Promise<Figure> {
	// The harness and the client only read the emulator's addresses and demo account.
	const emulator = emulatorProcess as unknown as Emulator;
	const { envelopeId } = emulatorProcess;
	const harness = new Harness(emulator);
	const token = await new EmulatorClient(emulator).getToken();
	const statusUrl = `${emulator.url}/api/v1/envelopes/${envelopeId}/status`;

	const viaNode = (nodeType?: INodeType) => async (items: number) => {
		const result = await harness.run({
			nodeType,
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId },
			items: Array.from({ length: items }, () => ({ json: {} })),
		});
		if (result.error) throw result.error;
		if (result.items.length !== items) throw new Error(`expected ${items} items, got ${result.items.length}`);
	};
	const getStatus = async () => {
		const response = await fetch(statusUrl, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
		const body = (await response.json()) as { errorCode: number };
		if (body.errorCode !== 0) throw new Error(`fetch: errorCode ${body.errorCode}`);
	};
	const contenders: Record<string, (items: number) => Promise<void>> = {
		ours: viaNode(),
		// n8n-core as it could be: hidden properties skipped before their values are evaluated and copied (engineVariant.ts).
		oursSkipping: (items) => withHiddenPropertiesSkipped(() => viaNode()(items)),
		ownFields: viaNode(oursWithFieldsOf('envelope', 'getStatus')),
		least: viaNode(leastStatusNode()),
		// n8n's routing engine starts every item's request at once; fetch is shown one at a time and with a pool of
		// FETCH_POOL connections (thousands of sockets at once make undici fail, so fetch gets no unbounded variant).
		fetchSequential: async (items) => {
			for (let i = 0; i < items; i++) await getStatus();
		},
		fetchConcurrent: async (items) => {
			let next = 0;
			const worker = async () => {
				while (next < items) {
					next++;
					await getStatus();
				}
			};
			await Promise.all(Array.from({ length: Math.min(FETCH_POOL, items) }, worker));
		},
	};

	await viaNode()(50); // warm-up: modules, JIT, token
	const rows: Row[] = [];
	for (const items of SIZES) {
		const ms: Record<string, number[]> = {};
		for (let run = 0; run < repetitions(items); run++) {
			for (const [name, contender] of Object.entries(contenders)) {
				await emulatorProcess.betweenRuns();
				await openFilesSettled();
				(ms[name] ??= []).push((await timed(() => contender(items))).ms);
			}
		}
		progress(`figure 1: ${items} items`);
		const m = Object.fromEntries(Object.entries(ms).map(([name, values]) => [name, median(values)]));
		const bestFetch = Math.min(m.fetchSequential, m.fetchConcurrent);
		rows.push({
			items,
			'ours items/s': round((items / m.ours) * 1000),
			'ours ms/item': round(m.ours / items, 3),
			'ours, Get Status fields only items/s': round((items / m.ownFields) * 1000),
			'ours, n8n-core skipping hidden properties items/s': round((items / m.oursSkipping) * 1000),
			'least declarative node items/s': round((items / m.least) * 1000),
			'fetch sequential items/s': round((items / m.fetchSequential) * 1000),
			[`fetch ${FETCH_POOL} at a time items/s`]: round((items / m.fetchConcurrent) * 1000),
			'ours ÷ best fetch (time)': ratio(m.ours, bestFetch),
			'ours ÷ least node (time)': ratio(m.ours, m.least),
			'ours with n8n-core skipping ÷ least node (time)': ratio(m.oursSkipping, m.least),
		});
	}
	return {
		id: 1,
		title: 'Per-item throughput: Envelope → Get Status, in-process routing engine vs plain fetch (median of about 3,000 items)',
		rows,
		notes: [],
	};
}
