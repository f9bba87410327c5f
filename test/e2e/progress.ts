/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The lines provisioning prints every 15 s while npm installs n8n or builds sqlite3 (docs/development.md#the-progress-lines).
 * npm prints little, and nothing at all for a minute or more in some phases (the last large tarballs unpacking, then
 * linking; sqlite3's one big C file compiling): each line therefore also says what /proc shows of the work, the CPU
 * time of the step's processes and the bytes they read and wrote, so that a working step never looks hung.
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * What a silent `npm install --loglevel=http` is doing, from its `npm http` lines: first it resolves the dependency
 * tree (`npm http fetch GET 200 <registry>/<name>`: one manifest per package, nothing in node_modules yet); then it
 * lays out node_modules and unpacks every package, trying npm's cache first (`npm http cache <name>@<url>.tgz`, logged
 * for each package before it is read, whether or not the cache holds it) and downloading the tarball otherwise
 * (`npm http fetch GET 200 <url>.tgz`, logged when the answer comes).
 */
export class NpmProgress {
	private manifests = 0;
	private unpacking = 0;
	private downloaded = 0;
	private partial = '';

	/** Feeds npm's output (any chunking); returns the lines that are not `npm http` lines. */
	feed(text: string): string {
		const lines = (this.partial + text).split('\n');
		this.partial = lines.pop() ?? '';
		const rest: string[] = [];
		for (const line of lines) {
			const http = /^npm http (fetch \S+ \d+|cache) (\S+)/.exec(line);
			if (!http) rest.push(line);
			else if (!/\/-\/[^/]+\.tgz$/.test(http[2])) this.manifests += 1;
			else if (http[1] === 'cache') this.unpacking += 1;
			else this.downloaded += 1;
		}
		return rest.length ? `${rest.join('\n')}\n` : '';
	}

	describe(): string {
		if (this.unpacking || this.downloaded) {
			const packages = `downloading and unpacking ${Math.max(this.unpacking, this.downloaded)} packages`;
			// npm names a download once it has arrived: no count until then, as a 0 would stand for minutes.
			return this.downloaded ? `${packages}: ${this.downloaded} downloaded` : packages;
		}
		if (this.manifests)
			return `resolving the dependency tree: ${this.manifests} package manifests read from the registry`;
		return 'npm is starting';
	}
}

/** Minutes and seconds, as the progress lines print them: `2m05s`. */
export function minutesSeconds(ms: number): string {
	const seconds = Math.round(ms / 1000);
	return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
}

/** What a step's processes did in the last interval; a part is missing where /proc cannot tell. */
export interface Activity {
	/** CPU time used by the step's processes (the command and everything it started). */
	cpuMs?: number;
	/** Bytes they read (from the network and from files) and wrote. */
	readBytes?: number;
	writtenBytes?: number;
}

/**
 * One progress line: the step, how long it has run, what it reports of itself, and, so that it moves when the step's
 * own counters do not, the work the machine saw in the last interval and how long the command has been silent.
 */
export function progressLine(step: {
	what: string;
	elapsedMs: number;
	progress?: string;
	/** Time since the command last printed anything. */
	silentMs: number;
	activity: Activity;
	intervalMs: number;
}): string {
	const parts = [
		`${step.what}: ${minutesSeconds(step.elapsedMs)}${step.progress ? `, ${step.progress}` : ''}`,
	];
	const seen: string[] = [];
	if (step.activity.cpuMs !== undefined)
		seen.push(`${(step.activity.cpuMs / 1000).toFixed(1)} s of CPU`);
	if (step.activity.readBytes !== undefined && step.activity.writtenBytes !== undefined)
		seen.push(
			`${(step.activity.readBytes / 1e6).toFixed(1)} MB read, ${(step.activity.writtenBytes / 1e6).toFixed(1)} MB written`,
		);
	if (seen.length)
		parts.push(`in the last ${Math.round(step.intervalMs / 1000)} s: ${seen.join(', ')}`);
	if (step.silentMs >= step.intervalMs)
		parts.push(
			`silent for ${minutesSeconds(step.silentMs)}, still working (some steps print nothing for minutes)`,
		);
	return parts.join('; ');
}

/** A process's parent and CPU time in clock ticks (its own and its reaped children's), from `/proc/<pid>/stat`. */
export function parseProcStat(text: string): { pid: number; ppid: number; ticks: number } {
	// "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields are counted after its last ")".
	const pid = Number(text.slice(0, text.indexOf(' ')));
	const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
	const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
	return { pid, ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime };
}

/** The bytes a process and its reaped children read (network and files) and wrote, from `/proc/<pid>/io`. */
export function parseProcIo(text: string): { read: number; written: number } {
	const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
	return { read: field('rchar'), written: field('wchar') };
}

/** A process and all its live descendants. */
export function processTree(
	processes: Array<{ pid: number; ppid: number }>,
	root: number,
): number[] {
	const tree = [root];
	for (let i = 0; i < tree.length; i++)
		tree.push(...processes.filter((p) => p.ppid === tree[i]).map((p) => p.pid));
	return tree;
}

/** Linux's clock ticks per second for /proc times (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_SECOND = 100;

/** What a command and everything it started have done so far. */
export interface Counters {
	cpuMs: number;
	read: number;
	written: number;
}

/**
 * The work of a process tree so far, summed over its live processes: the kernel adds a reaped child's CPU time and
 * bytes to its parent's, so each live process's counters hold its finished children's, and every process counts once.
 */
export function treeTotals(
	processes: Array<{ pid: number; ppid: number; ticks: number }>,
	root: number,
	io: (pid: number) => { read: number; written: number },
): Counters {
	const ticks = new Map(processes.map((p) => [p.pid, p.ticks]));
	const totals = { cpuMs: 0, read: 0, written: 0 };
	for (const pid of processTree(processes, root)) {
		const { read, written } = io(pid);
		totals.cpuMs += ((ticks.get(pid) ?? 0) * 1000) / TICKS_PER_SECOND;
		totals.read += read;
		totals.written += written;
	}
	return totals;
}

/** A process tree's work so far, or undefined where there is no /proc. */
function readTree(root: number): Counters | undefined {
	const file = (path: string) => {
		try {
			return readFileSync(path, 'utf8');
		} catch {
			return undefined; // ended meanwhile
		}
	};
	try {
		const processes = readdirSync('/proc')
			.filter((name) => /^\d+$/.test(name))
			.flatMap((name) => {
				const stat = file(`/proc/${name}/stat`);
				return stat ? [parseProcStat(stat)] : [];
			});
		if (!processes.some((p) => p.pid === root)) return undefined;
		return treeTotals(processes, root, (pid) => parseProcIo(file(`/proc/${pid}/io`) ?? ''));
	} catch {
		return undefined;
	}
}

/**
 * Measures, at each call, what a running command and every process it started did since the previous call: the
 * growth of the tree's totals (a process that left the tree takes its work with it, so a drop counts as nothing).
 */
export function activitySampler(pid: number | undefined): () => Activity {
	let before = pid === undefined ? undefined : readTree(pid);
	return () => {
		const now = pid === undefined ? undefined : readTree(pid);
		if (!now || !before) {
			before = now ?? before;
			return {};
		}
		const grown = (key: keyof Counters) => Math.max(0, now[key] - before![key]);
		const activity = {
			cpuMs: grown('cpuMs'),
			readBytes: grown('read'),
			writtenBytes: grown('written'),
		};
		before = now;
		return activity;
	};
}
