/** Tiny helpers to write n8n workflow JSON in tests. */
import { randomUUID } from 'node:crypto';

import { PACKAGE_NAME, type WorkflowJson } from './n8n';

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
	opts: {
		id?: string;
		connections?: Record<string, unknown>;
		settings?: Record<string, unknown>;
	} = {},
): WorkflowJson {
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: string; index: number }>> }
	> = {};
	for (let i = 0; i + 1 < nodes.length; i++) {
		connections[nodes[i].name] = { main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]] };
	}
	return {
		id: opts.id ?? workflowId(name),
		name,
		nodes: nodes.map((n, i) => ({
			id: randomUUID(),
			position: [i * 220, 0],
			parameters: {},
			...n,
		})),
		connections: { ...connections, ...(opts.connections ?? {}) },
		settings: { executionOrder: 'v1', ...(opts.settings ?? {}) },
		active: false,
	};
}

/** The credential placeholder bound by stack.bindCredentials(). */
export const ESIG_CREDENTIAL = {
	eSignatureApi: { id: 'placeholder', name: 'E-Signature account' },
};

/**
 * A Code node that reads a binary property of its first input item through n8n's binary store (so it works in every
 * store, also where n8n's REST API cannot serve the file) and outputs its size and CRC-32.
 */
export function fileFingerprint(name: string, property: string): NodeSpec {
	const jsCode = [
		`const bytes = await this.helpers.getBinaryDataBuffer(0, ${JSON.stringify(property)});`,
		'const table = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });',
		// Read as one latin1 string (a byte a character): n8n 1.x runs the Code node in a sandbox whose Buffer is a proxy,
		// where reading 20 MB a byte at a time holds n8n's event loop for a minute.
		"const text = bytes.toString('latin1');",
		'let crc = 0xffffffff;',
		'for (let i = 0; i < text.length; i++) crc = table[(crc ^ text.charCodeAt(i)) & 0xff] ^ (crc >>> 8);',
		'return [{ json: { size: bytes.length, crc32: (crc ^ 0xffffffff) >>> 0 } }];',
	].join('\n');
	return { name, type: 'n8n-nodes-base.code', typeVersion: 2, parameters: { jsCode } };
}

/** The CRC-32 fileFingerprint computes, for the expected bytes. */
export function crc32(bytes: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of bytes) {
		crc ^= byte;
		for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
	}
	return (crc ^ 0xffffffff) >>> 0;
}

/** An E-Signature action node with the credential placeholder. */
export const esignatureNode = (
	name: string,
	parameters: Record<string, unknown>,
	extra: Partial<NodeSpec> = {},
): NodeSpec => ({
	name,
	type: `${PACKAGE_NAME}.eSignature`,
	typeVersion: 1,
	parameters,
	credentials: ESIG_CREDENTIAL,
	...extra,
});

/**
 * A workflow made of n8n's Webhook node at `/webhook/<path>`: the channel a workflow delivers signing links through
 * (a chat's incoming webhook), played by n8n itself. Each message is one execution of it, its body in the output.
 */
export function messageInbox(path: string): WorkflowJson {
	return chain(`Inbox ${path}`, [
		{
			name: 'Inbox',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			webhookId: randomUUID(),
			parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
		},
	]);
}
