/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** Our package as n8n gets it: built, packed, and put into a user folder's nodes folder (test/e2e/n8n.ts). */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { REPO_ROOT } from './provision';
import { tail } from './util';

const execFileAsync = promisify(execFile);

export const PACKAGE_NAME: string = JSON.parse(
	readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'),
).name;

/** Runs `npm run build` in the repository (the package's own build). */
export async function buildPackage(): Promise<void> {
	try {
		await execFileAsync('npm', ['run', 'build', '--silent'], {
			cwd: REPO_ROOT,
			maxBuffer: 64 << 20,
		});
	} catch (e) {
		const err = e as { stdout?: string; stderr?: string; message: string };
		throw new Error(
			`npm run build failed: ${err.message}\n${tail(`${err.stdout ?? ''}${err.stderr ?? ''}`)}`,
		);
	}
}

/**
 * `npm pack` of the repository into a temp folder; returns the tarball path.
 * Builds first when `build` is true or when dist/ is missing.
 */
export async function packPackage(opts: { build?: boolean; dir?: string } = {}): Promise<string> {
	if (opts.build || !existsSync(join(REPO_ROOT, 'dist'))) await buildPackage();
	const dest = opts.dir ?? mkdtempSync(join(tmpdir(), 'esig-pack-'));
	mkdirSync(dest, { recursive: true });
	const { stdout } = await execFileAsync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', dest, '--loglevel=error'],
		{ cwd: REPO_ROOT, maxBuffer: 64 << 20 },
	);
	const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as Array<{
		filename: string;
		files: Array<{ path: string }>;
	}>;
	const tarball = join(dest, info[0].filename);
	if (!existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
	if (!info[0].files.some((f) => f.path.startsWith('dist/'))) {
		throw new Error(`npm pack produced ${tarball} without dist/ files: is the build empty?`);
	}
	return tarball;
}

/** Extracts an `npm pack` tarball the way n8n installs community packages. */
export async function installTarball(
	userFolder: string,
	tarball: string,
	packageName = PACKAGE_NAME,
): Promise<string> {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', packageName);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	await execFileAsync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	if (!existsSync(join(target, 'package.json')))
		throw new Error(`extracting ${tarball} gave no package.json`);
	return target;
}

/** Copies a plain package folder (for throw-away test packages). */
export function installFolder(userFolder: string, sourceDir: string, packageName: string): string {
	const target = join(userFolder, '.n8n', 'nodes', 'node_modules', packageName);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(join(userFolder, '.n8n', 'nodes', 'node_modules'), { recursive: true });
	cpSync(sourceDir, target, { recursive: true });
	return target;
}

/** A fresh N8N_USER_FOLDER (under the OS temp dir unless `parent` is given). */
export function createUserFolder(opts: { parent?: string } = {}): string {
	const parent = opts.parent ?? tmpdir();
	mkdirSync(parent, { recursive: true });
	const dir = mkdtempSync(join(parent, 'esig-e2e-n8n-'));
	mkdirSync(join(dir, '.n8n', 'nodes', 'node_modules'), { recursive: true });
	return dir;
}
