/**
 * Benchmarks: figures, not pass/fail. Runs the action node through n8n-core's routing engine against the emulator.
 * `npm run bench`
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'esig-bench-'));

import type { IDataObject } from 'n8n-workflow';

import { Emulator } from '../emulator';
import { Harness } from '../harness';

interface Figure {
	scenario: string;
	items: number;
	ms: number;
	perItemMs: number;
	tokenRequests: number;
	heapDeltaMb: number;
}

async function measure(
	scenario: string,
	emulator: Emulator,
	items: number,
	run: () => Promise<{ error?: unknown }>,
): Promise<Figure> {
	const tokensBefore = emulator.tokenRequests;
	global.gc?.();
	const heapBefore = process.memoryUsage().heapUsed;
	const started = performance.now();
	const result = await run();
	const ms = performance.now() - started;
	if (result.error) throw new Error(`${scenario} failed: ${String(result.error)}`);
	return {
		scenario,
		items,
		ms: Math.round(ms),
		perItemMs: Number((ms / items).toFixed(3)),
		tokenRequests: emulator.tokenRequests - tokensBefore,
		heapDeltaMb: Number(((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(1)),
	};
}

const many = (count: number, json: (index: number) => IDataObject = (index) => ({ index })) =>
	Array.from({ length: count }, (_, index) => ({ json: json(index) }));

async function main() {
	const emulator = await Emulator.start();
	const harness = new Harness(emulator);
	const figures: Figure[] = [];
	try {
		const listWebhooks = { resource: 'webhook', operation: 'getAll' };
		figures.push(await measure('cold token, 1,000 items', emulator, 1000, () => harness.run({ parameters: listWebhooks, items: many(1000) })));
		figures.push(await measure('warm token, 1,000 items', emulator, 1000, () => harness.run({ parameters: listWebhooks, items: many(1000) })));
		emulator.expireAllTokens();
		figures.push(await measure('expired token, 1,000 items', emulator, 1000, () => harness.run({ parameters: listWebhooks, items: many(1000) })));
		emulator.setLatency(20);
		figures.push(await measure('20 ms service latency, 500 items', emulator, 500, () => harness.run({ parameters: listWebhooks, items: many(500) })));
		emulator.setLatency(0);
		const pdf = emulator.samplePdf;
		figures.push(
			await measure('create envelope from binary, 200 items', emulator, 200, () =>
				harness.run({
					parameters: { resource: 'envelope', operation: 'create' },
					items: Array.from({ length: 200 }, () => ({ json: {}, binary: { data: { data: pdf, fileName: 'contract.pdf' } } })),
				}),
			),
		);
	} finally {
		await emulator.stop();
	}
	console.table(figures);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
