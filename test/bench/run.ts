/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * `npm run bench`: the seven figures of docs/performance.md, printed as tables and written to bench/results.json.
 * `npm run bench -- --only=1,3` runs some of them; `-- --docs` (or `--readme`) also puts the tables in docs/performance.md. Nothing here passes or fails: figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// n8n-core keeps its instance settings in a user folder: a throw-away one, before n8n-core is loaded, removed at exit.
if (!process.env.N8N_USER_FOLDER) {
	const folder = mkdtempSync(join(tmpdir(), 'esig-bench-'));
	process.env.N8N_USER_FOLDER = folder;
	process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
}

import { Emulator } from '../emulator';
import { fetchFigure } from './fetch';
import { memoryFigure } from './memory';
import { realN8nFigures } from './realN8n';
import { type Figure, print, save, updatePerformancePage } from './report';
import { throughputFigure } from './throughput';
import { inProcessTokenRows } from './tokens';

/** `--package=<tgz> --trigger-version=1`: the real-n8n figures for another build of the package (docs/performance.md). */
function packageBuild() {
	const value = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
	const version = value('trigger-version');
	return { tarball: value('package'), triggerVersion: version === undefined ? undefined : Number(version) };
}

function selected(): Set<number> {
	const only = process.argv.find((arg) => arg.startsWith('--only='));
	return new Set(only ? only.slice('--only='.length).split(',').map(Number) : [1, 2, 3, 4, 5, 6, 7]);
}

async function main() {
	const startedAt = new Date();
	const wanted = selected();
	const figures: Figure[] = [];
	const emulator = await Emulator.start();
	try {
		if (wanted.has(1)) figures.push(await throughputFigure());
		const real = wanted.has(2) || wanted.has(3) || wanted.has(5) || wanted.has(6) ? await realN8nFigures(emulator, wanted, packageBuild()) : undefined;
		figures.push(...(real?.figures ?? []));
		if (wanted.has(3)) {
			figures.push({
				id: 3,
				title: 'Token economy: token requests the service received',
				rows: [...(await inProcessTokenRows(emulator)), ...(real?.tokenRows ?? [])],
				notes: [],
			});
		}
		if (wanted.has(4)) figures.push(await memoryFigure(emulator));
		if (wanted.has(7)) figures.push(await fetchFigure(emulator));
	} finally {
		await emulator.stop();
	}
	figures.sort((a, b) => a.id - b.id);
	figures.forEach(print);
	process.stdout.write(`\nWritten to ${save(figures, startedAt)}\n`);
	// --readme is the older name: the tables moved from the README to docs/performance.md, which the README links.
	if (process.argv.includes('--docs') || process.argv.includes('--readme')) {
		updatePerformancePage(figures, startedAt, wanted.size === 7);
		process.stdout.write('docs/performance.md: figures updated (the README links them)\n');
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
