/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..');

/** The pages a user or a maintainer reads: the README, docs/, and the READMEs of examples/ and the e2e suite. */
const PAGES = [
	'README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
	'examples/README.md',
	'test/e2e/README.md',
];

/** GitHub's anchor for a heading: lower case, punctuation other than "-" and "_" dropped, spaces as "-". */
function anchor(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** A page's anchors, a repeated heading numbered as GitHub does (`-1`, `-2`, ...). */
function anchorsOf(page: string): Set<string> {
	const seen = new Map<string, number>();
	const anchors = new Set<string>();
	let inCode = false;
	for (const line of readFileSync(join(ROOT, page), 'utf8').split('\n')) {
		if (line.startsWith('```')) inCode = !inCode;
		if (inCode || !/^#{1,6} /.test(line)) continue;
		const base = anchor(line.replace(/^#+ /, ''));
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}

/** A page's text outside fenced code blocks. */
function prose(page: string): string {
	return readFileSync(join(ROOT, page), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
}

/** The relative links of a page (`[text](target)` and `src="target"`), each as the repository path and its anchor. */
function relativeLinks(page: string): Array<{ link: string; path: string; hash: string }> {
	const text = prose(page);
	const targets = [
		...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]),
		...[...text.matchAll(/src="([^"]+)"/g)].map((match) => match[1]),
	];
	return targets
		.filter((target) => !/^[a-z]+:/i.test(target))
		.map((link) => {
			const [file, hash = ''] = link.split('#');
			const path = file ? relative(ROOT, join(ROOT, dirname(page), file)) : page;
			return { link, path, hash };
		});
}

/** The top-level folders and files of the repository a page may name in backticks (`test/e2e/provision.ts`). */
const TOP_LEVEL = [
	'credentials',
	'nodes',
	'test',
	'scripts',
	'docs',
	'examples',
	'icons',
	'.ci',
	'.github',
];

/** Repository paths a page names in backticks, without placeholders (`<resource>`) or globs. */
function namedPaths(page: string): string[] {
	return [...prose(page).matchAll(/`([^`\s]+)`/g)]
		.map((match) => match[1].replace(/[:#].*$/, ''))
		.filter((path) => TOP_LEVEL.some((top) => path.startsWith(`${top}/`)))
		.filter((path) => !/[<>*{}$]/.test(path));
}

/** Files a page names before they exist: docs/development.md's walk-through of adding an operation (Archive). */
const NOT_YET_WRITTEN = ['test/envelope/archive.test.ts'];

describe('documentation links', () => {
	it.each(PAGES)(
		'%s: every relative link leads to a file of the repository, and to a heading it has',
		(page) => {
			const broken = relativeLinks(page)
				.filter(
					({ path, hash }) =>
						!existsSync(join(ROOT, path)) ||
						(hash !== '' && path.endsWith('.md') && !anchorsOf(path).has(hash)),
				)
				.map(({ link }) => link);
			expect({ page, broken }).toEqual({ page, broken: [] });
		},
	);

	it.each(PAGES)('%s: every file of the repository it names in backticks exists', (page) => {
		const missing = namedPaths(page).filter(
			(path) => !existsSync(join(ROOT, path)) && !NOT_YET_WRITTEN.includes(path),
		);
		expect({ page, missing }).toEqual({ page, missing: [] });
	});

	it('finds the links and names it checks (the parsers still match the pages)', () => {
		expect(relativeLinks('README.md').length).toBeGreaterThanOrEqual(8);
		expect(namedPaths('docs/development.md').length).toBeGreaterThanOrEqual(10);
	});
});
