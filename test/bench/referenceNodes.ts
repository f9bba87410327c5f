/**
 * Nodes to compare ours with inside the same routing engine, to tell n8n's per-item cost from ours:
 * - the least a declarative node can be: our credential and request defaults, one routed field, no hooks;
 * - for downloads, the least declarative node with n8n's own `binaryData` output;
 * - our node cut down to the fields one operation shows: the same hooks, validation and output, without the walk
 *   over every other operation's fields that n8n's routing engine does for each item.
 */
import type { INode, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ESignature } from '../../nodes/ESignature/ESignature.node';

export function leastStatusNode(): INodeType {
	const ours = new ESignature().description;
	return {
		description: {
			...ours,
			properties: [
				{
					displayName: 'Envelope ID',
					name: 'envelopeId',
					type: 'string',
					default: '',
					routing: { request: { method: 'GET', url: '=/api/v1/envelopes/{{ $value }}/status' } },
				},
			],
		},
	};
}

export function leastDownloadNode(): INodeType {
	const ours = new ESignature().description;
	return {
		description: {
			...ours,
			properties: [
				{
					displayName: 'Document ID',
					name: 'documentId',
					type: 'string',
					default: '',
					routing: {
						request: { method: 'GET', url: '=/api/v1/documents/{{ $value }}', encoding: 'arraybuffer', json: false },
						output: { postReceive: [{ type: 'binaryData', properties: { destinationProperty: 'data' } }] },
					},
				},
			],
		},
	};
}

export function oursWithFieldsOf(resource: string, operation: string): INodeType {
	const node = new ESignature();
	const values = { resource, operation };
	node.description.properties = node.description.properties.filter((property) =>
		NodeHelpers.displayParameter(values, property, { typeVersion: 1 } as INode, node.description, values),
	);
	return node;
}
