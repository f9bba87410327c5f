/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** n8n's environment and its command line (import, publish, execute-batch) for a user folder (test/e2e/n8n.ts). */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ParsedJson } from '../harness/json';
import { type Host, n8nMajor } from './provision';
import { freePorts, stamp, tail } from './util';

export interface N8nPorts {
	port: number;
	brokerPort: number;
}

/** Modules n8n starts by default that this package's tests never use (faster start, no outside calls). */
export const DISABLED_MODULES = [
	'insights',
	'external-secrets',
	'data-table',
	'oauth-server',
	'mcp',
	'provisioning',
	'breaking-changes',
	'source-control',
	'dynamic-credentials',
	'chat-hub',
	'sso-oidc',
	'sso-saml',
	'log-streaming',
	'ldap',
	'quick-connect',
	'workflow-builder',
	'favorites',
	'instance-registry',
	'otel',
	'token-exchange',
	'instance-version-history',
	'n8n-packages',
	'mcp-registry',
	'workflow-reviews',
	'instance-ai',
	'agents',
];

/**
 * The same for n8n 1.123, whose module list is shorter: it throws on a module name it does not know
 * (`UnknownModuleError`, @n8n/backend-common modules.config), and `community-packages` is a module there that must
 * stay on (docs/n8n-notes.md#n8n-1x).
 */
export const DISABLED_MODULES_N8N1 = [
	'insights',
	'external-secrets',
	'data-table',
	'mcp',
	'chat-hub',
	'provisioning',
	'breaking-changes',
];

/** The environment of every n8n process (server and CLI) for one user folder. */
export function n8nEnv(
	host: Host,
	userFolder: string,
	ports?: Partial<N8nPorts>,
	extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
	const base: NodeJS.ProcessEnv = {};
	// Keep the parent's basics but none of its n8n/npm/jest settings.
	for (const k of ['HOME', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'USER', 'SHELL', 'TERM']) {
		if (process.env[k] !== undefined) base[k] = process.env[k];
	}
	const env: NodeJS.ProcessEnv = {
		...base,
		PATH: `${host.nodeBinDir}:${process.env.PATH ?? '/usr/bin:/bin'}`,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'esig-e2e-encryption-key-0123456789',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DISABLED_MODULES: (n8nMajor(host) < 2 ? DISABLED_MODULES_N8N1 : DISABLED_MODULES).join(','),
		N8N_SECURE_COOKIE: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_OUTPUT: 'console',
		N8N_LOG_LEVEL: 'info',
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		// Files our workflows read and write (Read/Write Files from Disk) live under the user folder.
		N8N_RESTRICT_FILE_ACCESS_TO: userFolder,
		DB_TYPE: 'sqlite',
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		EXECUTIONS_DATA_SAVE_MANUAL_EXECUTIONS: 'true',
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_PUBLIC_API_SWAGGERUI_DISABLED: 'true',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		N8N_RUNNERS_TASK_TIMEOUT: '300',
		N8N_COMPRESSION_NODE_MAX_DECOMPRESSED_SIZE_BYTES: String(256 * 1024 * 1024),
		N8N_COMPRESSION_NODE_MAX_ZIP_ENTRIES: '1000',
	};
	if (ports?.port) {
		env.N8N_PORT = String(ports.port);
		env.N8N_EDITOR_BASE_URL = `http://127.0.0.1:${ports.port}/`;
		env.N8N_WEBHOOK_URL = `http://127.0.0.1:${ports.port}/`;
	}
	if (ports?.brokerPort) env.N8N_RUNNERS_BROKER_PORT = String(ports.brokerPort);
	return { ...env, ...extra };
}

// ---------------------------------------------------------------------------------------------
// CLI

export interface CliResult {
	stdout: string;
	stderr: string;
	ms: number;
}

/** Runs `n8n <args>` against a user folder; rejects on a non-zero exit with the output. */
export async function runCli(
	host: Host,
	userFolder: string,
	args: string[],
	opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<CliResult> {
	const started = Date.now();
	// CLI commands open the same DB; they need no HTTP ports but get their own broker port anyway.
	const [brokerPort] = await freePorts(1);
	return new Promise((resolve, reject) => {
		const child = spawn(host.node, [host.n8nBin, ...args], {
			cwd: userFolder,
			env: n8nEnv(host, userFolder, { brokerPort }, opts.env),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
		child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
		const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
		child.on('error', (e) => {
			clearTimeout(timer);
			reject(e);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			const ms = Date.now() - started;
			if (code === 0) resolve({ stdout, stderr, ms });
			else
				reject(
					Object.assign(
						new Error(
							`n8n ${args.join(' ')} exited with ${code ?? signal} after ${ms} ms\n--- stdout ---\n${tail(stdout)}\n--- stderr ---\n${tail(stderr)}`,
						),
						{ stdout, stderr, code },
					),
				);
		});
	});
}

export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** `n8n import:credentials` with plain (decrypted) data; ids are kept. */
export async function importCredentials(
	host: Host,
	userFolder: string,
	credentials: CredentialImport[],
): Promise<CliResult> {
	const file = join(userFolder, `credentials-${stamp()}.json`);
	writeFileSync(file, JSON.stringify(credentials, null, 2));
	try {
		return await runCli(host, userFolder, ['import:credentials', `--input=${file}`]);
	} finally {
		rmSync(file, { force: true });
	}
}

/** Workflow JSON as n8n exports it (id kept on import). */
export interface WorkflowJson {
	id: string;
	name: string;
	nodes: Array<Record<string, unknown> & { name: string; type: string }>;
	connections: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
	pinData?: Record<string, unknown>;
	[k: string]: unknown;
}

/** `n8n import:workflow --separate` of several workflows in one CLI run; ids are kept; all inactive. */
export async function importWorkflows(
	host: Host,
	userFolder: string,
	workflows: WorkflowJson[],
): Promise<CliResult> {
	const dir = join(userFolder, `workflows-${stamp()}`);
	mkdirSync(dir);
	workflows.forEach((wf, i) =>
		writeFileSync(join(dir, `${i}-${wf.id}.json`), JSON.stringify(wf, null, 2)),
	);
	try {
		return await runCli(host, userFolder, ['import:workflow', '--separate', `--input=${dir}`]);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/**
 * `n8n publish:workflow` (2.x): the workflow becomes active at the next `n8n start`. n8n 1.x has no publishing (no
 * draft/published versions): its `update:workflow --id=ID --active=true` does the same (docs/n8n-notes.md#n8n-1x).
 */
export async function publishWorkflow(
	host: Host,
	userFolder: string,
	id: string,
): Promise<CliResult> {
	if (n8nMajor(host) < 2)
		return runCli(host, userFolder, ['update:workflow', `--id=${id}`, '--active=true']);
	return runCli(host, userFolder, ['publish:workflow', `--id=${id}`]);
}

/** `n8n execute-batch --snapshot`: runs a Manual-trigger workflow in a separate process; returns its run data. */
export async function executeBatch(
	host: Host,
	userFolder: string,
	id: string,
): Promise<{ snapshot: ParsedJson; ms: number; output: string }> {
	const dir = join(userFolder, `snapshots-${stamp()}`);
	mkdirSync(dir);
	let result: CliResult | undefined;
	let failure: unknown;
	try {
		result = await runCli(host, userFolder, [
			'execute-batch',
			`--ids=${id}`,
			`--snapshot=${dir}`,
			'--retries=0',
		]);
	} catch (e) {
		failure = e;
	}
	const file = join(dir, `${id}-snapshot.json`);
	const snapshot = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
	if (failure) throw Object.assign(failure as Error, { snapshot });
	return { snapshot, ms: result!.ms, output: result!.stdout + result!.stderr };
}
