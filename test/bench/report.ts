/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What every benchmark figure reports, and how the run prints and saves them.
 * Figures are ratios taken in the same run on the same machine: absolute times on a shared machine mean little.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';

export type Value = string | number | boolean | null;

/** One line of a figure's table. */
export type Row = Record<string, Value>;

export interface Figure {
	/** 1 to 6, as numbered in docs/performance.md. */
	id: number;
	title: string;
	rows: Row[];
	/** What the figure shows, where we are behind the alternative, and why (with the evidence measured). */
	notes: string[];
}

export const RESULTS_FILE = join(__dirname, '..', '..', 'bench', 'results.json');

export const median = (values: number[]): number => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The p-th percentile (0-100), nearest rank. */
export const percentile = (values: number[], p: number): number => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

export const round = (value: number, digits = 0): number => Number(value.toFixed(digits));

/** "1.23×": how many times the first figure is the second. */
export const ratio = (ours: number, theirs: number): number => round(ours / theirs, 2);

export const MB = 1024 * 1024;

/** A line on stderr while the figures are being taken (the tables go to stdout). */
export function progress(message: string): void {
	process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** Measures one call: elapsed milliseconds and its result. */
export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
	const started = performance.now();
	const result = await run();
	return { ms: performance.now() - started, result };
}

function machine() {
	const cpu = cpus();
	return {
		node: process.version,
		arch: arch(),
		cpus: cpu.length,
		cpuModel: cpu[0]?.model ?? 'unknown',
		memoryGb: round(totalmem() / 1024 ** 3, 1),
	};
}

function cell(value: Value): string {
	if (value === null) return '–';
	if (typeof value === 'number') return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
	return String(value);
}

/** A figure as a Markdown table (what docs/performance.md shows). */
export function markdown(figure: Figure): string {
	const columns = [...new Set(figure.rows.flatMap((row) => Object.keys(row)))];
	const lines = [
		`### ${figure.id}. ${figure.title}`,
		'',
		`| ${columns.join(' | ')} |`,
		`| ${columns.map(() => '---').join(' | ')} |`,
		...figure.rows.map((row) => `| ${columns.map((column) => cell(row[column] ?? null)).join(' | ')} |`),
	];
	if (figure.notes.length) lines.push('', ...figure.notes.map((note) => `- ${note}`));
	return lines.join('\n');
}

export function print(figure: Figure): void {
	process.stdout.write(`\n${markdown(figure)}\n`);
}

/** Writes every figure of the run to bench/results.json (git-ignored). */
export function save(figures: Figure[], startedAt: Date): string {
	mkdirSync(dirname(RESULTS_FILE), { recursive: true });
	const results = {
		command: 'npm run bench',
		startedAt: startedAt.toISOString(),
		seconds: round((Date.now() - startedAt.getTime()) / 1000),
		machine: machine(),
		figures,
	};
	writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, '\t')}\n`);
	return RESULTS_FILE;
}

/** The page of the figures (the README links it). */
export const PERFORMANCE_FILE = join(__dirname, '..', '..', 'docs', 'performance.md');
const FIGURES_START = '<!-- bench:start -->';
const FIGURES_END = '<!-- bench:end -->';

/**
 * Puts this run's figures in docs/performance.md (between its bench markers). A run of every figure replaces the
 * section; a run of some (`--only=`) replaces only their tables, each marked as run alone.
 */
export function updatePerformancePage(figures: Figure[], startedAt: Date, all: boolean): void {
	const page = readFileSync(PERFORMANCE_FILE, 'utf8');
	const start = page.indexOf(FIGURES_START);
	const end = page.indexOf(FIGURES_END);
	if (start < 0 || end < start) throw new Error(`${PERFORMANCE_FILE} has no ${FIGURES_START} … ${FIGURES_END} section`);
	const { cpus: count, cpuModel, memoryGb, node } = machine();
	const date = startedAt.toISOString().slice(0, 10);
	let tables: string;
	if (all) {
		tables = [
			`Last run of \`npm run bench -- --docs\`: ${date}, ${count} × ${cpuModel}, ${memoryGb} GB, Node ${node} (n8n itself on Node 24).`,
			...figures.map(markdown),
		].join('\n\n');
	} else {
		// The section's blocks: the opening line, then one per figure, each from its "### N." heading.
		const blocks = page.slice(start + FIGURES_START.length, end).trim().split(/\n(?=### \d+\. )/);
		const only = figures.map((figure) => figure.id).join(',');
		for (const figure of figures) {
			const [heading, ...rest] = markdown(figure).split('\n\n');
			const block = [heading, `(Run alone on ${date} with \`npm run bench -- --only=${only}\`, on the machine of the figures above.)`, ...rest].join('\n\n');
			const at = blocks.findIndex((text) => text.startsWith(`### ${figure.id}. `));
			if (at >= 0) blocks[at] = block;
			else blocks.push(block);
		}
		tables = blocks.map((text) => text.trim()).join('\n\n');
	}
	writeFileSync(PERFORMANCE_FILE, `${page.slice(0, start + FIGURES_START.length)}\n\n${tables}\n\n${page.slice(end)}`);
}
