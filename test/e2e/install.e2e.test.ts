/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

import { type N8nInstance, PACKAGE_NAME, startN8n } from './n8n';
import { provision, REPO_ROOT } from './provision';

/**
 * The README's manual installation, as a user on a self-hosted n8n follows it: its commands, read out of README.md,
 * install the packed package into a fresh user folder's nodes folder; then n8n starts and must load all three nodes
 * and the credential, with n8n's own n8n-workflow and not a copy beside the package. Also n8n's verification scan of
 * that same tarball.
 */
const execFileAsync = promisify(execFile);
const tarball = process.env.ESIG_E2E_TARBALL!;

/** The README's Installation section. */
function installationSection(): string {
	const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
	return readme.split('\n## Installation\n')[1].split('\n## ')[0];
}

/** The bash blocks of the README's Installation section, each as its command lines. */
function installationCommands(): string[][] {
	return [...installationSection().matchAll(/```bash\n([\s\S]*?)```/g)].map((block) =>
		block[1]
			.split('\n')
			.map((line) => line.trim())
			.filter(Boolean),
	);
}

describe('installation by hand, by the README', () => {
	const userFolder = mkdtempSync(join(tmpdir(), 'esig-e2e-install-'));
	let n8n: N8nInstance | undefined;

	afterAll(async () => {
		await n8n?.stop();
		if (!process.env.ESIG_E2E_KEEP) rmSync(userFolder, { recursive: true, force: true });
	});

	it('gives the commands for a release tarball, and the same command with the package name for the registry', () => {
		// Not yet on the registry: the README's one block installs a tarball; its text names the registry's command.
		const blocks = installationCommands();
		expect(blocks).toHaveLength(1);
		const [release] = blocks;
		expect(basename(release.at(-1)!.split(' ').at(-1)!)).toMatch(
			new RegExp(`^${PACKAGE_NAME}-\\d+\\.\\d+\\.\\d+\\.tgz$`),
		);
		const registryCommand = release.at(-1)!.replace(/ \S+\.tgz$/, ` ${PACKAGE_NAME}`);
		expect(installationSection()).toContain(`\`${registryCommand}\``);
	});

	it('installs the packed package with those commands, n8n-workflow left out, and n8n loads every node and the credential', async () => {
		const [release] = installationCommands();
		// The user's home is the fresh user folder: ~/.n8n/nodes is where n8n (N8N_USER_FOLDER) looks.
		const script = [
			'set -e',
			...release.map((line) => line.replace(/ \S+\.tgz$/, ` ${tarball}`)),
		].join('\n');
		// A user's shell: none of the npm_* settings npm gives the processes it runs (jest here), such as ignore-scripts.
		const shell = Object.fromEntries(
			Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)),
		);
		const env = { ...shell, HOME: userFolder };
		await execFileAsync('bash', ['-c', script], { cwd: userFolder, env, maxBuffer: 16 << 20 });

		const nodesFolder = join(userFolder, '.n8n', 'nodes', 'node_modules');
		expect(existsSync(join(nodesFolder, PACKAGE_NAME, 'package.json'))).toBe(true);
		expect(existsSync(join(nodesFolder, 'n8n-workflow'))).toBe(false);

		const host = await provision();
		n8n = await startN8n({ host, userFolder });
		await n8n.setupOwner();
		const loaded = await n8n.assertPackageLoaded(join(nodesFolder, PACKAGE_NAME));
		expect(loaded.nodes.sort()).toEqual(
			['eSignature', 'eSignatureSendAndWait', 'eSignatureTrigger'].map(
				(name) => `${PACKAGE_NAME}.${name}`,
			),
		);
		expect(loaded.credentials).toEqual(['eSignatureApi']);
		// n8n makes a tool of every loaded node with usableAsTool: the action node and Send and Wait, not the trigger.
		const tools = (await n8n.nodeTypes()).filter(
			(name) => name.startsWith(`${PACKAGE_NAME}.`) && name.endsWith('Tool'),
		);
		expect(tools.sort()).toEqual([
			`${PACKAGE_NAME}.eSignatureSendAndWaitTool`,
			`${PACKAGE_NAME}.eSignatureTool`,
		]);
	}, 300_000);

	it("passes n8n's verification scan, on the source and on this tarball", async () => {
		const env = { ...process.env, NODE_ENV: 'production' };
		const { stdout } = await execFileAsync(
			'node',
			[join(REPO_ROOT, 'scripts', 'scan.mjs'), '--tarball', tarball],
			{ cwd: REPO_ROOT, env },
		);
		expect(stdout).toContain('scan of the source: passed');
		expect(stdout).toContain('scan of the packed package: passed');
	}, 120_000);
});
