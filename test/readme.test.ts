/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ESignatureApi } from '../credentials/ESignatureApi.credentials';
import { ESignature } from '../nodes/ESignature/ESignature.node';
import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { ESignatureTrigger } from '../nodes/ESignature/ESignatureTrigger.node';
import { FIRST_RUN_TIME } from './e2e/provision';
import { SAMPLE_PATH } from './emulator/routes/pages';

const ROOT = join(__dirname, '..');

/** The README is what users read first: what it names must exist, under the names the nodes give it. */
describe('README', () => {
	const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
	const section = (heading: string) => readme.split(`\n## ${heading}`)[1].split('\n## ')[0];

	function readmeOperations(): Record<string, string[]> {
		const rows = section('Operations')
			.split('\n')
			.filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| Resource'));
		return Object.fromEntries(
			rows.map((row) => {
				const [, resource, operations] = row.split('|').map((cell) => cell.trim());
				return [
					resource,
					operations
						.split(',')
						.map((name) => name.trim())
						.sort(),
				];
			}),
		);
	}

	function nodeOperations(): Record<string, string[]> {
		const { properties } = new ESignature().description;
		const resources = properties.find((p) => p.name === 'resource')?.options as Array<{
			name: string;
			value: string;
		}>;
		return Object.fromEntries(
			resources.map((resource) => {
				const operation = properties.find(
					(p) =>
						p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
				);
				const names = (operation?.options as Array<{ name: string }>)
					.map((option) => option.name)
					.sort();
				return [resource.name, names];
			}),
		);
	}

	it('lists every operation of the action node under its resource, and nothing else', () => {
		expect(readmeOperations()).toEqual(nodeOperations());
	});

	it('has every heading the nodes link to (their Docs links in the codex files)', () => {
		// GitHub's anchors: lower case, punctuation other than "-" dropped, spaces as "-".
		const anchors = new Set(
			readme
				.split('\n')
				.filter((line) => /^#{1,6} /.test(line))
				.map((line) =>
					line
						.replace(/^#+ /, '')
						.trim()
						.toLowerCase()
						.replace(/[^a-z0-9 -]/g, '')
						.replace(/ /g, '-'),
				),
		);
		const codex = [
			'ESignature.node.json',
			'ESignatureTrigger.node.json',
			'ESignatureSendAndWait.node.json',
		].map((file) => readFileSync(join(__dirname, '..', 'nodes', 'ESignature', file), 'utf8'));
		// The nodes' own Docs links (documentationUrl), which the editor opens as they are.
		const documentationUrls = [
			new ESignature(),
			new ESignatureTrigger(),
			new ESignatureSendAndWait(),
		].map((node) => node.description.documentationUrl!);
		const links = [
			...codex.flatMap((text) => [...text.matchAll(/"url": "([^"]+)"/g)].map((match) => match[1])),
			...documentationUrls,
		];
		expect(links.length).toBeGreaterThanOrEqual(9);
		for (const link of links) {
			const anchor = new URL(link).hash.slice(1);
			expect({ link, found: anchors.has(anchor) }).toEqual({ link, found: true });
		}
		expect(anchors.has('e-signature-trigger')).toBe(true);
	});

	it('shows only pictures the editor suite takes for it, so that they change when the editor does', () => {
		// test/e2e/editor.e2e.test.ts: browser.screenshot(name, target, { readme: true }) writes docs/images/<name>.png.
		const editorSuite = readFileSync(join(ROOT, 'test', 'e2e', 'editor.e2e.test.ts'), 'utf8');
		const taken = editorSuite
			.split('browser.screenshot(')
			.slice(1)
			.map((call) => call.split(';')[0])
			.filter((call) => /readme: true/.test(call))
			.map((call) => `docs/images/${/^\s*'([^']+)'/.exec(call)![1]}.png`);
		expect(taken.length).toBeGreaterThanOrEqual(3);
		const pictures = [...readme.matchAll(/src="([^"]+)"/g)].map((match) => match[1]);
		expect(pictures.length).toBeGreaterThanOrEqual(3);
		for (const picture of pictures)
			expect({
				picture,
				exists: existsSync(join(ROOT, picture)),
				takenByTheEditorSuite: taken.includes(picture),
			}).toEqual({ picture, exists: true, takenByTheEditorSuite: true });
	});

	it('ships the license it declares', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
		const license = readFileSync(join(__dirname, '..', 'LICENSE'), 'utf8');
		expect(pkg.license).toBe('MIT');
		expect(license).toMatch(/^MIT License/);
	});

	it('names the test command that CI runs', () => {
		expect(readme).toContain('npm test');
		expect(readFileSync(join(__dirname, '..', '.ci', 'run'), 'utf8')).toContain('npm test');
	});

	it('stays short: at most 200 lines, the details in docs/', () => {
		expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
	});

	it('gives the first run’s time that npm run dev prints, and no other', () => {
		const development = readFileSync(join(ROOT, 'docs', 'development.md'), 'utf8');
		const minutes = (text: string) => text.match(/\d+(\.\d+)? to \d+ minutes/g) ?? [];
		const firstRun = FIRST_RUN_TIME.replace(/^about /, '');
		expect(section('Quick start')).toContain(`**The first run installs n8n: ${FIRST_RUN_TIME}.**`);
		expect(minutes(section('Quick start'))).toEqual([firstRun]);
		expect(development).toContain(FIRST_RUN_TIME);
		expect(development).not.toMatch(/measured \d+ min/);
	});

	it('gives the two commands a newcomer pastes, and both are scripts of the package', () => {
		const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
		expect(section('Quick start')).toContain('npm install && npm run dev');
		expect(section('Development')).toContain('npm test');
		expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['dev', 'test']));
	});

	it('names every credential field a user fills in, in the Credentials table', () => {
		const table = section('Credentials')
			.split('\n')
			.filter((line) => line.startsWith('| '));
		const fields = new ESignatureApi().properties
			.filter((p) => p.type !== 'hidden')
			.map((p) => p.displayName);
		for (const field of new Set(fields))
			expect({ field, named: table.some((row) => row.split('|')[1].includes(field)) }).toEqual({
				field,
				named: true,
			});
	});

	it('walks the quick start with the names the editor shows, and the emulator’s sample document', () => {
		const quickStart = section('Quick start');
		const actions = new ESignature().description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => (p.options as Array<{ action?: string }>).map((o) => o.action));
		for (const action of [
			'Create an envelope from files',
			'Send invitations and get signing links',
		]) {
			expect(actions).toContain(action);
			expect(quickStart).toContain(action);
		}
		// n8n's picker names a trigger's event options "On <event>".
		const events = new ESignatureTrigger().description.properties.find((p) => p.name === 'events')!
			.options as Array<{ name: string }>;
		expect(events.map((e) => e.name)).toContain('Envelope Completed');
		expect(quickStart).toContain('On envelope completed');
		expect(quickStart).toContain(`<emulator address>${SAMPLE_PATH}`);
		expect(quickStart).toContain('npm run dev -- --fresh');
		// The first run's true cost, said before anyone waits for it (docs/development.md#npm-run-dev).
		expect(quickStart).toMatch(/The first run installs n8n: about \d+( to \d+)? minutes/);
		expect(readFileSync(join(ROOT, 'scripts', 'dev.ts'), 'utf8')).toContain("flag('fresh')");
	});

	it('keeps the benchmark figures where `npm run bench -- --docs` writes them', () => {
		const page = readFileSync(join(ROOT, 'docs', 'performance.md'), 'utf8');
		expect(page.indexOf('<!-- bench:start -->')).toBeGreaterThan(0);
		expect(page.indexOf('<!-- bench:end -->')).toBeGreaterThan(
			page.indexOf('<!-- bench:start -->'),
		);
		expect(readme).toContain('(docs/performance.md)');
	});
});
