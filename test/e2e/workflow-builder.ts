/** Tiny helpers to write n8n workflow JSON in tests. */
import { randomUUID } from 'node:crypto';

import type { WorkflowJson } from './n8n';

export interface NodeSpec {
	name: string;
	type: string;
	typeVersion: number;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	[k: string]: unknown;
}

/** A workflow id n8n accepts (16 alphanumerics) derived from a readable prefix. */
export function workflowId(prefix: string): string {
	const base = prefix.replace(/[^A-Za-z0-9]/g, '').slice(0, 6);
	const rand = randomUUID().replace(/-/g, '');
	return (base + rand).slice(0, 16);
}

export const manualTrigger = (name = 'Manual Trigger'): NodeSpec => ({
	name,
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	parameters: {},
});

/** A linear workflow: each node feeds the next. Extra connections can be given. */
export function chain(
	name: string,
	nodes: NodeSpec[],
	opts: { id?: string; connections?: Record<string, unknown>; settings?: Record<string, unknown> } = {},
): WorkflowJson {
	const connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		id: opts.id ?? workflowId(name),
		name,
		nodes: nodes.map((n, i) => ({ id: randomUUID(), position: [i * 220, 0], parameters: {}, ...n })),
		connections: { ...connections, ...(opts.connections ?? {}) },
		settings: { executionOrder: 'v1', ...(opts.settings ?? {}) },
		active: false,
	};
}

/** The credential placeholder bound by stack.bindCredentials(). */
export const ESIG_CREDENTIAL = { eSignatureApi: { id: 'placeholder', name: 'E-Signature account' } };
