/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Runs once before the end-to-end suite: provisions n8n (re-using .cache/n8n-host), builds and packs
 * our package. Test files find the tarball in ESIG_E2E_TARBALL. Timings go to ESIG_E2E_TIMINGS.
 *
 * ESIG_E2E_NO_BUILD=1 skips `npm run build` (packs the existing dist/).
 * The n8n 1.x project runs global-setup.n8n1.ts, which calls setupE2e with its own host; when both projects run,
 * the second setup re-uses the first one's tarball, and the first starts provisioning both hosts at once.
 */
import { existsSync } from 'node:fs';

import { buildPackage, packPackage } from './n8n';
import { defaultHostName, type Host, type HostName, provision } from './provision';

/** What the setup reads of Jest's global configuration, which it passes to every project's global setup. */
export interface RunConfig {
	testPathPattern: string;
	projects: unknown[];
}

// Jest runs every project's global setup in this process, one after the other: they share these.
const shared = globalThis as { esigProvisioning?: Map<HostName, Promise<Host>> };
const provisioning = (shared.esigProvisioning ??= new Map());

function provisioned(host: HostName): Promise<Host> {
	if (!provisioning.has(host)) {
		const promise = provision({ host });
		// Its own setup awaits it and reports a failure.
		promise.catch(() => undefined);
		provisioning.set(host, promise);
	}
	return provisioning.get(host)!;
}

/** A whole run (`npm test`: no path or project picked) needs both hosts: on a fresh machine they install side by side. */
function hostsOfWholeRun(config: RunConfig | undefined): HostName[] {
	const whole =
		config?.testPathPattern === '' &&
		!process.argv.some((arg) => arg.startsWith('--selectProjects')) &&
		config.projects.some(
			(project) => typeof project === 'string' && project.endsWith('jest.n8n1.project.js'),
		);
	return whole ? ['n8n-2', 'n8n-1'] : [];
}

export async function setupE2e(hostName: HostName, config?: RunConfig): Promise<void> {
	const t0 = Date.now();
	for (const other of hostsOfWholeRun(config)) void provisioned(other);
	const host = await provisioned(hostName);
	const provisionMs = Date.now() - t0;
	const reuse = process.env.ESIG_E2E_TARBALL && existsSync(process.env.ESIG_E2E_TARBALL);
	const t1 = Date.now();
	if (!process.env.ESIG_E2E_NO_BUILD && !reuse) await buildPackage();
	const buildMs = Date.now() - t1;
	const t2 = Date.now();
	const tarball = reuse ? process.env.ESIG_E2E_TARBALL! : await packPackage();
	const packMs = Date.now() - t2;
	process.env.ESIG_E2E_TARBALL = tarball;
	let previous: { hosts?: unknown[] } = {};
	try {
		previous = JSON.parse(process.env.ESIG_E2E_TIMINGS ?? '{}');
	} catch {
		/* none */
	}
	const hosts = [
		...(previous.hosts ?? []),
		{ n8n: host.versions.n8n, node: host.versions.resolvedNode, provisionMs },
	];
	process.env.ESIG_E2E_TIMINGS = JSON.stringify({
		...previous,
		provisionMs,
		buildMs,
		packMs,
		hosts,
	});
	process.stderr.write(
		`\n[e2e] n8n ${host.versions.n8n} on node ${host.versions.resolvedNode}: provision ${(provisionMs / 1000).toFixed(1)} s, ` +
			`build ${(buildMs / 1000).toFixed(1)} s, pack ${(packMs / 1000).toFixed(1)} s${reuse ? ' (tarball re-used)' : ''}\n`,
	);
}

export default async function globalSetup(config: RunConfig): Promise<void> {
	await setupE2e(defaultHostName(), config);
}
