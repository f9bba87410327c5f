/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * `npm run dev` must run our nodes as a real install does: n8n loads a community package from its user folder, and a
 * user folder inside the repository makes Node find the repository's own node_modules/n8n-workflow first, which
 * breaks n8n-core's `instanceof NodeApiError` (docs/n8n-notes.md#user-folders).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import { CREDENTIAL_BLANKING_VALUE, sleep } from 'n8n-workflow';

import { OWNER_API_KEY_SCOPES } from '@n8n/permissions';

import { CREDENTIAL_NAME, DEV_API_KEY, HEADLESS_API_KEY, userFolderParent } from '../scripts/dev';
import { createUserFolder } from './e2e/n8n';
import {
	activitySampler,
	parseProcIo,
	parseProcStat,
	processTree,
	progressLine,
	treeTotals,
} from './e2e/progress';
import { installProgress, NpmProgress, REPO_ROOT } from './e2e/provision';
import { Emulator } from './emulator';
import {
	credentialDataForEmulator,
	devUserFolderParent,
	emulatorCredentialData,
	EXAMPLE_EMULATOR_URL,
	EXAMPLE_FILES_DIR,
	isInside,
	loadExamples,
	rebaseExampleFiles,
	shadowingN8nWorkflow,
} from './e2e/stack';

describe('where n8n user folders go', () => {
	it('finds the repository’s n8n-workflow above a folder inside the repository (the check can fail)', () => {
		expect(shadowingN8nWorkflow(join(REPO_ROOT, '.cache', 'dev', 'esig-e2e-n8n-x'))).toContain(
			REPO_ROOT,
		);
	});

	it('npm run dev puts them outside the repository, in the user’s cache folder', () => {
		expect(userFolderParent).toBe(devUserFolderParent());
		expect(isInside(REPO_ROOT, userFolderParent)).toBe(false);
		expect(shadowingN8nWorkflow(userFolderParent)).not.toContain(REPO_ROOT);
		expect(devUserFolderParent({}, '/home/someone')).toBe(
			'/home/someone/.cache/n8n-nodes-esignature/dev',
		);
		expect(devUserFolderParent({ XDG_CACHE_HOME: '/var/cache/me' }, '/home/someone')).toBe(
			'/var/cache/me/n8n-nodes-esignature/dev',
		);
	});

	it('the end-to-end suite puts them outside the repository too', () => {
		const folder = createUserFolder();
		try {
			expect(isInside(REPO_ROOT, folder)).toBe(false);
			expect(shadowingN8nWorkflow(folder)).not.toContain(REPO_ROOT);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});

	it('tells a folder inside another from one beside it', () => {
		expect(isInside('/a/b', '/a/b/c')).toBe(true);
		expect(isInside('/a/b', '/a/b')).toBe(true);
		expect(isInside('/a/b', '/a/bc')).toBe(false);
		expect(isInside('/a/b', '/a')).toBe(false);
	});
});

describe('the credential npm run dev creates', () => {
	it('has the name the example workflows and their notes give it', () => {
		for (const { file, workflow } of loadExamples()) {
			// The E-Signature credential; other services' credentials (example 06's OpenAI) are the user's own.
			const names = workflow.nodes.flatMap((node) =>
				Object.entries((node.credentials ?? {}) as Record<string, { name: string }>)
					.filter(([type]) => type === 'eSignatureApi')
					.map(([, credential]) => credential.name),
			);
			expect({ file, names: [...new Set(names)] }).toEqual({
				file,
				names: names.length ? [CREDENTIAL_NAME] : [],
			});
		}
	});
});

// Checked against n8n 2.41.1's own scope list (@n8n/permissions 0.78.0, as in n8n's install); the dev end-to-end
// test reads the key back from a real n8n.
describe('the n8n API key npm run dev makes for itself', () => {
	it('says what it is, and has only the scopes of the public API calls it makes, which n8n gives an owner', () => {
		expect(DEV_API_KEY.label).toBe('npm run dev (n8n-nodes-esignature)');
		expect(DEV_API_KEY.label.length).toBeLessThanOrEqual(50); // n8n's limit
		expect([...DEV_API_KEY.scopes].sort()).toEqual([
			'workflow:activate',
			'workflow:deactivate',
			'workflow:list',
		]);
		expect([...HEADLESS_API_KEY.scopes].sort()).toEqual(
			['execution:list', 'execution:read', ...DEV_API_KEY.scopes].sort(),
		);
		for (const scope of HEADLESS_API_KEY.scopes) expect(OWNER_API_KEY_SCOPES).toContain(scope);
		expect(HEADLESS_API_KEY.scopes.length).toBeLessThan(OWNER_API_KEY_SCOPES.length / 10);
	});

	it('expires after a day', () => {
		expect(DEV_API_KEY.expiresInS).toBe(24 * 60 * 60);
		expect(HEADLESS_API_KEY.expiresInS).toBe(DEV_API_KEY.expiresInS);
	});
});

describe('the credential a kept user folder has', () => {
	it('is pointed at the new emulator, and keeps what the user added (the n8n API Key among them)', async () => {
		const emulator = await Emulator.start();
		try {
			const saved = {
				...emulatorCredentialData(emulator),
				baseUrl: 'http://127.0.0.1:1',
				authUrl: 'http://127.0.0.1:1',
				accessToken: 'a token of the last emulator',
				// As n8n hands back a secret it keeps: blanked (its PATCH puts the value back).
				n8nApiKey: CREDENTIAL_BLANKING_VALUE,
				n8nApiUrl: 'https://n8n.example.com',
				sandboxBaseUrl: 'https://sandbox.example.com',
			};
			expect(credentialDataForEmulator(saved, emulatorCredentialData(emulator))).toEqual({
				...emulatorCredentialData(emulator),
				n8nApiKey: saved.n8nApiKey,
				n8nApiUrl: 'https://n8n.example.com',
				sandboxBaseUrl: 'https://sandbox.example.com',
			});
			expect(emulatorCredentialData(emulator)).toMatchObject({
				baseUrl: emulator.url,
				authUrl: emulator.authUrl,
				accessToken: '',
			});
		} finally {
			await emulator.stop();
		}
	});
});

describe('the examples in npm run dev', () => {
	it('read and write in its files folder, while their notes still explain the path they ship with', () => {
		const withFiles = loadExamples().filter(({ workflow }) =>
			workflow.nodes.some((node) => node.type === 'n8n-nodes-base.readWriteFile'),
		);
		expect(withFiles.length).toBeGreaterThanOrEqual(5);
		for (const { file, workflow } of withFiles) {
			const rebased = rebaseExampleFiles(workflow, '/tmp/dev-files/');
			const notes = rebased.nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
			const others = rebased.nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
			expect({ file, paths: JSON.stringify(others).includes(EXAMPLE_FILES_DIR) }).toEqual({
				file,
				paths: false,
			});
			expect({
				file,
				explained: notes.some((note) => JSON.stringify(note).includes(EXAMPLE_FILES_DIR)),
			}).toEqual({ file, explained: true });
			expect(JSON.stringify(workflow).includes(EXAMPLE_FILES_DIR)).toBe(true);
		}
		const [first] = loadExamples();
		expect(JSON.stringify(rebaseExampleFiles(first.workflow, '/tmp/dev-files/'))).toContain(
			'/tmp/dev-files/contract.pdf',
		);
	});
	it("example 06 posts its links to a chat that exists in npm run dev: the emulator's stand-in, at its port", async () => {
		const example = loadExamples().find(({ file }) => file.startsWith('06-'))!;
		const emulator = await Emulator.start();
		try {
			const rebased = rebaseExampleFiles(example.workflow, '/tmp/dev-files/', emulator.url);
			const chat = rebased.nodes.find((node) => node.name === 'Send Link to Chat')!;
			const url = String((chat.parameters as { url: string }).url);
			expect(url).toBe(`${emulator.url}/_emulator/chat/signers`);
			// What the HTTP Request node sends there is taken and can be read back.
			const posted = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{"text":"Hello Jane"}',
			});
			expect(posted.status).toBe(200);
			const read = (await (await fetch(`${emulator.url}/_emulator/chat`)).json()) as Array<{
				channel: string;
				body: unknown;
			}>;
			expect(read.map(({ channel, body }) => ({ channel, body }))).toEqual([
				{ channel: 'signers', body: { text: 'Hello Jane' } },
			]);
		} finally {
			await emulator.stop();
		}
		// As shipped, it names npm run dev's emulator at its default port, and no host outside this machine.
		expect(JSON.stringify(example.workflow)).toContain(
			`${EXAMPLE_EMULATOR_URL}/_emulator/chat/signers`,
		);
		expect(JSON.stringify(example.workflow)).not.toContain('chat.example.com');
	});
});

describe('what the first run says while npm installs n8n', () => {
	it('tells resolving the dependency tree from downloading, and keeps npm’s other lines', () => {
		const npm = new NpmProgress();
		expect(npm.describe()).toBe('npm is starting');
		const other = npm.feed(
			'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n' +
				'npm http fetch GET 200 https://registry.npmjs.org/n8n 512ms (cache miss)\n' +
				'npm http fetch GET 200 https://registry.npmjs.org/@n8n%2fcore 80ms (cache miss)\nnpm http fe',
		);
		expect(other).toBe(
			'npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n',
		);
		expect(npm.feed('tch GET 200 https://registry.npmjs.org/luxon 75ms (cache updated)\n')).toBe(
			'',
		);
		expect(npm.describe()).toBe(
			'resolving the dependency tree: 3 package manifests read from the registry',
		);
		// npm logs a cache line for every package it unpacks (before it knows whether the cache has it), then a fetch
		// line for each tarball it had to download, when the download answers.
		npm.feed(
			'npm http cache @n8n/core@https://registry.npmjs.org/@n8n/core/-/core-2.41.1.tgz 0ms (cache hit)\n' +
				'npm http cache luxon@https://registry.npmjs.org/luxon/-/luxon-3.7.2.tgz 0ms (cache hit)\n',
		);
		// No download has arrived yet: no count that would stand at 0 for minutes.
		expect(npm.describe()).toBe('downloading and unpacking 2 packages');
		npm.feed(
			'npm http fetch GET 200 https://registry.npmjs.org/luxon/-/luxon-3.7.2.tgz 40961ms (cache miss)\n',
		);
		expect(npm.describe()).toBe('downloading and unpacking 2 packages: 1 downloaded');
	});

	it('names the packages in node_modules only once there are any', () => {
		expect(installProgress('resolving the dependency tree: 3 package manifests', 0)).toBe(
			'resolving the dependency tree: 3 package manifests',
		);
		expect(installProgress('downloading and unpacking 2 packages', 1)).toBe(
			'downloading and unpacking 2 packages, 1 in node_modules',
		);
	});

	it('says every 15 s what the machine saw of the work, and how long a silent step has been silent', () => {
		const line = {
			what: 'installing n8n 2.41.1',
			elapsedMs: 8 * 60_000 + 6_000,
			progress: 'downloading and unpacking 2363 packages: 2363 downloaded',
			intervalMs: 15_000,
		};
		expect(
			progressLine({
				...line,
				silentMs: 2_000,
				activity: { cpuMs: 9_340, readBytes: 48_200_000, writtenBytes: 120_000_000 },
			}),
		).toBe(
			'installing n8n 2.41.1: 8m06s, downloading and unpacking 2363 packages: 2363 downloaded; ' +
				'in the last 15 s: 9.3 s of CPU, 48.2 MB read, 120.0 MB written',
		);
		expect(
			progressLine({
				...line,
				silentMs: 45_000,
				activity: { cpuMs: 14_900, readBytes: 0, writtenBytes: 0 },
			}),
		).toBe(
			'installing n8n 2.41.1: 8m06s, downloading and unpacking 2363 packages: 2363 downloaded; ' +
				'in the last 15 s: 14.9 s of CPU, 0.0 MB read, 0.0 MB written; ' +
				'silent for 0m45s, still working (some steps print nothing for minutes)',
		);
		// Where /proc cannot tell (not Linux), only what is known.
		expect(
			progressLine({
				what: 'building sqlite3',
				elapsedMs: 30_000,
				silentMs: 0,
				activity: {},
				intervalMs: 15_000,
			}),
		).toBe('building sqlite3: 0m30s');
	});

	it('reads the CPU time and the bytes read and written of the command and everything it started, from /proc', () => {
		// A comm with spaces and parentheses; utime, stime, cutime, cstime are fields 14 to 17.
		const stat = (
			pid: number,
			comm: string,
			ppid: number,
			ticks: [number, number, number, number],
		) => `${pid} (${comm}) S ${ppid} 1 1 0 -1 4194304 100 0 0 0 ${ticks.join(' ')} 20 0 1 0 5 0 0`;
		expect(parseProcStat(stat(42, 'npm install (x)', 7, [300, 50, 20, 5]))).toEqual({
			pid: 42,
			ppid: 7,
			ticks: 375,
		});
		const processes = [
			parseProcStat(stat(42, 'npm install', 7, [300, 50, 0, 0])),
			parseProcStat(stat(43, 'make', 42, [1, 1, 200, 10])),
			parseProcStat(stat(44, 'cc1', 43, [900, 30, 0, 0])),
			parseProcStat(stat(50, 'other', 7, [5000, 0, 0, 0])),
		];
		expect(processTree(processes, 42)).toEqual([42, 43, 44]);
		expect(
			parseProcIo(
				'rchar: 123456789\nwchar: 5550\nsyscr: 10\nsyscw: 2\nread_bytes: 0\nwrite_bytes: 4096\n',
			),
		).toEqual({ read: 123_456_789, written: 5550 });
	});

	it('counts a process once: a finished child’s work, added to its parent’s by the kernel, is not counted again', () => {
		const io = (bytes: Record<number, number>) => (pid: number) => ({
			read: bytes[pid] ?? 0,
			written: 0,
		});
		// cc1 has used 9.3 s and read 50 MB; in the next 15 s it uses 2 s more and reads 10 MB, ends, and make reaps
		// it: its 11.3 s and 60 MB are now make's (cutime, and /proc/<make>/io).
		const before = treeTotals(
			[
				{ pid: 42, ppid: 7, ticks: 350 },
				{ pid: 43, ppid: 42, ticks: 2 },
				{ pid: 44, ppid: 43, ticks: 930 },
			],
			42,
			io({ 42: 1_000, 44: 50_000_000 }),
		);
		const after = treeTotals(
			[
				{ pid: 42, ppid: 7, ticks: 350 },
				{ pid: 43, ppid: 42, ticks: 2 + 1130 },
			],
			42,
			io({ 42: 1_000, 43: 60_000_000 }),
		);
		expect(after.cpuMs - before.cpuMs).toBe(2_000);
		expect(after.read - before.read).toBe(10_000_000);
	});

	it('measures no more CPU than the processes used, nor than the cores could give', async () => {
		const ownChildrenTicks = () => {
			const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
			return Number(fields[13]) + Number(fields[14]);
		};
		// Busy subshells inside subshells: each one's CPU time moves to its parent when it ends.
		const busy = '(i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done)';
		const before = ownChildrenTicks();
		const started = Date.now();
		const child = spawn('sh', ['-c', `( ${busy}; ${busy} ); ${busy}; sleep 0.5`]);
		const sample = activitySampler(child.pid);
		const exited = new Promise((resolve) => child.once('exit', resolve));
		let cpuMs = 0;
		let running = true;
		void exited.then(() => (running = false));
		while (running) {
			await sleep(100);
			if (running) cpuMs += sample().cpuMs ?? 0;
		}
		const usedMs = (ownChildrenTicks() - before) * 10;
		expect(usedMs).toBeGreaterThan(300);
		expect(cpuMs).toBeLessThanOrEqual(usedMs + 50);
		expect(cpuMs).toBeGreaterThan(usedMs / 2);
		expect(cpuMs).toBeLessThanOrEqual((Date.now() - started) * availableParallelism());
	});
});
