/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 1's "n8n-core skipping hidden properties" row: our node in n8n-core's routing engine with one change that
 * n8n could make, to measure how much of the per-item gap is the engine's walk (docs/performance.md, the per-item
 * walk). For every item the engine walks every top-level property twice (`RoutingNode.runNode` and
 * `resolveBaseUrl`), and for each one evaluates its value and copies the execution's additional keys before it
 * checks, in `getRequestOptionsFromParameters`, whether the property is shown at all. The variant checks first and
 * goes on to the next property when it is not shown: what the engine does with such a property anyway, minus the
 * work whose result it throws away.
 *
 * The variant is n8n-core's own compiled `routing-node.js` with that one line added at the top of both loops,
 * compiled apart from the module n8n-core uses; its two methods replace the engine's only while `run` runs, in this
 * benchmark process. Nothing is changed on disk, in the tests or in the shipped node.
 */
import { Module } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
// The class n8n-core's WorkflowExecute uses (n8n-core does not export it from its index).
import { RoutingNode } from 'n8n-core/dist/execution-engine/routing-node';

/** The two methods of n8n-core's RoutingNode that walk the properties. */
type Walks = { runNode: unknown; resolveBaseUrl: unknown };

const ROUTING_NODE = require.resolve('n8n-core/dist/execution-engine/routing-node.js');
const LOOP = 'for (const property of nodeType.description.properties) {\n';
const SKIP_HIDDEN =
	'if (!n8n_workflow_1.NodeHelpers.displayParameter(node.parameters, property, node, nodeType.description, node.parameters)) continue;\n';

let variant: Walks | undefined;

/** The variant's two walking methods, compiled once. */
function skippingVariant(): Walks {
	if (variant) return variant;
	const source = readFileSync(ROUTING_NODE, 'utf8');
	const loops = source.split(LOOP).length - 1;
	// Both walks, or the engine has changed and the row would measure something else.
	if (loops !== 2) throw new Error(`n8n-core's routing-node.js has ${loops} property loops where the bench expects 2`);
	const compiled = new Module(ROUTING_NODE) as Module & { _compile(code: string, filename: string): void };
	compiled.filename = ROUTING_NODE;
	compiled.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(dirname(ROUTING_NODE));
	compiled._compile(source.split(LOOP).join(LOOP + SKIP_HIDDEN), ROUTING_NODE);
	const prototype = (compiled.exports as { RoutingNode: { prototype: Walks } }).RoutingNode.prototype;
	variant = { runNode: prototype.runNode, resolveBaseUrl: prototype.resolveBaseUrl };
	return variant;
}

/** Runs `run` with n8n-core's routing engine checking whether a property is shown before anything else. */
export async function withHiddenPropertiesSkipped<T>(run: () => Promise<T>): Promise<T> {
	const engine = RoutingNode.prototype as unknown as Walks;
	const original: Walks = { runNode: engine.runNode, resolveBaseUrl: engine.resolveBaseUrl };
	Object.assign(engine, skippingVariant());
	try {
		return await run();
	} finally {
		Object.assign(engine, original);
	}
}
