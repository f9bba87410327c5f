/**
 * Runs once before the end-to-end suite: provisions n8n (re-using .cache/n8n-host), builds and packs
 * our package. Test files find the tarball in ESIG_E2E_TARBALL. Timings go to ESIG_E2E_TIMINGS.
 *
 * ESIG_E2E_NO_BUILD=1 skips `npm run build` (packs the existing dist/).
 */
import { buildPackage, packPackage } from './n8n';
import { provision } from './provision';

export default async function globalSetup(): Promise<void> {
	const t0 = Date.now();
	const host = await provision();
	const provisionMs = Date.now() - t0;
	const t1 = Date.now();
	if (!process.env.ESIG_E2E_NO_BUILD) await buildPackage();
	const buildMs = Date.now() - t1;
	const t2 = Date.now();
	const tarball = await packPackage();
	const packMs = Date.now() - t2;
	process.env.ESIG_E2E_TARBALL = tarball;
	process.env.ESIG_E2E_TIMINGS = JSON.stringify({ provisionMs, buildMs, packMs });
	process.stderr.write(
		`\n[e2e] n8n ${host.versions.n8n} on node ${host.versions.resolvedNode}: provision ${(provisionMs / 1000).toFixed(1)} s, ` +
			`build ${(buildMs / 1000).toFixed(1)} s, pack ${(packMs / 1000).toFixed(1)} s\n`,
	);
}
