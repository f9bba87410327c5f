import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { MAX_ANSWER_DEPTH, TOO_DEEP } from './depth';
import { isErrorItem } from './errorItems';

/*
 * What changes when the node runs as an AI tool, under n8n's AI Agent or MCP Server Trigger (docs/ai-agents.md): a
 * model reads the tool's answer as text, and n8n hands it only an error's message and only the items' JSON.
 */

/** Whether the node runs as a tool: n8n names the tool it makes of a node `<node type>Tool`. */
export function runsAsTool(context: { getNode(): INode }): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * An error as a model reads it: n8n hands an agent only the message, so the explanation (the error's description,
 * with the service's own message) joins it. The service's code is already in the message ("(error 404)").
 */
export function errorForModel<T extends Error>(error: T): T {
	const { description } = error as { description?: string | null };
	if (description && !error.message.includes(description))
		error.message = `${error.message}${/[.!?]$/.test(error.message) ? '' : '.'} ${description}`;
	return error;
}

/** What a tool answers for an empty list: n8n gives a model an empty string for no items, which tells it nothing. */
export function emptyListForModel(itemIndex: number): INodeExecutionData[] {
	return [
		{
			json: {
				count: 0,
				results: [],
				message: 'The service answered with an empty list: nothing matches.',
			},
			pairedItem: { item: itemIndex },
		},
	];
}

/** Keys under which the service's answers carry a signer's signing link: whoever opens one signs as that signer. */
const SIGNING_LINK_KEYS = new Set(['signingUrl', 'invitationLink', 'signingLink']);

/** What a tool's answer says in place of a signing link (docs/ai-agents.md#signing-links). */
export const SIGNING_LINK_NOT_FOR_TOOLS =
	'Not passed to AI tools: whoever has a signing link signs as that signer. Use Invitation → Get Signing Links ' +
	'or Send and Get Links as a tool where the agent must hand out links.';

/**
 * A tool's items without signing links (Get Status' live answer has every pending signer's): a model that read an
 * injected text could pass them to anyone. The operations made to hand them out declare so, and keep theirs
 * (handsOutSigningLinks, routing/engineWorkarounds.ts).
 */
export function withoutSigningLinks(items: INodeExecutionData[]): INodeExecutionData[] {
	const strip = (value: unknown, depth: number): unknown => {
		if (typeof value !== 'object' || value === null) return value;
		if (depth >= MAX_ANSWER_DEPTH) return TOO_DEEP;
		if (Array.isArray(value)) return value.map((entry) => strip(entry, depth + 1));
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [
				key,
				SIGNING_LINK_KEYS.has(key) && typeof entry === 'string' && entry !== ''
					? SIGNING_LINK_NOT_FOR_TOOLS
					: strip(entry, depth + 1),
			]),
		);
	};
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: strip(item.json, 0) as IDataObject },
	);
}
