/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * n8n's queue mode (its distributed engine) with our packed package: PostgreSQL and Redis (services.ts), `n8n start`
 * (editor, API, activation), one `n8n webhook` process that receives every production webhook and resume call, and
 * two `n8n worker` processes that run the executions. All share one user folder (the community package, the
 * filesystem binary store) and one encryption key.
 *
 *   const stack = await startQueueStack({ binaryDataMode: 'database' });
 *   await stack.addWorkflow(wf);
 *   const ex = await stack.main.runWorkflow(wf.id);   // offloaded to a worker
 *   await stack.stop();
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';

import { Emulator } from '../emulator';
import {
	createUserFolder,
	freePorts,
	installTarball,
	type N8nInstance,
	packPackage,
	startN8n,
	type WorkflowJson,
} from './n8n';
import { type Host, provision } from './provision';
import { type Postgres, type Redis, startPostgres, startRedis } from './services';
import {
	bindCredentials,
	CREDENTIAL_TYPE,
	type CredentialRef,
	emulatorCredentialData,
} from './stack';

export type BinaryDataMode = 'database' | 'filesystem';

export interface QueueStackOptions {
	tarball?: string;
	/** n8n's binary data store: `database` is n8n's default in queue mode; `filesystem` uses the shared user folder. */
	binaryDataMode?: BinaryDataMode;
	workers?: number;
	log?: (msg: string) => void;
}

export interface QueueStack {
	host: Host;
	emulator: Emulator;
	postgres: Postgres;
	redis: Redis;
	/** `n8n start`: editor, REST and public API, activation of workflows. */
	main: N8nInstance;
	/** `n8n webhook`: production webhooks and resume calls (N8N_WEBHOOK_URL points here). */
	webhook: N8nInstance;
	workers: N8nInstance[];
	userFolder: string;
	credential: CredentialRef;
	binaryDataMode: BinaryDataMode;
	timings: Record<string, number>;
	/** Creates a workflow on main (id kept) with its credential references bound; activates it if asked. */
	addWorkflow(wf: WorkflowJson, opts?: { activate?: boolean }): Promise<WorkflowJson>;
	/** Starts another worker (e.g. after one was killed). */
	addWorker(): Promise<N8nInstance>;
	/** Every process's log, for sweeps and reports. */
	logs(): string;
	stop(): Promise<void>;
}

export async function startQueueStack(opts: QueueStackOptions = {}): Promise<QueueStack> {
	const log =
		opts.log ??
		(process.env.ESIG_E2E_VERBOSE
			? (m: string) => process.stderr.write(`[queue] ${m}\n`)
			: () => undefined);
	const timings: Record<string, number> = {};
	const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
		const started = Date.now();
		try {
			return await fn();
		} finally {
			timings[label] = Date.now() - started;
			log(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
		}
	};
	const binaryDataMode = opts.binaryDataMode ?? 'database';

	const host = await time('provision', () => provision());
	const userFolder = createUserFolder();
	await time('package', async () =>
		installTarball(userFolder, opts.tarball ?? (await packPackage())),
	);
	const emulator = await Emulator.start();
	const [postgres, redis] = await time('postgres + redis', () =>
		Promise.all([startPostgres(), startRedis()]),
	);
	const [mainPort, webhookPort, ...workerPorts] = await freePorts(2 + (opts.workers ?? 2));

	const env: NodeJS.ProcessEnv = {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Manual runs (the suite's way to start a workflow) go to the workers too, as production executions do.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_DEFAULT_BINARY_DATA_MODE: binaryDataMode,
		// Every process reads and writes the same folder in filesystem mode.
		N8N_STORAGE_PATH: join(userFolder, 'storage'),
		N8N_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/`,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${mainPort}/`,
		N8N_CONCURRENCY_PRODUCTION_LIMIT: '-1',
		// How soon a killed worker's job is noticed (n8n's default is every 30 s).
		QUEUE_WORKER_STALLED_INTERVAL: '5000',
		QUEUE_WORKER_LOCK_DURATION: '10000',
		QUEUE_WORKER_CONCURRENCY: '10',
	};

	const processes: N8nInstance[] = [];
	let workerCount = 0;
	const startWorker = async (port?: number) => {
		workerCount += 1;
		const [free] = port ? [port] : await freePorts(1);
		const worker = await startN8n({
			host,
			userFolder,
			port: free,
			env,
			command: 'worker',
			logName: `worker-${workerCount}`,
		});
		processes.push(worker);
		return worker;
	};

	try {
		const main = await time('n8n main', () =>
			startN8n({ host, userFolder, port: mainPort, env, logName: 'main' }),
		);
		processes.push(main);
		// N8N_WEBHOOK_URL is the webhook process: main's own webhook base would point elsewhere.
		await main.setupOwner();
		const created = await main.rest('POST', '/credentials', {
			name: 'E-Signature (emulator)',
			type: CREDENTIAL_TYPE,
			data: emulatorCredentialData(emulator),
		});
		const credential: CredentialRef = { id: created.id, name: 'E-Signature (emulator)' };
		const [webhook, ...workers] = await time('webhook + workers', () =>
			Promise.all([
				startN8n({
					host,
					userFolder,
					port: webhookPort,
					env,
					command: 'webhook',
					logName: 'webhook',
				}),
				...workerPorts.map((port) => startWorker(port)),
			]),
		);
		processes.push(webhook);

		const stack: QueueStack = {
			host,
			emulator,
			postgres,
			redis,
			main,
			webhook,
			workers,
			userFolder,
			credential,
			binaryDataMode,
			timings,
			async addWorkflow(wf, { activate } = {}) {
				const bound = bindCredentials(wf, { [CREDENTIAL_TYPE]: credential });
				const body: WorkflowJson = { ...bound };
				delete body.active;
				await main.rest('POST', '/workflows', { settings: {}, ...body });
				if (activate) await main.activate(bound.id);
				return bound;
			},
			async addWorker() {
				const worker = await startWorker();
				stack.workers.push(worker);
				return worker;
			},
			logs() {
				return processes.map((p) => p.log()).join('\n');
			},
			async stop() {
				await Promise.all(processes.map((p) => p.stop()));
				await Promise.all([postgres.stop(), redis.stop(), emulator.stop()]);
				if (!process.env.ESIG_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
			},
		};
		return stack;
	} catch (error) {
		await Promise.all(processes.map((p) => p.stop()));
		await Promise.all([postgres.stop(), redis.stop(), emulator.stop()]);
		throw error;
	}
}
