/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Strict mode (docs/n8n-notes.md#lint-rules): `n8n-node lint` runs n8n's shipped-code rules on every TypeScript file.
 * Shipped code meets them all; a file in test/ or scripts/ may switch off only the rules below, which code that runs
 * n8n, the emulator and jest cannot meet, in one line at its top.
 */
const RULES_TEST_CODE_MAY_DISABLE = [
	'@n8n/community-nodes/no-restricted-globals', // process, timers, __dirname
	'@n8n/community-nodes/no-restricted-imports', // node:http, node:fs, n8n-core, the emulator
	'@n8n/community-nodes/no-dangerous-functions', // child_process: starting n8n, the emulator, the benchmarks
	'@n8n/community-nodes/require-node-api-error', // a harness rethrows what it caught; there is no node to name
	'@n8n/community-nodes/no-hardcoded-secrets', // made-up secrets the tests check never leak
	'no-console', // progress of scripts and benchmarks
];

/** The line a new test file starts with, naming the allowed rules it needs (written in pieces so it is no directive). */
const HEADER_EXAMPLE = [
	'/*',
	'eslint-disable',
	`${RULES_TEST_CODE_MAY_DISABLE[0]}, ${RULES_TEST_CODE_MAY_DISABLE[1]}`,
	'-- not shipped code (docs/n8n-notes.md#lint-rules) */',
].join(' ');

const MAX_TEST_FILE_LINES = 800;

const root = join(__dirname, '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function filesUnder(dir: string, extension: RegExp): string[] {
	return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
		.map((file) => join(dir, file))
		.filter((file) => extension.test(file) && statSync(join(root, file)).isFile());
}

const shippedFiles = () => [...filesUnder('nodes', /\.ts$/), ...filesUnder('credentials', /\.ts$/)];

/** Each shipped file's relative imports (type-only ones included), as repository paths. */
function shippedImports(): Map<string, string[]> {
	const files = shippedFiles();
	return new Map(
		files.map((file) => {
			const source = readFileSync(join(root, file), 'utf8');
			const targets = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].flatMap(([, path]) =>
				[`${path}.ts`, `${path}/index.ts`]
					.map((candidate) => join(file, '..', candidate))
					.filter((candidate) => files.includes(candidate))
					.slice(0, 1),
			);
			return [file, targets];
		}),
	);
}

/** Every ESLint directive comment of a file (`eslint-disable`, `eslint-disable-next-line`, `eslint rule: off`, ...). */
function eslintDirectives(file: string): Array<{ line: number; text: string }> {
	return readFileSync(join(root, file), 'utf8')
		.split('\n')
		.flatMap((text, index) =>
			/(\/\/|\/\*)\s*eslint(-disable|-enable|\s)/.test(text)
				? [{ line: index + 1, text: text.trim() }]
				: [],
		);
}

describe('lint: strict mode, as n8n-node cloud-support checks it', () => {
	it("has strict mode on and eslint.config.mjs exactly n8n's default (the CLI's own template)", () => {
		expect(packageJson.n8n.strict).toBe(true);
		const template = readFileSync(
			join(
				root,
				'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
			),
			'utf8',
		);
		const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
		expect(normalise(readFileSync(join(root, 'eslint.config.mjs'), 'utf8'))).toBe(
			normalise(template),
		);
		expect(normalise(template)).toBe(
			"import { config } from '@n8n/node-cli/eslint'; export default config;",
		);
	});

	it('runs the Prettier check, n8n-node lint and then the n8n-nodes-base rule sets on the shipped code in npm run lint', () => {
		expect(packageJson.scripts.lint).toMatch(
			/^npm run format:check && n8n-node lint && eslint -c eslint\.nodes-base\.config\.mjs nodes credentials package\.json$/,
		);
		expect(packageJson.scripts['format:check']).toMatch(
			/^prettier --check nodes credentials test scripts/,
		);
		const ci = readFileSync(join(root, '.ci', 'run'), 'utf8');
		expect(ci).toMatch(/^step npm run lint$/m);
		expect(ci).toMatch(/^step cloud_support$/m);
	});
});

describe('lint: where rules may be switched off', () => {
	it('shipped code (nodes/, credentials/) has no eslint directive at all', () => {
		const found = [...filesUnder('nodes', /\.ts$/), ...filesUnder('credentials', /\.ts$/)].flatMap(
			(file) => eslintDirectives(file).map(({ line, text }) => `${file}:${line}: ${text}`),
		);
		// n8n's scanner lints the published package with inline config off: a disable would only hide what fails there.
		expect({ 'directives in shipped code': found }).toEqual({ 'directives in shipped code': [] });
	});

	it('no line of shipped code is over 120 characters, a tab counted as 2 (Prettier cannot break strings or comments)', () => {
		const long = [...filesUnder('nodes', /\.ts$/), ...filesUnder('credentials', /\.ts$/)].flatMap(
			(file) =>
				readFileSync(join(root, file), 'utf8')
					.split('\n')
					.flatMap((line, index) =>
						line.replace(/\t/g, '  ').length > 120 ? [`${file}:${index + 1}`] : [],
					),
		);
		expect(long).toEqual([]);
	});

	it('no file of shipped code is over 400 lines: a room a reader can take in (docs/development.md#where-things-are)', () => {
		const large = [...filesUnder('nodes', /\.ts$/), ...filesUnder('credentials', /\.ts$/)]
			.map((file) => ({ file, lines: readFileSync(join(root, file), 'utf8').split('\n').length }))
			.filter(({ lines }) => lines > 400)
			.map(({ file, lines }) => `${file}: ${lines} lines`);
		expect(large).toEqual([]);
	});

	it('no shipped file imports itself through others, type-only imports included (docs/development.md#where-things-are)', () => {
		const files = shippedFiles();
		const importsOf = shippedImports();
		const cycles: string[] = [];
		const done = new Set<string>();
		const visit = (file: string, path: string[]) => {
			if (path.includes(file))
				return void cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
			if (done.has(file)) return;
			for (const target of importsOf.get(file) ?? []) visit(target, [...path, file]);
			done.add(file);
		};
		for (const file of files) visit(file, []);
		expect(cycles).toEqual([]);
	});

	it("nodes/ESignature's folders import only from those listed before them in docs/development.md#where-things-are", () => {
		const folders = [
			'service',
			'fields',
			'files',
			'routing',
			'resources',
			'methods',
			'events',
			'sendAndWait',
			'trigger',
		];
		// credentials/ below every folder, the node files (nodes/ESignature/*.ts) above them all.
		const rank = (file: string) =>
			file.startsWith('credentials/')
				? -1
				: file.split('/').length === 3
					? folders.length
					: folders.indexOf(file.split('/')[2]);
		expect(
			shippedFiles().filter((file) => !file.startsWith('credentials/') && rank(file) < 0),
		).toEqual([]);
		const imports = shippedImports();
		const bytes = join('nodes', 'ESignature', 'files', 'bytes.ts');
		// The one import upwards: a file that imports nothing from nodes/.
		const exception = `${join('nodes', 'ESignature', 'service', 'transport.ts')} -> ${bytes}`;
		const upwards = [...imports].flatMap(([file, targets]) =>
			targets.filter((target) => rank(target) > rank(file)).map((target) => `${file} -> ${target}`),
		);
		expect(upwards.filter((arrow) => arrow !== exception)).toEqual([]);
		expect(imports.get(bytes)?.filter((target) => !target.startsWith('credentials/'))).toEqual([]);
	});

	it('shipped code has at most two Symbol keys, both in routing/operation.ts (docs/n8n-notes.md#the-symbol-key)', () => {
		const allowed = join('nodes', 'ESignature', 'routing', 'operation.ts');
		const symbols = [
			...filesUnder('nodes', /\.ts$/),
			...filesUnder('credentials', /\.ts$/),
		].flatMap((file) =>
			readFileSync(join(root, file), 'utf8')
				.split('\n')
				.flatMap((text, index) => (/\bSymbol\(/.test(text) ? [`${file}:${index + 1}`] : [])),
		);
		expect(symbols.filter((at) => !at.startsWith(`${allowed}:`))).toEqual([]);
		expect(symbols.length).toBeLessThanOrEqual(2);
	});

	it(`test/ and scripts/ switch off only allowed rules, by name, in one line at the top: ${HEADER_EXAMPLE}`, () => {
		const problems = [
			...filesUnder('test', /\.[cm]?[jt]s$/),
			...filesUnder('scripts', /\.[cm]?[jt]s$/),
		].flatMap((file) =>
			eslintDirectives(file).flatMap(({ line, text }) => {
				const header = /^\/\* eslint-disable (\S[^*]*?) -- [^*]+\*\/$/.exec(text);
				const rules = header?.[1].split(',').map((rule) => rule.trim()) ?? [];
				const notAllowed = rules.filter((rule) => !RULES_TEST_CODE_MAY_DISABLE.includes(rule));
				if (line === 1 && header && notAllowed.length === 0) return [];
				const why =
					!header || line !== 1
						? 'not the one header line'
						: `rules not allowed: ${notAllowed.join(', ')}`;
				return [`${file}:${line}: ${why}: ${text}`];
			}),
		);
		expect({ problems, allowed: RULES_TEST_CODE_MAY_DISABLE, header: HEADER_EXAMPLE }).toEqual({
			problems: [],
			allowed: RULES_TEST_CODE_MAY_DISABLE,
			header: HEADER_EXAMPLE,
		});
	});

	it(`no test file is over ${MAX_TEST_FILE_LINES} lines`, () => {
		const long = filesUnder('test', /\.[cm]?[jt]s$/)
			.map((file) => ({
				file,
				lines: readFileSync(join(root, file), 'utf8').split('\n').length - 1,
			}))
			.filter(({ lines }) => lines > MAX_TEST_FILE_LINES);
		expect(long).toEqual([]);
	});
});
