/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

import type { ICredentialType, INodeType } from 'n8n-workflow';

/**
 * n8n's checklist for verified community packages (docs/development.md, "Publishing"), item by item as far as it can be checked
 * here. The scan of the packed tarball runs where the tarball is installed (test/e2e/install.e2e.test.ts) and in CI
 * (`npm run scan`); npm provenance is held by test/release.test.ts.
 */
const root = join(__dirname, '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const execFileAsync = promisify(execFile);

/** The source file of a built file package.json lists (dist/x.js -> x.ts). */
const sourceOf = (built: string) =>
	join(root, built.replace(/^dist\//, '').replace(/\.js$/, '.ts'));

async function loadListed<T>(built: string): Promise<{ file: string; instance: T }> {
	const file = sourceOf(built);
	const module = (await import(file)) as Record<string, new () => T>;
	const classes = Object.values(module).filter((value) => typeof value === 'function');
	expect(classes).toHaveLength(1);
	return { file, instance: new classes[0]() };
}

const nodes = () =>
	Promise.all((packageJson.n8n.nodes as string[]).map((built) => loadListed<INodeType>(built)));
const credentials = () =>
	Promise.all(
		(packageJson.n8n.credentials as string[]).map((built) => loadListed<ICredentialType>(built)),
	);

/** `node scripts/scan.mjs` with these arguments: n8n's verifier (@n8n/scan-community-package), run locally. */
async function scan(...args: string[]): Promise<{ code: number; output: string }> {
	try {
		// Without jest's NODE_ENV=test, under which eslint-plugin-n8n-nodes-base checks file names as in its own tests.
		const env = { ...process.env, NODE_ENV: 'production' };
		const { stdout, stderr } = await execFileAsync(
			'node',
			[join(root, 'scripts', 'scan.mjs'), ...args],
			{ cwd: root, env },
		);
		return { code: 0, output: stdout + stderr };
	} catch (error) {
		const failure = error as { code: number; stdout: string; stderr: string };
		return { code: failure.code, output: failure.stdout + failure.stderr };
	}
}

/** A copy of the package's source with one line added to the end of a shipped file. */
function sourceCopyWith(file: string, line: string): string {
	const copy = mkdtempSync(join(tmpdir(), 'esig-verify-'));
	for (const part of ['package.json', 'nodes', 'credentials', 'icons'])
		cpSync(join(root, part), join(copy, part), { recursive: true });
	appendFileSync(join(copy, file), `\n${line}\n`);
	return copy;
}

describe("verification: n8n's scanner", () => {
	it('is the version n8n-node pins for its own rule set, and passes on the source', async () => {
		const cli = JSON.parse(
			readFileSync(join(root, 'node_modules/@n8n/node-cli/package.json'), 'utf8'),
		);
		const pinned = cli.dependencies['@n8n/eslint-plugin-community-nodes'];
		expect(packageJson.devDependencies['@n8n/eslint-plugin-community-nodes']).toBe(pinned);
		expect(packageJson.devDependencies['@n8n/scan-community-package']).toBe(pinned);
		const installed = JSON.parse(
			readFileSync(join(root, 'node_modules/@n8n/scan-community-package/package.json'), 'utf8'),
		);
		expect(installed.version).toBe(pinned);

		const result = await scan('--source');
		expect(result.output).toContain('scan of the source: passed');
		expect(result.code).toBe(0);
	}, 120_000);

	it.each([
		[
			'reads an environment variable',
			'export const fromEnvironment = process.env.ESIGNATURE_TOKEN;',
			/restricted global 'process'/,
		],
		[
			'uses the file system',
			"import { readFileSync } from 'node:fs'; export const readStoredFile = readFileSync;",
			/'node:fs' is not allowed/,
		],
	])(
		'fails on shipped code that %s',
		async (_what, line, expected) => {
			const copy = sourceCopyWith('nodes/ESignature/fields/enums.ts', line);
			try {
				const result = await scan('--source', '--root', copy);
				expect(result.code).toBe(1);
				expect(result.output).toMatch(expected);
			} finally {
				rmSync(copy, { recursive: true, force: true });
			}
		},
		120_000,
	);
});

describe('verification: nodes and credentials', () => {
	/** Where n8n finds a `file:` icon: relative to the built file, which sits where its source does under dist/. */
	const iconFiles = (file: string, icon: unknown) => {
		const themed = icon as { light: string; dark: string };
		expect(themed).toEqual({
			light: expect.stringMatching(/^file:.+\.svg$/),
			dark: expect.stringMatching(/^file:.+\.svg$/),
		});
		return [themed.light, themed.dark].map((path) =>
			resolve(dirname(file), path.replace(/^file:/, '')),
		);
	};

	it('every node and credential has a light and a dark icon, different files with different pictures', async () => {
		const all = [
			...(await nodes()).map(({ file, instance }) => ({ file, icon: instance.description.icon })),
			...(await credentials()).map(({ file, instance }) => ({ file, icon: instance.icon })),
		];
		expect(all).toHaveLength(4);
		for (const { file, icon } of all) {
			const [light, dark] = iconFiles(file, icon);
			expect(light).not.toBe(dark);
			expect(existsSync(light) && existsSync(dark)).toBe(true);
			expect(readFileSync(light, 'utf8')).not.toBe(readFileSync(dark, 'utf8'));
			// The build copies icons/ to dist/icons, so the same relative path holds for the built file.
			expect(light.startsWith(join(root, 'icons'))).toBe(true);
		}
	});

	it('the action node and Send and Wait are usable as AI tools; the trigger is not (n8n does not call triggers as tools)', async () => {
		const byName = Object.fromEntries(
			(await nodes()).map(({ instance }) => [instance.description.name, instance.description]),
		);
		expect(Object.keys(byName).sort()).toEqual([
			'eSignature',
			'eSignatureSendAndWait',
			'eSignatureTrigger',
		]);
		expect(byName.eSignature.usableAsTool).toBe(true);
		expect(byName.eSignatureSendAndWait.usableAsTool).toBe(true);
		expect(byName.eSignatureTrigger.group).toContain('trigger');
		expect(byName.eSignatureTrigger.usableAsTool).toBeUndefined();
	});
});

describe('verification: documentation links', () => {
	/** GitHub's anchor for a README heading: lower case, punctuation dropped, spaces to hyphens. */
	const anchor = (heading: string) =>
		heading
			.trim()
			.toLowerCase()
			.replace(/[^\p{L}\p{N}\s_-]/gu, '')
			.replace(/\s/g, '-');
	const readmeAnchors = new Set(
		readFileSync(join(root, 'README.md'), 'utf8')
			.split('\n')
			.filter((line) => /^#{1,6} /.test(line))
			.map((line) => anchor(line.replace(/^#+ /, ''))),
	);
	const repository = (packageJson.homepage as string).replace(/#readme$/, '');

	async function documentationUrls(): Promise<string[]> {
		const codex = (packageJson.n8n.nodes as string[]).flatMap((built) => {
			const { resources } = JSON.parse(
				readFileSync(sourceOf(built).replace(/\.ts$/, '.json'), 'utf8'),
			);
			return [...resources.primaryDocumentation, ...resources.credentialDocumentation].map(
				(link: { url: string }) => link.url,
			);
		});
		return [
			...codex,
			...(await credentials()).map(({ instance }) => instance.documentationUrl as string),
		];
	}

	// No network here: this checks the links are well-formed and lead to headings the README has, not that they open.
	it("point at headings of this repository's README that exist", async () => {
		const urls = await documentationUrls();
		expect(urls.length).toBeGreaterThanOrEqual(7);
		expect(repository).toBe(packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, ''));
		for (const url of urls) {
			const parsed = new URL(url);
			expect(`${parsed.origin}${parsed.pathname}`).toBe(repository);
			expect({ url, exists: readmeAnchors.has(parsed.hash.slice(1)) }).toEqual({
				url,
				exists: true,
			});
		}
	});
});

describe('verification: package metadata as n8n reads it', () => {
	it('declares n8n API version 1, strict mode, its nodes and credentials, and a homepage in the repository', () => {
		expect(packageJson.n8n).toMatchObject({ n8nNodesApiVersion: 1, strict: true });
		expect(packageJson.n8n.nodes).toHaveLength(3);
		expect(packageJson.n8n.credentials).toHaveLength(1);
		expect(packageJson.homepage).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/#]+#readme$/);
		expect(packageJson.version).toMatch(/^\d+\.\d+\.\d+$/);
		expect(packageJson.description).toBeTruthy();
		expect(packageJson.scripts).not.toHaveProperty('preinstall');
		expect(packageJson.scripts).not.toHaveProperty('install');
		expect(packageJson.scripts).not.toHaveProperty('postinstall');
	});
});
