/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The emulator in a process of its own, for figures that time our side alone: in the same process, the emulator's
 * handling of a thousand concurrent requests would be timed with them.
 *
 *   const emulator = await startEmulatorProcess();   // emulator.url, authUrl, demo, envelopeId (a fresh envelope)
 *   await emulator.stop();
 */
import { fork } from 'node:child_process';

import type { DemoCredentials } from '../emulator';

export interface EmulatorProcess {
	url: string;
	authUrl: string;
	demo: DemoCredentials;
	/** An envelope created at start, to read the status of. */
	envelopeId: string;
	/**
	 * Between runs: forgets the recorded requests (the emulator keeps every request it received) and closes idle
	 * connections (n8n opens one per item, and ten thousand left open would exhaust the file descriptors).
	 */
	betweenRuns(): Promise<void>;
	stop(): Promise<void>;
}

type Ready = Omit<EmulatorProcess, 'betweenRuns' | 'stop'>;

export async function startEmulatorProcess(): Promise<EmulatorProcess> {
	const child = fork(__filename, ['--child'], {
		execArgv: ['-r', 'ts-node/register'],
		env: { ...process.env, TS_NODE_TRANSPILE_ONLY: 'true', TS_NODE_PREFER_TS_EXTS: 'true' },
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
	const ready = await new Promise<Ready>((resolve, reject) => {
		child.once('message', (message: Ready) => resolve(message));
		child.once('exit', (code) => reject(new Error(`emulator process exited with ${code}`)));
	});
	return {
		...ready,
		betweenRuns: () =>
			new Promise<void>((resolve) => {
				child.once('message', () => resolve());
				child.send('betweenRuns');
			}),
		stop: () =>
			new Promise<void>((resolve) => {
				child.once('exit', () => resolve());
				child.kill();
			}),
	};
}

async function child(): Promise<void> {
	const { Emulator } = await import('../emulator');
	const { EmulatorClient } = await import('../e2e/emulator-client');
	const emulator = await Emulator.start();
	const { envelopeId } = await new EmulatorClient(emulator).createEnvelope({ referenceNumber: 'BENCH-STATUS' });
	process.on('message', (message) => {
		if (message !== 'betweenRuns') return;
		emulator.clearRequests();
		emulator.closeIdleConnections();
		process.send!('done');
	});
	const ready: Ready = { url: emulator.url, authUrl: emulator.authUrl, demo: emulator.demo, envelopeId };
	process.send!(ready);
}

if (process.argv.includes('--child')) void child();
