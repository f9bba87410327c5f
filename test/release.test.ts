/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

/**
 * n8n verifies a community package only when it was published from a GitHub Actions workflow with npm provenance
 * (docs/development.md, "Publishing"). The publish itself cannot run here; these tests hold the workflow file and the package
 * to what the verification needs, so that a tag push publishes something n8n can verify.
 */
const root = join(__dirname, '..');
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

interface Step {
	name?: string;
	run?: string;
	uses?: string;
	env?: Record<string, string>;
}

function publishWorkflow(): {
	on: { push?: { tags?: string[] } };
	permissions: Record<string, string>;
	steps: Step[];
} {
	const workflow = parse(readFileSync(join(root, '.github', 'workflows', 'publish.yml'), 'utf8'));
	const jobs = Object.values(workflow.jobs as Record<string, { steps: Step[] }>);
	expect(jobs).toHaveLength(1);
	return { on: workflow.on, permissions: workflow.permissions, steps: jobs[0].steps };
}

/** The index of the first step whose command runs `script` (npm run lint, npm test, ...), -1 if none. */
function stepRunning(steps: Step[], command: RegExp): number {
	return steps.findIndex((step) => step.run !== undefined && command.test(step.run));
}

describe('release: the publish workflow', () => {
	it('runs on a version tag and may request the identity token provenance needs', () => {
		const { on, permissions } = publishWorkflow();
		expect(on.push?.tags).toEqual(['v*']);
		expect(permissions['id-token']).toBe('write');
		expect(permissions.contents).toBe('read');
	});

	it('installs, lints, builds, tests and only then publishes with provenance, in that order', () => {
		const { steps } = publishWorkflow();
		const order = [
			stepRunning(steps, /\bnpm ci\b/),
			stepRunning(steps, /\bnpm run lint\b/),
			stepRunning(steps, /\bnpm run build\b/),
			stepRunning(steps, /\bnpm (run )?test\b/),
			stepRunning(steps, /\bnpm publish\b/),
		];
		expect(order.every((index) => index >= 0)).toBe(true);
		expect([...order].sort((a, b) => a - b)).toEqual(order);
		expect(new Set(order).size).toBe(order.length);

		const publish = steps[order[4]].run as string;
		expect(publish).toMatch(/npm publish\b.*--provenance/);
		// Publishing is the last step: nothing after it can fail a release that is already out.
		expect(order[4]).toBe(steps.length - 1);
	});

	it("checks out the repository and refuses a tag that is not package.json's version", () => {
		const { steps } = publishWorkflow();
		expect(steps[0].uses).toMatch(/^actions\/checkout@/);
		const tagCheck = steps.find((step) => step.run?.includes('GITHUB_REF_NAME'));
		expect(tagCheck?.run).toContain("require('./package.json').version");
	});

	it('also runs the verification scan before publishing', () => {
		const { steps } = publishWorkflow();
		expect(stepRunning(steps, /\bnpm run scan\b/)).toBeGreaterThan(
			stepRunning(steps, /\bnpm run build\b/),
		);
		expect(stepRunning(steps, /\bnpm run scan\b/)).toBeLessThan(
			stepRunning(steps, /\bnpm publish\b/),
		);
	});
});

describe("release: the package meets n8n's verification checklist", () => {
	it('is named and tagged as a community node package', () => {
		expect(packageJson.name).toMatch(/^(@[a-z0-9-]+\/)?n8n-nodes-/);
		expect(packageJson.keywords).toContain('n8n-community-node-package');
	});

	it('points at a public GitHub repository, which provenance and n8n compare with the npm package', () => {
		expect(packageJson.repository.url).toMatch(/^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/);
		expect(packageJson.author?.name).toBeTruthy();
	});

	it('has no runtime dependencies and only n8n-workflow as a peer', () => {
		expect(packageJson.dependencies ?? {}).toEqual({});
		expect(packageJson.peerDependencies).toEqual({ 'n8n-workflow': '*' });
	});

	it('publishes only dist/, declares every node and credential it builds, and ships a licence and a README', () => {
		expect(packageJson.files).toEqual(['dist']);
		expect(packageJson.license).toBe('MIT');
		expect(existsSync(join(root, 'LICENSE'))).toBe(true);
		expect(existsSync(join(root, 'README.md'))).toBe(true);
		for (const built of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials] as string[]) {
			expect(built).toMatch(/^dist\//);
			const source = join(root, built.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
			expect(existsSync(source)).toBe(true);
		}
	});
});
