/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * PostgreSQL and Redis for n8n's queue mode, from Debian's packages (`apt-get install -y postgresql redis-server`;
 * `.ci/run` installs them). Each test run starts its own servers on 127.0.0.1, on free ports, with data in a
 * throw-away folder, and stops them at the end. PostgreSQL refuses to run as root: as root, its commands run as the
 * `postgres` user the Debian package creates.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePorts, sleep } from './n8n';

export interface Postgres {
	host: string;
	port: number;
	user: string;
	database: string;
	stop(): Promise<void>;
}

export interface Redis {
	host: string;
	port: number;
	stop(): Promise<void>;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Debian keeps PostgreSQL's server programs under /usr/lib/postgresql/<version>/bin; the newest is used. */
function postgresBin(program: string): string {
	const root = '/usr/lib/postgresql';
	const versions = existsSync(root)
		? readdirSync(root)
				.filter((v) => existsSync(join(root, v, 'bin', program)))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (!versions.length) {
		throw new Error(
			`PostgreSQL's ${program} was not found under ${root}: install it with "apt-get install -y postgresql"`,
		);
	}
	return join(root, versions[0], 'bin', program);
}

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function pgRun(program: string, args: string[]): string {
	const bin = postgresBin(program);
	const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
	return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const open = await new Promise<boolean>((resolve) => {
			const socket = connect(port, '127.0.0.1');
			socket.once('connect', () => {
				socket.end();
				resolve(true);
			});
			socket.once('error', () => resolve(false));
		});
		if (open) return;
		if (Date.now() > deadline)
			throw new Error(`${what} did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
		await sleep(100);
	}
}

export async function startPostgres(): Promise<Postgres> {
	const [port] = await freePorts(1);
	const dir = mkdtempSync(join(tmpdir(), 'esig-pg-'));
	const data = join(dir, 'data');
	mkdirSync(data);
	if (isRoot()) {
		const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
		const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
		chownSync(dir, uid, gid);
		chownSync(data, uid, gid);
	}
	pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
	const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
	pgRun('pg_ctl', [
		'-D',
		data,
		'-o',
		options,
		'-l',
		join(dir, 'postgres.log'),
		'-w',
		'-t',
		'60',
		'start',
	]);
	await waitForPort(port, 30_000, 'PostgreSQL');
	execFileSync(
		'psql',
		['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE n8n'],
		{
			stdio: 'ignore',
		},
	);
	return {
		host: '127.0.0.1',
		port,
		user: 'postgres',
		database: 'n8n',
		async stop() {
			try {
				pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
	};
}

export async function startRedis(): Promise<Redis> {
	const [port] = await freePorts(1);
	const dir = mkdtempSync(join(tmpdir(), 'esig-redis-'));
	if (!existsSync('/usr/bin/redis-server')) {
		throw new Error(
			'redis-server was not found: install it with "apt-get install -y redis-server"',
		);
	}
	const child: ChildProcess = spawn(
		'/usr/bin/redis-server',
		[
			'--port',
			String(port),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
		],
		{ stdio: 'ignore' },
	);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	await waitForPort(port, 15_000, 'Redis');
	return {
		host: '127.0.0.1',
		port,
		async stop() {
			child.kill('SIGTERM');
			await exited;
			rmSync(dir, { recursive: true, force: true });
		},
	};
}
