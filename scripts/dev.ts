/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * `npm run dev`: try the package in a real n8n against the emulator, on this machine.
 *
 * Builds the package, provisions n8n (first run: a few minutes, cached in .cache/n8n-host), starts the
 * emulator, starts n8n on 127.0.0.1 with our package installed as a community package, creates an owner
 * account and a credential pointing at the emulator, imports the example workflows (examples/*.json),
 * then prints the editor URL and the login. Ctrl-C stops everything it started. Its own n8n API key has only the scopes
 * it uses and lives while it runs (DEV_API_KEY).
 *
 * What the user builds (workflows, credentials, executions, files) stays in one n8n user folder outside the
 * repository (devUserFolder): the next start opens it again with the package built anew and the credential pointed at
 * the new emulator; an example is imported again only when missing, so the user's changes to it stay.
 *
 *   npm run dev -- [--fresh] [--headless] [--spec] [--unreachable] [--port 5678] [--emulator-port 8787] [--no-build]
 *
 *   --fresh           delete what earlier runs kept and start with a new user folder
 *   --headless        run the example workflows once in a throw-away user folder, print their results and exit
 *                     (non-zero on failure)
 *   --spec            the emulator answers as the published contract; without it, as the service's live sandbox
 *                     did where the two differ (docs/service-api.md#spec-and-live-service)
 *   --unreachable     the emulator plays a service that cannot reach n8n: every callback fails (logged with HTTP
 *                     status 0), and the events arrive through the trigger's fetch rounds instead
 *   --port N          n8n port (default 5678 when free, otherwise a free port)
 *   --emulator-port N emulator port (default 8787 when free, otherwise a free port)
 *   --no-build        pack the existing dist/ instead of running `npm run build`
 */
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { Emulator } from '../test/emulator';
import {
	type ApiKeySpec,
	buildPackage,
	executionError,
	type Execution,
	freePort,
	type N8nInstance,
	packPackage,
	PACKAGE_NAME,
	sleep,
	type WorkflowJson,
} from '../test/e2e/n8n';
import {
	existingHost,
	FIRST_RUN_TIME,
	hostRequirementProblems,
	HOST_DIR,
	provision,
} from '../test/e2e/provision';
import {
	devUserFolderParent,
	EXAMPLES_DIR,
	loadExamples,
	rebaseExampleFiles,
	shadowingN8nWorkflow,
	type Stack,
	startStack,
	TRIGGER_TYPE,
} from '../test/e2e/stack';

/** Where the user folders go: outside the repository, or n8n would load our nodes with the wrong n8n-workflow. */
export const userFolderParent = devUserFolderParent();

/** The user folder every `npm run dev` opens again (`--fresh` deletes it first). */
export const devUserFolder = join(userFolderParent, 'n8n');

/** The emulator's envelopes and webhooks, kept in the same folder as n8n's data (`--fresh` deletes it too). */
export const emulatorStateFile = join(devUserFolder, 'emulator-state.json');

/** The name the example workflows give their credential, so that the stickies, the nodes and the list agree. */
export const CREDENTIAL_NAME = 'E-Signature account';

/**
 * The n8n API key npm run dev makes for its own calls of n8n's public API, and only for those: listing the active
 * workflows (GET /api/v1/workflows?active=true: workflow:list) and publishing the trigger workflows again
 * (POST /api/v1/workflows/{id}/deactivate, /activate: workflow:deactivate, workflow:activate). --headless also reads
 * the examples' executions (GET /api/v1/executions, /executions/{id}: execution:list, execution:read). It lives while
 * npm run dev runs: deleted at Ctrl-C, replaced at the next start when a run did not stop cleanly, and it expires
 * after a day in any case (docs/development.md#npm-run-dev).
 */
export const DEV_API_KEY: ApiKeySpec = {
	label: 'npm run dev (n8n-nodes-esignature)',
	scopes: ['workflow:list', 'workflow:activate', 'workflow:deactivate'],
	expiresInS: 24 * 60 * 60,
};
export const HEADLESS_API_KEY: ApiKeySpec = {
	...DEV_API_KEY,
	scopes: [...DEV_API_KEY.scopes, 'execution:list', 'execution:read'],
};

/**
 * The label earlier versions gave npm run dev's key (`e2e-` and a stamp): every scope, no expiry, never shown to
 * anyone, so nothing can be using it.
 */
const OLD_DEV_API_KEY_LABEL = /^e2e-[0-9a-z]+-[0-9a-f]{6}$/;

/** Deletes the keys earlier versions of npm run dev left in a kept user folder; returns how many. */
async function deleteOldDevApiKeys(n8n: N8nInstance): Promise<number> {
	const old = (await n8n.apiKeys()).filter(
		(key) => OLD_DEV_API_KEY_LABEL.test(key.label) && key.expiresAt === null,
	);
	for (const key of old) await n8n.deleteApiKey(key.id);
	return old.length;
}

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
function option(name: string): string | undefined {
	const inline = argv.find((a) => a.startsWith(`--${name}=`));
	if (inline) return inline.slice(name.length + 3);
	const at = argv.indexOf(`--${name}`);
	return at >= 0 ? argv[at + 1] : undefined;
}
function portOption(name: string): number | undefined {
	const v = option(name);
	if (v === undefined) return undefined;
	const n = Number(v);
	if (!Number.isInteger(n) || n < 0 || n > 65535) {
		console.error(`invalid --${name}: ${v}`);
		process.exit(2);
	}
	return n;
}

const say = (msg: string) => process.stdout.write(`${msg}\n`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function isFree(port: number): Promise<boolean> {
	const { createServer } = await import('node:net');
	return new Promise((resolve) => {
		const srv = createServer();
		srv.once('error', () => resolve(false));
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
	});
}

const isTriggerWorkflow = (wf: WorkflowJson) => wf.nodes.some((n) => n.type === TRIGGER_TYPE);
const hasManualTrigger = (wf: WorkflowJson) =>
	wf.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger');
/** Workflows that wait for a signature or need a model (Send and Wait, the AI agent): run from the editor, not here. */
const waitsForSomeone = (wf: WorkflowJson) =>
	wf.nodes.some(
		(n) =>
			n.type === `${PACKAGE_NAME}.eSignatureSendAndWait` ||
			n.type.startsWith('@n8n/n8n-nodes-langchain.'),
	);

function summarize(ex: Execution): string {
	const rd = ex.data?.resultData;
	const last = rd?.lastNodeExecuted;
	const lines = [`  status: ${ex.status} (execution ${ex.id}, ${ex.mode})`];
	const err = executionError(ex);
	if (err)
		lines.push(`  error: ${err}${rd?.error?.node?.name ? ` (node "${rd.error.node.name}")` : ''}`);
	if (last) {
		const items = rd?.runData[last]?.at(-1)?.data?.main?.[0] ?? [];
		lines.push(`  last node "${last}": ${items.length} item(s)`);
		for (const item of items.slice(0, 3)) {
			const json = JSON.stringify(item.json);
			lines.push(`    ${json.length > 300 ? json.slice(0, 300) + '...' : json}`);
			for (const [key, bin] of Object.entries(item.binary ?? {})) {
				lines.push(
					`    binary "${key}": ${bin.fileName ?? ''} ${bin.mimeType ?? ''} ${bin.fileSize ?? ''}`,
				);
			}
		}
	}
	return lines.join('\n');
}

/** Active workflows with an E-Signature Trigger in n8n (examples or the user's own). */
async function activeTriggerWorkflows(stack: Stack): Promise<WorkflowJson[]> {
	const page = await stack.n8n.api('GET', '/workflows?active=true&limit=250');
	return (page.data as WorkflowJson[]).filter(isTriggerWorkflow);
}

async function headless(stack: Stack): Promise<boolean> {
	const { n8n, emulator } = stack;
	let ok = true;
	const manual = stack.workflows.filter((wf) => hasManualTrigger(wf) && !waitsForSomeone(wf));
	for (const wf of stack.workflows.filter(waitsForSomeone))
		say(`\n▷ ${wf.name} (${wf.id}): waits for a signer or needs a model; run it from the editor`);
	const triggered = stack.workflows.filter(isTriggerWorkflow);
	const envelopesBefore = new Set(
		emulator.state.accounts.get(emulator.demo.accountId)?.envelopes.keys() ?? [],
	);
	for (const wf of manual) {
		say(`\n▶ ${wf.name} (${wf.id})`);
		try {
			const ex = await n8n.runWorkflow(wf.id);
			say(summarize(ex));
			if (ex.status !== 'success') ok = false;
		} catch (e) {
			ok = false;
			say(`  failed to run: ${(e as Error).message}`);
		}
	}
	if (triggered.length) {
		// Complete every envelope the runs created: the trigger workflows react to the callbacks.
		const account = emulator.state.accounts.get(emulator.demo.accountId);
		const created = [...(account?.envelopes.values() ?? [])].filter(
			(e) => !envelopesBefore.has(e.envelopeId),
		);
		const pending = created.filter((e) => e.status === 'Pending' || e.status === 'In-progress');
		say(`\n▶ signing ${pending.length} envelope(s) at the emulator for the trigger workflow(s)`);
		for (const e of pending)
			await emulator
				.sign(e.envelopeId)
				.catch((err) => say(`  sign ${e.envelopeId}: ${err.message}`));
		for (const wf of triggered) {
			say(`\n▶ ${wf.name} (${wf.id}, triggered)`);
			const deadline = Date.now() + 30_000;
			let executions: Execution[] = [];
			while (Date.now() < deadline) {
				executions = (await n8n.listExecutions({ workflowId: wf.id, includeData: true })).filter(
					(x) => x.stoppedAt,
				);
				if (executions.length >= Math.max(1, pending.length)) break;
				await sleep(500);
			}
			if (!executions.length) {
				ok = false;
				say('  no execution within 30 s');
			}
			for (const ex of executions.reverse()) {
				say(summarize(ex));
				if (ex.status !== 'success') ok = false;
			}
		}
	}
	return ok;
}

async function main(): Promise<void> {
	const t0 = Date.now();
	const isHeadless = flag('headless');
	// Headless runs check the examples as shipped: a throw-away folder, not what the user changed.
	const kept = isHeadless ? undefined : devUserFolder;
	if (flag('fresh') && kept) {
		rmSync(kept, { recursive: true, force: true });
		say(`• --fresh: deleted ${kept}`);
	} else if (kept && existsSync(kept)) {
		say(`• opening what you built last time (${kept}; start with --fresh to start clean)`);
	}

	if (!existingHost()) {
		const problems = hostRequirementProblems();
		if (problems.length) {
			say(`npm run dev cannot install n8n on this machine:\n  - ${problems.join('\n  - ')}`);
			process.exit(2);
		}
		say(
			`• first run: installing Node 24 and n8n 2.41 from the npm registry into ${HOST_DIR}\n` +
				`  (about 3 GB, ${FIRST_RUN_TIME} with sqlite3 built from source; progress below every 15 s)`,
		);
	}
	for (const dir of shadowingN8nWorkflow(userFolderParent)) {
		say(
			`  warning: ${join(dir, 'node_modules', 'n8n-workflow')} lies above ${userFolderParent}: n8n may load our nodes with it`,
		);
	}
	say('• building the package and provisioning n8n ...');
	const [host] = await Promise.all([
		provision(),
		flag('no-build')
			? Promise.resolve()
			: buildPackage().then(() => say(`  built in ${secs(Date.now() - t0)}`)),
	]);
	const tarball = await packPackage();
	say(
		`  n8n ${host.versions.n8n} on node ${host.versions.resolvedNode} ready after ${secs(Date.now() - t0)}`,
	);

	const examples = loadExamples();
	if (!examples.length) say(`  (no example workflows in ${EXAMPLES_DIR} yet)`);

	let port = portOption('port');
	if (port === undefined) port = (await isFree(5678)) ? 5678 : await freePort();
	// A stable port keeps the kept credential's Base URL right (it is updated anyway when the port changes).
	const emulator = await Emulator.start({
		port: portOption('emulator-port') ?? ((await isFree(8787)) ? 8787 : 0),
		// The live form by default, as the real service answers (its Get Status names the documents, so the trigger
		// delivers the signed file); --spec answers as the published contract (docs/development.md#npm-run-dev).
		profile: flag('spec') ? 'spec' : 'live',
		// Kept beside n8n's data: a Webhook picked in a saved workflow still exists after a restart (--fresh clears both).
		stateFile: kept ? emulatorStateFile : undefined,
	});
	if (emulator.restored)
		say(`• the emulator has the envelopes and webhooks of earlier runs (${emulatorStateFile})`);
	say(
		emulator.profile === 'live'
			? '• the emulator answers as the live service did (--spec: as the published contract)'
			: '• the emulator answers as the published contract (--spec)',
	);
	if (flag('unreachable')) {
		emulator.setUnreachable(true);
		say(
			'• the emulator cannot reach n8n (--unreachable): events arrive by the trigger fetching them, within about 2 minutes',
		);
	}

	say('• starting n8n ...');
	let stack: Stack;
	try {
		stack = await startStack({
			tarball,
			port,
			emulator,
			userFolderParent,
			userFolder: kept,
			credentialName: CREDENTIAL_NAME,
			apiKey: isHeadless ? HEADLESS_API_KEY : DEV_API_KEY,
			workflows: ({ filesDir }) => {
				// The examples read contract.pdf from, and write signed PDFs to, n8n's file folder.
				writeFileSync(join(filesDir, 'contract.pdf'), emulator.samplePdf);
				return examples.map((e) => rebaseExampleFiles(e.workflow, filesDir, emulator.url));
			},
		});
	} catch (e) {
		await emulator.stop();
		rmSync(dirname(tarball), { recursive: true, force: true });
		throw e;
	}
	rmSync(dirname(tarball), { recursive: true, force: true }); // installed into the user folder by now
	const { n8n } = stack;
	if (kept) {
		const deleted = await deleteOldDevApiKeys(n8n).catch((e: Error) => {
			say(`  could not delete the API keys earlier runs left: ${e.message}`);
			return 0;
		});
		if (deleted)
			say(
				`• deleted ${deleted} n8n API key(s) labelled e2e-… that earlier versions of npm run dev left (every scope, no expiry)`,
			);
	}

	// New trigger examples go live (their webhook is registered at the emulator); a failure is shown, not fatal. Kept
	// workflows stay as the user left them: the active ones are activated again, as this emulator is new.
	const activated: string[] = [];
	const reactivate = kept ? await activeTriggerWorkflows(stack) : [];
	const fresh = stack.workflows.filter(
		(wf) => isTriggerWorkflow(wf) && !stack.keptWorkflows.includes(wf.id),
	);
	for (const wf of [...fresh, ...reactivate]) {
		try {
			if (reactivate.includes(wf)) await n8n.deactivate(wf.id);
			await n8n.activate(wf.id);
			activated.push(wf.id);
		} catch (e) {
			say(`  could not activate "${wf.name}": ${(e as Error).message}`);
		}
	}

	let stopping = false;
	const stopAll = async (code: number) => {
		if (stopping) return;
		stopping = true;
		say('\n• stopping n8n and the emulator ...');
		if (stack.n8n.running && stack.n8n.apiKeyId)
			await stack.n8n
				.deleteApiKey(stack.n8n.apiKeyId)
				.then(() => say(`  deleted the n8n API key "${DEV_API_KEY.label}"`))
				.catch((e: Error) =>
					say(`  could not delete the n8n API key "${DEV_API_KEY.label}": ${e.message}`),
				);
		await stack.stop();
		await emulator.stop();
		if (kept)
			say(
				`  kept what you built in ${stack.userFolder} for the next npm run dev (--fresh starts clean)`,
			);
		process.exit(code);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));
	n8n.child.on('exit', (code) => {
		if (stopping) return;
		say(
			`\nn8n exited unexpectedly (code ${code}). Last log lines:\n${n8n.log().split('\n').slice(-30).join('\n')}`,
		);
		void stopAll(1);
	});

	const d = emulator.demo;
	const control = `${emulator.url}/_emulator`;
	say(`
n8n with n8n-nodes-esignature is ready (${secs(Date.now() - t0)})

  Editor:      ${n8n.url}
  Login:       ${n8n.owner.email}
  Password:    ${n8n.owner.password}
  Credential:  "${stack.credential.name}" (E-Signature API, Integration grant) -> the emulator
  Workflows:   ${stack.workflows.length ? '' : '(none)'}${stack.workflows
		.map(
			(wf) =>
				`\n    - ${wf.name}  ${n8n.url}/workflow/${wf.id}${activated.includes(wf.id) ? '  (active)' : ''}`,
		)
		.join('')}

  Emulator:    ${emulator.url}   (open it: every envelope, its IDs, signers and Sign/Reject buttons;
               every invitationLink opens that signer's signing page)
    To fill in a credential of your own (Environment "Production": it uses the Base URL field):
      Base URL ${emulator.url}    Authorization Server URL ${emulator.authUrl}
      Client ID ${d.clientId}    Client Secret ${d.clientSecret}    (both grants)
      Integration grant only: Username ${d.username}  Password ${d.password}
                              Account ID ${d.accountId}  Account Secret ${d.accountSecret}
    test the trigger:   click "Execute step" on an E-Signature Trigger (it listens for a test event), then open
                        ${control}/test-event   (add ?event=rejected for a rejection)
    sign from a script: curl -X POST ${control}/envelopes/<envelopeId>/sign   (or .../reject)
    expire tokens:      curl -X POST ${control}/tokens/expire
    inspect:            ${control}/state
  Files:       ${stack.filesDir}  (the examples read contract.pdf and write signed-*.pdf here)
  n8n data:    ${stack.userFolder}  (${kept ? 'kept for the next npm run dev; --fresh starts clean' : 'deleted at exit'})
               ${kept ? `the emulator's envelopes and webhooks are kept too (${emulatorStateFile})` : 'the emulator starts empty'}
  n8n log:     ${n8n.logFile}
  API key:     "${DEV_API_KEY.label}" (n8n's Settings → n8n API): npm run dev's own, to list and publish
               workflows (${(isHeadless ? HEADLESS_API_KEY : DEV_API_KEY).scopes.join(', ')}); deleted when it stops
`);

	if (isHeadless) {
		const ok = await headless(stack);
		const written = readdirSync(stack.filesDir).filter((f) => f.startsWith('signed-'));
		if (written.length) say(`\nsigned PDFs written by the trigger workflow: ${written.join(', ')}`);
		say(
			`\n${ok ? '✔ all example workflows succeeded' : '✘ some example workflows failed'} (${secs(Date.now() - t0)} in total)`,
		);
		await stopAll(ok ? 0 : 1);
		return;
	}
	say('Press Ctrl-C to stop.');
}

if (require.main === module) {
	main().catch((e) => {
		console.error(`dev: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
		process.exit(1);
	});
}
