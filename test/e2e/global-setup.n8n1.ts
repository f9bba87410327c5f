/** Global setup of the n8n 1.x project (jest.n8n1.project.js): provisions .cache/n8n1-host, builds and packs. */
import { type RunConfig, setupE2e } from './global-setup';

export default async function globalSetupN8n1(config: RunConfig): Promise<void> {
	await setupE2e('n8n-1', config);
}
