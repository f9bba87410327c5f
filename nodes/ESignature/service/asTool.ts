import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { rebuilt } from './depth';
import { withAnswerJson } from './errorItems';

// n8n names the tool it makes of a node `<node type>Tool`.
export function runsAsTool(context: { getNode(): INode }) {
	return context.getNode().type.endsWith('Tool');
}

// n8n hands an agent only an error's message (docs/ai-agents.md#errors).
export function errorForModel<T extends Error>(error: T) {
	const { description } = error as { description?: string | null };
	if (description && !error.message.includes(description))
		error.message = `${error.message}${/[.!?]$/.test(error.message) ? '' : '.'} ${description}`;
	return error;
}

// Whoever opens a signing link signs as that signer (docs/ai-agents.md#signing-links).
export const SIGNING_LINK_NOT_FOR_TOOLS =
	'Not passed to AI tools: whoever has a signing link signs as that signer. Use Invitation → Get Signing Links ' +
	'or Send and Get Links as a tool where the agent must hand out links.';

function withoutSigningLinks(copy: IDataObject) {
	for (const key of ['signingUrl', 'invitationLink', 'signingLink'])
		if (typeof copy[key] === 'string' && copy[key] !== '') copy[key] = SIGNING_LINK_NOT_FOR_TOOLS;
	return copy;
}

export function signingLinksHiddenFromModel(items: INodeExecutionData[]) {
	return withAnswerJson(items, (json) => rebuilt(json, (value) => value, withoutSigningLinks));
}
