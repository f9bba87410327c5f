/**
 * Comments that are true: every file of the repository that a comment in nodes/, credentials/ or test/ names exists
 * (the docs' links and paths: test/doc-links.test.ts). A name with a folder is read from the repository's root, from
 * nodes/ESignature/, test/ or docs/, or from the naming file's folder or one above it (comments in nodes/ESignature
 * say `service/transport.ts`); a bare file name must be the name of some file of the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';

const ROOT = join(__dirname, '..');

/** Names of files that are not the repository's, each with why. */
const NOT_OURS: Array<[RegExp, string]> = [
	[/^dist\//, 'the build output'],
	[/^bench\/results\.json$/, 'written by npm run bench (git-ignored)'],
	[/^x\.ts$/, 'a file a test writes'],
];

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
	.split('\n')
	.filter(Boolean);
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
