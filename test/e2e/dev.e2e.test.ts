/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * `npm run dev` as a user runs it, twice: what the user built in the editor is there again after Ctrl-C and a new
 * start (the credential pointed at the new emulator, a changed example left as the user saved it, the active trigger
 * example's webhook kept by the emulator under the same ID), and `--fresh` starts clean; the n8n API Key and Address the
 * user put in the credential's modal in the editor (Chromium) stay. npm run dev's own n8n API key has its name, only the
 * scopes it uses and an expiry, and is deleted when it stops. Three n8n starts, about two minutes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CREDENTIAL_BLANKING_VALUE } from 'n8n-workflow';

import { type Browser, byTestId, openBrowser, signIn, waitForText } from './browser';
import { freePorts, N8nInstance, sleep } from './n8n';
import { provision, REPO_ROOT } from './provision';
import { chain, manualTrigger } from './workflow-builder';

jest.setTimeout(600_000);

interface DevRun {
	child: ChildProcess;
	output: () => string;
	n8n: N8nInstance;
	emulatorUrl: string;
}

const cacheHome = mkdtempSync(join(tmpdir(), 'esig-dev-e2e-'));

/** Starts `npm run dev` (as `ts-node scripts/dev.ts`, without npm's own output) and waits until it says it is ready. */
async function startDev(extra: string[] = []): Promise<DevRun> {
	const [port, emulatorPort] = await freePorts(2);
	const child = spawn(
		join(REPO_ROOT, 'node_modules', '.bin', 'ts-node'),
		[
			'--transpile-only',
			'scripts/dev.ts',
			'--no-build',
			'--port',
			String(port),
			'--emulator-port',
			String(emulatorPort),
			...extra,
		],
		{
			cwd: REPO_ROOT,
			env: { ...process.env, XDG_CACHE_HOME: cacheHome },
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let output = '';
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await new Promise<void>((resolve, reject) => {
		const check = setInterval(() => {
			if (output.includes('Press Ctrl-C to stop.')) done(resolve);
			else if (child.exitCode !== null)
				done(() => reject(new Error(`npm run dev exited with ${child.exitCode}:\n${output}`)));
		}, 200);
		const done = (then: () => void) => {
			clearInterval(check);
			then();
		};
	});
	const host = await provision();
	const n8n = new N8nInstance(
		host,
		join(cacheHome, 'n8n-nodes-esignature', 'dev', 'n8n'),
		{ port, brokerPort: 0 },
		child,
		'',
	);
	await n8n.login();
	return { child, output: () => output, n8n, emulatorUrl: `http://127.0.0.1:${emulatorPort}` };
}

/** Ctrl-C, as the user stops it; resolves with the exit code. */
async function stopDev(run: DevRun): Promise<number | null> {
	const exited = new Promise<number | null>((resolve) =>
		run.child.once('exit', (code) => resolve(code)),
	);
	run.child.kill('SIGINT');
	return exited;
}

/** The credential's modal in the editor, in Chromium, signed in: the user's path to the credential. */
async function credentialModal(r: DevRun, browser: Browser, id: string) {
	await signIn(browser.page, r.n8n);
	await browser.page.goto(`${r.n8n.url}/home/credentials/${id}`);
	const modal = browser.page.locator(byTestId('editCredential-modal'));
	await modal.waitFor();
	return {
		modal,
		input: (name: string) => modal.locator(`${byTestId(`parameter-input-${name}`)} input`),
	};
}

/** npm run dev's own n8n API key (DEV_API_KEY in scripts/dev.ts), and one the user makes for the credential. */
const DEV_KEY_LABEL = 'npm run dev (n8n-nodes-esignature)';
const USER_KEY_LABEL = 'Webhook list (mine)';

const workflowNames = async (n8n: N8nInstance): Promise<string[]> =>
	((await n8n.rest('GET', '/workflows')) as Array<{ name: string }>).map((wf) => wf.name).sort();

describe('npm run dev keeps what the user built', () => {
	let run: DevRun | undefined;

	afterEach(async () => {
		if (run && run.child.exitCode === null) await stopDev(run);
		run = undefined;
	});
	afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

	test('a workflow built, an example changed and the n8n API Key set in the editor are there after Ctrl-C and a new start; --fresh starts clean', async () => {
		run = await startDev();
		const examples = await workflowNames(run.n8n);
		// npm run dev's own API key, the only one n8n has: named for what it is, the scopes its calls need, a day to live.
		const [devKey, ...others] = await run.n8n.apiKeys();
		expect(others).toEqual([]);
		expect(devKey.label).toBe(DEV_KEY_LABEL);
		expect([...devKey.scopes].sort()).toEqual([
			'workflow:activate',
			'workflow:deactivate',
			'workflow:list',
		]);
		const now = Date.now() / 1000;
		expect(devKey.expiresAt).toBeGreaterThan(now);
		expect(devKey.expiresAt).toBeLessThanOrEqual(now + 24 * 60 * 60);
		expect(run.output()).toContain(`API key:     "${DEV_KEY_LABEL}"`);
		// The n8n API Key and Address, put in the credential's modal as a user does, with the one scope the README says.
		const [{ id: credentialId }] = (await run.n8n.rest('GET', '/credentials')) as Array<{
			id: string;
		}>;
		const n8nApiUrl = run.n8n.url;
		const apiKey = await run.n8n.createApiKey({ label: USER_KEY_LABEL, scopes: ['workflow:list'] });
		// What earlier versions of npm run dev left in the user's n8n, for the next start to delete: every scope, no
		// expiry, labelled e2e-<stamp> (createApiKey's default).
		await run.n8n.createApiKey();
		let browser = await openBrowser();
		try {
			const { modal, input } = await credentialModal(run, browser, credentialId);
			await input('n8nApiKey').fill(apiKey);
			await input('n8nApiUrl').fill(n8nApiUrl);
			await modal.locator(byTestId('credential-save-button')).click();
			await waitForText(modal, 'Connection tested successfully');
		} finally {
			await browser.close();
		}
		expect(examples.length).toBeGreaterThan(0);
		const built = chain('What I built', [manualTrigger()]);
		const body: Partial<typeof built> = { ...built };
		delete body.id;
		delete body.active;
		await run.n8n.rest('POST', '/workflows', { settings: {}, ...body });
		const first = (
			(await run.n8n.rest('GET', '/workflows')) as Array<{ id: string; name: string }>
		).find((wf) => wf.name === examples[0])!;
		const saved = await run.n8n.rest('GET', `/workflows/${first.id}`);
		await run.n8n.rest('PATCH', `/workflows/${first.id}`, {
			...saved,
			name: `${first.name} (mine)`,
		});
		const webhooksAt = async (r: DevRun) =>
			(await (await fetch(`${r.emulatorUrl}/_emulator/webhooks`)).json()) as Array<{
				id: string;
				webhookUrl: string;
			}>;
		let wait = Date.now() + 30_000;
		while ((await webhooksAt(run)).length === 0 && Date.now() < wait) await sleep(250);
		const firstWebhooks = (await webhooksAt(run)).map((w) => w.id);
		expect(firstWebhooks).toHaveLength(1);
		expect(await stopDev(run)).toBe(0);
		expect(run.output()).toContain('kept what you built');
		expect(run.output()).toContain(`deleted the n8n API key "${DEV_KEY_LABEL}"`);

		run = await startDev();
		expect(run.output()).toContain('opening what you built last time');
		// The user's key stays; the key of the last run was deleted, the old kind too; this run has its own.
		expect(run.output()).toContain('deleted 1 n8n API key(s) labelled e2e-…');
		expect((await run.n8n.apiKeys()).map((key) => key.label).sort()).toEqual(
			[DEV_KEY_LABEL, USER_KEY_LABEL].sort(),
		);
		const names = await workflowNames(run.n8n);
		expect(names).toContain('What I built');
		expect(names).toContain(`${first.name} (mine)`);
		expect(names).not.toContain(first.name);
		expect(names).toHaveLength(examples.length + 1);
		const credentials = (await run.n8n.rest('GET', '/credentials')) as Array<{
			id: string;
			name: string;
		}>;
		expect(credentials.map((c) => c.name)).toEqual(['E-Signature account']);
		const credential = await run.n8n.rest(
			'GET',
			`/credentials/${credentials[0].id}?includeData=true`,
		);
		// n8n hands a secret it keeps back blanked; an erased one would be empty.
		expect(credential.data).toMatchObject({
			baseUrl: run.emulatorUrl,
			n8nApiKey: CREDENTIAL_BLANKING_VALUE,
			n8nApiUrl,
		});
		browser = await openBrowser();
		try {
			const { input } = await credentialModal(run, browser, credentialId);
			expect(await input('n8nApiUrl').inputValue()).toBe(n8nApiUrl);
			expect(await input('n8nApiKey').inputValue()).toBe(CREDENTIAL_BLANKING_VALUE);
			expect(await input('baseUrl').inputValue()).toBe(run.emulatorUrl);
		} finally {
			await browser.close();
		}
		// The trigger example stayed active, and the emulator kept its webhook: the same ID (a saved Webhook pick still
		// names it), moved to this run's n8n (n8n finishes an activation a moment after its API answers).
		expect(run.output()).toContain('the emulator has the envelopes and webhooks of earlier runs');
		const registered = async () =>
			(await webhooksAt(run!)).map((w) => [w.id, new URL(w.webhookUrl).origin]);
		wait = Date.now() + 30_000;
		while ((await registered())[0]?.[1] !== run.n8n.url && Date.now() < wait) await sleep(250);
		expect(await registered()).toEqual([[firstWebhooks[0], run.n8n.url]]);
		expect(await stopDev(run)).toBe(0);

		run = await startDev(['--fresh']);
		expect(await workflowNames(run.n8n)).toEqual(examples);
		expect(run.output()).not.toContain(
			'the emulator has the envelopes and webhooks of earlier runs',
		);
		wait = Date.now() + 30_000;
		while ((await webhooksAt(run)).length === 0 && Date.now() < wait) await sleep(250);
		expect((await webhooksAt(run)).map((w) => w.id)).not.toContain(firstWebhooks[0]);
	});
});
