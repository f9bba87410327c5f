/**
 * Prints how long provisioning and each end-to-end scenario took (issue 5 asks for it).
 * Use in a root jest config as reporters: ['default', '<rootDir>/test/e2e/timing-reporter.js'].
 */
class TimingReporter {
	onRunStart() {
		this.started = Date.now();
	}
	onRunComplete(_contexts, results) {
		const lines = [];
		let timings = {};
		try {
			timings = JSON.parse(process.env.ESIG_E2E_TIMINGS || '{}');
		} catch {
			/* none */
		}
		const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
		if (timings.provisionMs !== undefined) {
			lines.push(
				`provision ${s(timings.provisionMs)}, build ${s(timings.buildMs)}, pack ${s(timings.packMs)}`,
			);
		}
		// One line per provisioned n8n when several projects (n8n 2.x, n8n 1.x) ran.
		if ((timings.hosts || []).length > 1) {
			for (const h of timings.hosts)
				lines.push(`provision n8n ${h.n8n} on node ${h.node}: ${s(h.provisionMs)}`);
		}
		// Only the end-to-end files (the reporter may also sit in a root config with unit tests).
		for (const file of results.testResults.filter((f) =>
			/[\\/]test[\\/]e2e[\\/]/.test(f.testFilePath),
		)) {
			const runtime = file.perfStats ? file.perfStats.end - file.perfStats.start : 0;
			const project =
				file.displayName && file.displayName.name !== 'e2e' ? ` [${file.displayName.name}]` : '';
			lines.push(
				`file ${s(runtime).padStart(7)}  ${require('node:path').relative(process.cwd(), file.testFilePath)}${project} (n8n start included)`,
			);
			for (const t of file.testResults) {
				lines.push(
					`${t.status === 'passed' ? 'ok  ' : t.status.padEnd(4)} ${s(t.duration || 0).padStart(7)}  ${t.fullName}`,
				);
			}
		}
		if (lines.length === 0) return; // a unit-only run: nothing end-to-end to report
		lines.push(`total ${s(Date.now() - this.started)}`);
		process.stderr.write(`\n[e2e] timings\n  ${lines.join('\n  ')}\n`);
	}
}
module.exports = TimingReporter;
