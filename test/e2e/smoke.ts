/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Smoke check of the real-n8n pipeline with n8n's own nodes (no package of ours needed):
 * provision -> fresh user folder -> CLI import -> n8n start -> owner + API key ->
 * manual run through the REST API -> execution data through the public API -> execute-batch -> stop.
 *
 *   npx ts-node --transpile-only test/e2e/smoke.ts [--package-dir DIR] [--keep]
 *
 * --package-dir DIR   also copy a community package folder (n8n-nodes-*) into the user folder and
 *                     check that n8n loaded it (its first node is appended to the workflow).
 * --ours              install our own package from `npm pack` and check that its nodes are known.
 */
import { readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import {
	assertSuccess,
	createUserFolder,
	executeBatch,
	importWorkflows,
	installFolder,
	installTarball,
	nodeOutput,
	packPackage,
	PACKAGE_NAME,
	startN8n,
	type WorkflowJson,
} from './n8n';
import { provision } from './provision';

const t = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main() {
	const argv = process.argv.slice(2);
	const pkgDirIdx = argv.indexOf('--package-dir');
	const pkgDir = pkgDirIdx >= 0 ? argv[pkgDirIdx + 1] : undefined;
	const keep = argv.includes('--keep');
	const ours = argv.includes('--ours');

	const t0 = Date.now();
	const host = await provision();
	console.log(`provision: ${t(t0)}`);

	const userFolder = createUserFolder();
	let extraNode: { type: string } | undefined;
	if (pkgDir) {
		const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
		installFolder(userFolder, pkgDir, pkg.name);
		// dist/Hello.node.js -> <package>.hello (the usual naming: class Hello, name 'hello')
		const base = basename(pkg.n8n.nodes[0] as string).replace(/\.node\.js$/, '');
		extraNode = { type: `${pkg.name}.${base.charAt(0).toLowerCase()}${base.slice(1)}` };
	}
	if (ours) {
		const t1 = Date.now();
		const tarball = await packPackage();
		await installTarball(userFolder, tarball);
		rmSync(dirname(tarball), { recursive: true, force: true });
		console.log(`pack + install ${PACKAGE_NAME}: ${t(t1)}`);
	}

	const wf: WorkflowJson = {
		id: 'smokeWorkflow0001',
		name: 'Smoke: manual -> set',
		nodes: [
			{
				id: 'a1',
				name: 'Manual',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'a2',
				name: 'Set',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [200, 0],
				parameters: {
					assignments: {
						assignments: [
							{ id: 'x1', name: 'greeting', value: '={{ "hi " + 40 + 2 }}', type: 'string' },
							{ id: 'x2', name: 'n', value: 42, type: 'number' },
						],
					},
					options: {},
				},
			},
			...(extraNode
				? [
						{
							id: 'a3',
							name: 'Extra',
							type: extraNode.type,
							typeVersion: 1,
							position: [400, 0],
							parameters: { who: 'e2e' },
						},
					]
				: []),
		],
		connections: {
			Manual: { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
			...(extraNode ? { Set: { main: [[{ node: 'Extra', type: 'main', index: 0 }]] } } : {}),
		},
		settings: { executionOrder: 'v1' },
		active: false,
	};

	const imp = await importWorkflows(host, userFolder, [wf]);
	console.log(
		`CLI import:workflow (first CLI run, migrates the DB): ${(imp.ms / 1000).toFixed(1)} s`,
	);

	const t3 = Date.now();
	const n8n = await startN8n({ host, userFolder });
	console.log(`n8n start -> ready: ${t(t3)} (${n8n.url}, log ${n8n.logFile})`);
	try {
		const t4 = Date.now();
		await n8n.setupOwner();
		console.log(`owner + cookie + API key: ${t(t4)}`);

		if (ours) {
			const loaded = await n8n.assertPackageLoaded(
				join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME),
			);
			console.log(
				`loaded: nodes ${loaded.nodes.join(', ')}; credentials ${loaded.credentials.join(', ')}`,
			);
		}

		const t5 = Date.now();
		const ex = assertSuccess(await n8n.runWorkflow(wf.id));
		const out = nodeOutput(ex, extraNode ? 'Extra' : 'Set');
		console.log(
			`manual run via REST + wait: ${t(t5)} -> ${JSON.stringify(out.map((i) => i.json))}`,
		);
		if (out[0]?.json.greeting !== 'hi 402' || out[0]?.json.n !== 42)
			throw new Error('unexpected Set output');
		if (extraNode && out[0]?.json.hello !== 'e2e')
			throw new Error('throw-away community node did not run');

		const t6 = Date.now();
		const again = assertSuccess(await n8n.runWorkflow(wf.id));
		console.log(`second manual run: ${t(t6)} (execution ${again.id})`);

		const t7 = Date.now();
		const batch = await executeBatch(host, userFolder, wf.id);
		const runData = batch.snapshot?.data?.resultData?.runData ?? batch.snapshot;
		console.log(
			`CLI execute-batch (while the server runs): ${t(t7)}; snapshot nodes: ${Object.keys(runData ?? {}).join(', ')}`,
		);

		const list = await n8n.listExecutions({ workflowId: wf.id });
		console.log(
			`executions listed: ${list.length} (${list.map((e) => `${e.id}:${e.mode}:${e.status}`).join(' ')})`,
		);
	} finally {
		const t8 = Date.now();
		await n8n.stop();
		console.log(`stop: ${t(t8)}`);
		if (!keep) rmSync(userFolder, { recursive: true, force: true });
		else console.log(`kept ${userFolder}`);
	}
	console.log(`total: ${t(t0)}`);
}

main().catch((e) => {
	console.error(e);
	process.exit(1);
});
