/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Comments that are true: every file of the repository that a comment in nodes/, credentials/ or test/ names exists
 * (the docs' links and paths: test/doc-links.test.ts). A name with a folder is read from the repository's root, from
 * nodes/ESignature/, test/ or docs/, or from the naming file's folder or one above it (comments in nodes/ESignature
 * say `service/transport.ts`); a bare file name must be the name of some file of the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';

const ROOT = join(__dirname, '..');

/** Names of files that are not the repository's, each with why. */
const NOT_OURS: Array<[RegExp, string]> = [
	[/^dist\//, 'the build output'],
	[/^bench\/results\.json$/, 'written by npm run bench (git-ignored)'],
	[/^x\.ts$/, 'a file a test writes'],
];

/** What is not the repository's own: installed, built, cached or written by runs. */
const SKIPPED = new Set(['node_modules', '.git', '.cache', 'dist', '.tmp']);

function filesUnder(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		if (SKIPPED.has(entry.name)) return [];
		const path = join(folder, entry.name);
		return entry.isDirectory() ? filesUnder(path) : [relative(ROOT, path)];
	});
}

const tracked = filesUnder(ROOT);
const trackedNames = new Set(tracked.map((file) => basename(file)));

const namingFiles = tracked.filter(
	(file) =>
		file.endsWith('.md') || (/^(nodes|credentials|test)\//.test(file) && file.endsWith('.ts')),
);

// A file name: optional folders, a name, and one of the extensions the repository's files have.
const FILE_NAME = /(?<![\w@/.-])((?:[\w.-]+\/)*[\w-][\w.-]*\.(?:ts|md|json|js))(?![\w/])/g;

/** The text in which a source file names others: its comments. */
function namingText(file: string): string {
	const text = readFileSync(join(ROOT, file), 'utf8');
	return (text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g) ?? []).join('\n');
}

function exists(name: string, from: string): boolean {
	if (!name.includes('/')) return !name.endsWith('.ts') || trackedNames.has(name);
	const folder = dirname(from);
	const bases = ['', 'nodes/ESignature', 'nodes/ESignature/__schema__/v1.0.0', 'test', 'docs'];
	for (let up = folder; up !== '.' && up !== ''; up = dirname(up)) bases.push(up);
	return bases.some((base) => existsSync(join(ROOT, normalize(join(base, name)))));
}

describe('comments name files that exist', () => {
	it('every file a comment names is in the repository', () => {
		const missing: string[] = [];
		for (const file of namingFiles) {
			for (const [, name] of namingText(file).matchAll(FILE_NAME)) {
				if (NOT_OURS.some(([pattern]) => pattern.test(name))) continue;
				if (!exists(name, file)) missing.push(`${file}: ${name}`);
			}
		}
		expect(missing).toEqual([]);
	});

	it('notices a name that does not exist', () => {
		expect(exists('service/transport.ts', 'nodes/ESignature/trigger/x.ts')).toBe(true);
		expect(exists('resources/invitation/hooks.ts', 'docs/service-api.md')).toBe(false);
		expect(exists('noSuchFile.ts', 'docs/x.md')).toBe(false);
	});
});
