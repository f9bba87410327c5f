// n8n's verification lint (@n8n/scan-community-package), run locally: its CLI only takes published packages.
// Scans the source, then the files `npm pack` would publish, exactly as n8n scans both.
//   node scripts/scan.mjs                    the source and a fresh `npm pack` (run `npm run build` first)
//   node scripts/scan.mjs --source           the source only
//   node scripts/scan.mjs --tarball <file>   the source and that packed package (what the e2e suite installs)
//   --root <dir>                             scan the source in <dir> instead of this repository
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

// The scanner makes a temp folder when loaded and removes it at exit only when told to.
createRequire(import.meta.resolve('@n8n/scan-community-package/scanner/scanner.mjs'))(
	'tmp',
).setGracefulCleanup();

const args = process.argv.slice(2);
const optionValue = (name) =>
	args.includes(name) ? resolve(args[args.indexOf(name) + 1] ?? '') : undefined;
const root = optionValue('--root') ?? resolve(import.meta.dirname, '..');
const sourceOnly = args.includes('--source');
const tarballArg = optionValue('--tarball');
const work = mkdtempSync(join(tmpdir(), 'esig-scan-'));
let failed = false;

function report(label, result) {
	console.log(`${label}: ${result.passed ? 'passed' : `FAILED (${result.message})`}`);
	if (result.details) console.log(result.details);
	if (!result.passed) failed = true;
}

/** A package without its built nodes would pass the scan with nothing in it. */
function missingBuiltFiles(dir) {
	const { n8n } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
	return [...n8n.nodes, ...n8n.credentials].filter((file) => !existsSync(join(dir, file)));
}

try {
	report('scan of the source', await analyzePackage(root, SOURCE_FILE_PATTERNS));
	if (!sourceOnly) {
		let tarball = tarballArg;
		if (!tarball) {
			const packed = JSON.parse(
				execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
					cwd: root,
					encoding: 'utf8',
				}),
			);
			tarball = join(work, packed[0].filename);
		}
		execFileSync('tar', ['-xzf', tarball, '-C', work]);
		const missing = missingBuiltFiles(join(work, 'package'));
		if (missing.length > 0) {
			console.log(
				`scan of the packed package: FAILED (not built: ${missing.join(', ')}; run npm run build first)`,
			);
			failed = true;
		} else {
			report(
				'scan of the packed package',
				await analyzePackage(join(work, 'package'), ['**/*.js', 'package.json']),
			);
		}
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
