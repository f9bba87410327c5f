/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The whole stack for the end-to-end suite and the `dev` command:
 * provisioned n8n + our packed package + the emulator + owner/API key + a ready credential.
 *
 *   const stack = await startStack({ workflows: [wf], activate: [wf.id] });
 *   const ex = await stack.n8n.runWorkflow(wf.id);
 *   await stack.stop();
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { Emulator } from '../emulator';
import {
	type ApiKeySpec,
	createUserFolder,
	importCredentials,
	importWorkflows,
	installFolder,
	installTarball,
	type N8nInstance,
	packPackage,
	PACKAGE_NAME,
	publishWorkflow,
	startN8n,
	type WorkflowJson,
} from './n8n';
import { type Host, n8nMajor, provision, REPO_ROOT } from './provision';

export const CREDENTIAL_TYPE = 'eSignatureApi';
export const NODE_TYPE = `${PACKAGE_NAME}.eSignature`;
export const TRIGGER_TYPE = `${PACKAGE_NAME}.eSignatureTrigger`;
export const EXAMPLES_DIR = join(REPO_ROOT, 'examples');

/**
 * Where `npm run dev` puts its n8n user folders: outside the repository, so that n8n loads our package with its own
 * n8n-workflow (docs/n8n-notes.md#user-folders). The XDG cache folder, as other tools keep what they may re-use there.
 */
export function devUserFolderParent(
	env: NodeJS.ProcessEnv = process.env,
	home: string = homedir(),
): string {
	const cache =
		env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)
			? env.XDG_CACHE_HOME
			: join(home, '.cache');
	return join(cache, PACKAGE_NAME, 'dev');
}

/** True when `path` is `folder` or lies inside it. */
export function isInside(folder: string, path: string): boolean {
	const rel = relative(resolve(folder), resolve(path));
	return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The folders above `folder` whose node_modules hold an n8n-workflow: Node's module lookup from a package installed
 * in a user folder there finds that copy before n8n's own, and n8n-core's `instanceof NodeApiError` then fails.
 */
export function shadowingN8nWorkflow(folder: string): string[] {
	const found: string[] = [];
	for (let dir = resolve(folder); ; dir = dirname(dir)) {
		if (existsSync(join(dir, 'node_modules', 'n8n-workflow', 'package.json'))) found.push(dir);
		if (dirname(dir) === dir) return found;
	}
}

export interface CredentialRef {
	id: string;
	name: string;
}

/** Credential data of type eSignatureApi pointing at an emulator (integration grant, production). */
export function emulatorCredentialData(emu: Emulator, demo = emu.demo): Record<string, string> {
	return {
		grantType: 'integration',
		environment: 'production',
		baseUrl: emu.url,
		authUrl: emu.authUrl,
		clientId: demo.clientId,
		clientSecret: demo.clientSecret,
		username: demo.username,
		password: demo.password,
		accountId: demo.accountId,
		accountSecret: demo.accountSecret,
		accessToken: '',
	};
}

/**
 * Points every node credential reference of the given types at our credentials
 * (examples are committed with placeholder ids; n8n resolves credentials by id).
 */
export function bindCredentials(
	wf: WorkflowJson,
	refs: Record<string, CredentialRef>,
): WorkflowJson {
	const copy: WorkflowJson = JSON.parse(JSON.stringify(wf));
	for (const node of copy.nodes) {
		const creds = node.credentials as Record<string, CredentialRef> | undefined;
		if (!creds) continue;
		for (const type of Object.keys(creds)) if (refs[type]) creds[type] = { ...refs[type] };
	}
	return copy;
}

/** Where the examples read and write files: the folder n8n's Docker image allows by default (~/.n8n-files). */
export const EXAMPLE_FILES_DIR = '/home/node/.n8n-files';

/** Where the examples expect npm run dev's emulator (its default port); rebaseExampleFiles moves it to the real one. */
export const EXAMPLE_EMULATOR_URL = 'http://127.0.0.1:8787';

/**
 * An example with its file paths moved from EXAMPLE_FILES_DIR to `filesDir` (a folder n8n may access here). Sticky
 * notes keep their text: they explain the path the example ships with.
 */
export function rebaseExampleFiles(
	wf: WorkflowJson,
	filesDir: string,
	emulatorUrl?: string,
): WorkflowJson {
	const rebase = <T>(value: T): T => {
		let text = JSON.stringify(value).split(EXAMPLE_FILES_DIR).join(filesDir.replace(/\/+$/, ''));
		// Example 06's chat stand-in is the emulator's: at the port this emulator has.
		if (emulatorUrl) text = text.split(EXAMPLE_EMULATOR_URL).join(emulatorUrl.replace(/\/+$/, ''));
		return JSON.parse(text) as T;
	};
	return {
		...wf,
		nodes: wf.nodes.map((node) =>
			node.type === 'n8n-nodes-base.stickyNote' ? node : rebase(node),
		),
	};
}

/** The committed example workflows (examples/*.json), sorted by file name. */
export function loadExamples(dir = EXAMPLES_DIR): Array<{ file: string; workflow: WorkflowJson }> {
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((file) => ({
			file,
			workflow: JSON.parse(readFileSync(join(dir, file), 'utf8')) as WorkflowJson,
		}));
}

export interface StackOptions {
	/** Run `npm run build` before packing (default: only when dist/ is missing). */
	build?: boolean;
	/** Install this folder as the package instead of `npm pack` output (debugging only; env ESIG_E2E_PACKAGE_DIR). */
	packageDir?: string;
	/** A tarball already packed (re-use across suites). */
	tarball?: string;
	/** n8n HTTP port (default: a free one). */
	port?: number;
	emulatorPort?: number;
	/** Emulator to use (default: a new one, stopped by stop()). */
	emulator?: Emulator;
	/** Parent folder of the throw-away user folder (default: OS temp). */
	userFolderParent?: string;
	/**
	 * A user folder to keep using (created when missing) instead of a throw-away one: what was built there stays. The
	 * credential named `credentialName` is pointed at this stack's emulator instead of created again, and a workflow
	 * whose id exists already is left as it was saved ('api' import mode only).
	 */
	userFolder?: string;
	/**
	 * Workflows to create; credential references of type eSignatureApi are bound to the stack's credential.
	 * A function gets the user folder, its `files` folder (readable/writable by n8n's file nodes) and the emulator.
	 */
	workflows?:
		| WorkflowJson[]
		| ((ctx: { userFolder: string; filesDir: string; emulator: Emulator }) => WorkflowJson[]);
	/** Workflow ids to activate. */
	activate?: string[];
	/**
	 * 'api' (default): credential and workflows are created through n8n's REST API after start, fast.
	 * 'cli': `n8n import:credentials|import:workflow|publish:workflow` before `n8n start`, so that
	 *        activated workflows are started by n8n's own start-up (trigger webhooks registered at start).
	 */
	importMode?: 'api' | 'cli';
	credentialName?: string;
	/** The API key the stack makes for itself (and again on `up()`): every scope and no expiry when left out. */
	apiKey?: ApiKeySpec;
	env?: NodeJS.ProcessEnv;
	log?: (msg: string) => void;
}

export interface Stack {
	host: Host;
	emulator: Emulator;
	n8n: N8nInstance;
	userFolder: string;
	/** `<userFolder>/files`: where n8n's Read/Write Files node may read and write. */
	filesDir: string;
	credential: CredentialRef;
	/** The workflows as created (credentials bound), or as found saved in a kept user folder. */
	workflows: WorkflowJson[];
	/** Ids of the workflows found saved in a kept user folder (StackOptions.userFolder) rather than created. */
	keptWorkflows: string[];
	timings: Record<string, number>;
	/** Creates a workflow through the REST API (id kept) with eSignatureApi references bound to the stack's credential. */
	addWorkflow(wf: WorkflowJson, opts?: { activate?: boolean }): Promise<WorkflowJson>;
	/**
	 * Stops n8n (SIGTERM, as a service manager would) and starts it again on the same port and user folder, with
	 * `env` added to the stack's environment; `n8n` is the new instance afterwards. Between `down()` and `up()`
	 * n8n is not running.
	 */
	restart(env?: NodeJS.ProcessEnv): Promise<void>;
	down(): Promise<void>;
	up(env?: NodeJS.ProcessEnv): Promise<void>;
	stop(opts?: { keepUserFolder?: boolean }): Promise<void>;
}

/**
 * The body of `POST /rest/workflows` for a new, inactive workflow. n8n 1.x stores the body's `active` as it is and
 * fails on a missing one (`NOT NULL constraint failed: workflow_entity.active`, HTTP 500); n8n 2.x sets it itself
 * (docs/n8n-notes.md#n8n-1x).
 */
export function newWorkflowBody(
	host: Host,
	body: Record<string, unknown>,
): Record<string, unknown> {
	return n8nMajor(host) < 2 ? { active: false, ...body } : body;
}

/** The fixed id the CLI import gives the credential (n8n ids are 16 alphanumerics). */
export const CLI_CREDENTIAL_ID = 'esigEmulatorCred';

/**
 * A kept credential pointed at this emulator, with what else the user entered (n8n API Key, ...) kept: n8n's PATCH
 * replaces the whole data (secrets it handed back blanked it restores).
 */
export function credentialDataForEmulator(
	saved: Record<string, unknown>,
	emulatorData: Record<string, string>,
): Record<string, unknown> {
	return { ...saved, ...emulatorData };
}

/** Creates the credential, or points the one of that name and type at the emulator (a kept user folder has it). */
async function saveCredential(
	n8n: N8nInstance,
	credential: { name: string; type: string; data: Record<string, string> },
): Promise<CredentialRef> {
	const existing = (
		(await n8n.rest('GET', '/credentials')) as Array<{ id: string; name: string; type: string }>
	).find((c) => c.name === credential.name && c.type === credential.type);
	if (existing) {
		const saved = await n8n.rest('GET', `/credentials/${existing.id}?includeData=true`);
		await n8n.rest('PATCH', `/credentials/${existing.id}`, {
			...credential,
			data: credentialDataForEmulator(saved.data ?? {}, credential.data),
		});
		return { id: existing.id, name: credential.name };
	}
	const created = await n8n.rest('POST', '/credentials', credential);
	return { id: created.id, name: credential.name };
}

/** The workflow as saved in n8n, or undefined when there is none with that id. */
async function savedWorkflow(n8n: N8nInstance, id: string): Promise<WorkflowJson | undefined> {
	try {
		return await n8n.rest('GET', `/workflows/${id}`);
	} catch (e) {
		if ((e as { status?: number }).status === 404) return undefined;
		throw e;
	}
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
	const log =
		opts.log ??
		(process.env.ESIG_E2E_VERBOSE
			? (m: string) => process.stderr.write(`[stack] ${m}\n`)
			: () => undefined);
	const timings: Record<string, number> = {};
	const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
		const t = Date.now();
		try {
			return await fn();
		} finally {
			timings[label] = Date.now() - t;
			log(`${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
		}
	};

	const host = await time('provision', () => provision());
	const userFolder = opts.userFolder ?? createUserFolder({ parent: opts.userFolderParent });
	mkdirSync(join(userFolder, '.n8n', 'nodes', 'node_modules'), { recursive: true });
	const filesDir = join(userFolder, 'files');
	mkdirSync(filesDir, { recursive: true });
	await time('package', async () => {
		const packageDir = opts.packageDir ?? process.env.ESIG_E2E_PACKAGE_DIR;
		if (packageDir) {
			installFolder(userFolder, packageDir, PACKAGE_NAME);
		} else {
			const tarball = opts.tarball ?? (await packPackage({ build: opts.build }));
			await installTarball(userFolder, tarball);
			// A tarball packed here is this stack's alone (the bench packs this way): its temp folder goes once installed.
			if (!opts.tarball) rmSync(dirname(tarball), { recursive: true, force: true });
		}
	});

	const ownEmulator = !opts.emulator;
	const emulator = opts.emulator ?? (await Emulator.start({ port: opts.emulatorPort }));
	const credentialName = opts.credentialName ?? 'E-Signature (emulator)';
	const data = emulatorCredentialData(emulator);
	const mode = opts.importMode ?? 'api';
	// n8n 2.x's default binary store is the filesystem; the database project runs the same scenarios with 'database'.
	const baseEnv: NodeJS.ProcessEnv = {
		N8N_DEFAULT_BINARY_DATA_MODE: process.env.ESIG_E2E_BINARY_MODE ?? 'filesystem',
		...opts.env,
	};
	let credential: CredentialRef = { id: CLI_CREDENTIAL_ID, name: credentialName };
	let workflows: WorkflowJson[] = [];
	const keptWorkflows: string[] = [];
	const wanted =
		typeof opts.workflows === 'function'
			? opts.workflows({ userFolder, filesDir, emulator })
			: (opts.workflows ?? []);
	let n8n: N8nInstance | undefined;

	try {
		if (mode === 'cli') {
			await time('cli import', async () => {
				const c = await importCredentials(host, userFolder, [
					{ ...credential, type: CREDENTIAL_TYPE, data },
				]);
				log(`  import:credentials ${c.ms} ms`);
				workflows = wanted.map((wf) => bindCredentials(wf, { [CREDENTIAL_TYPE]: credential }));
				if (workflows.length)
					log(`  import:workflow ${(await importWorkflows(host, userFolder, workflows)).ms} ms`);
				for (const id of opts.activate ?? [])
					log(`  publish:workflow ${(await publishWorkflow(host, userFolder, id)).ms} ms`);
			});
		}
		n8n = await time('n8n start', () =>
			startN8n({ host, userFolder, port: opts.port, env: baseEnv }),
		);
		await time('owner', () => n8n!.setupOwner(undefined, opts.apiKey));
		await n8n.assertPackageLoaded(join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME));
		if (mode === 'api') {
			await time('api import', async () => {
				credential = await saveCredential(n8n!, {
					name: credentialName,
					type: CREDENTIAL_TYPE,
					data,
				});
				workflows = [];
				for (const wf of wanted.map((w) => bindCredentials(w, { [CREDENTIAL_TYPE]: credential }))) {
					const kept = opts.userFolder ? await savedWorkflow(n8n!, wf.id) : undefined;
					if (kept) {
						workflows.push(kept);
						keptWorkflows.push(wf.id);
						continue;
					}
					const body: WorkflowJson = { ...wf };
					delete body.active;
					const created = await n8n!.rest(
						'POST',
						'/workflows',
						newWorkflowBody(host, { settings: {}, ...body }),
					);
					if (created.id !== body.id) n8n!.workflowIds.set(body.id, created.id);
					workflows.push(wf);
				}
				for (const id of opts.activate ?? []) await n8n!.activate(id);
			});
		}
	} catch (e) {
		await n8n?.stop();
		if (ownEmulator) await emulator.stop();
		throw e;
	}

	const stack: Stack = {
		host,
		emulator,
		n8n: n8n!,
		userFolder,
		filesDir,
		credential,
		workflows,
		keptWorkflows,
		timings,
		async addWorkflow(wf, { activate } = {}) {
			const bound = bindCredentials(wf, { [CREDENTIAL_TYPE]: credential });
			const body: WorkflowJson = { ...bound };
			delete body.active;
			const created = await stack.n8n.rest(
				'POST',
				'/workflows',
				newWorkflowBody(host, { settings: {}, ...body }),
			);
			if (created.id !== body.id) stack.n8n.workflowIds.set(body.id, created.id);
			if (activate) await stack.n8n.activate(bound.id);
			workflows.push(bound);
			return bound;
		},
		async down() {
			await stack.n8n.stop();
		},
		async up(env = {}) {
			const port = stack.n8n.ports.port;
			const workflowIds = stack.n8n.workflowIds;
			stack.n8n = await time('n8n restart', () =>
				startN8n({ host, userFolder, port, env: { ...baseEnv, ...env } }),
			);
			stack.n8n.workflowIds = workflowIds;
			await stack.n8n.setupOwner(undefined, opts.apiKey);
		},
		async restart(env = {}) {
			await stack.down();
			await stack.up(env);
		},
		async stop({ keepUserFolder } = {}) {
			await stack.n8n.stop();
			if (ownEmulator) await emulator.stop();
			if (!opts.userFolder && !keepUserFolder && !process.env.ESIG_E2E_KEEP)
				rmSync(userFolder, { recursive: true, force: true });
		},
	};
	return stack;
}
