import type { INode, INodeExecutionData } from 'n8n-workflow';

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
	if (description && !error.message.includes(description)) {
		error.message = `${error.message}${/[.!?]$/.test(error.message) ? '' : '.'} ${description}`;
	}
	return error;
}

/**
 * What a tool answers for an empty list: n8n gives a model an empty string for no items, which tells it nothing.
 */
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
