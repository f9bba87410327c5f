// n8n's verification lint (@n8n/scan-community-package), run locally: its CLI only takes published packages.
// Scans the source, then the files `npm pack` would publish, exactly as n8n scans both.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { analyzePackage, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'esig-scan-'));
let failed = false;

function report(label, result) {
	console.log(`${label}: ${result.passed ? 'passed' : `FAILED (${result.message})`}`);
	if (result.details) console.log(result.details);
	if (!result.passed) failed = true;
}

try {
	report('scan of the source', await analyzePackage(root, SOURCE_FILE_PATTERNS));
	const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }));
	execFileSync('tar', ['-xzf', join(work, packed[0].filename), '-C', work]);
	report('scan of the packed package', await analyzePackage(join(work, 'package'), ['**/*.js', 'package.json']));
} finally {
	rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
