import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

/*
 * Secrets a user types into node parameters: a webhook's header token (whoever has it can forge callbacks) and the
 * SMS gateway's password. n8n keeps node parameters in the workflow as they are, but the outputs and errors this
 * package builds never carry them: errors name a copy of the node with these masked, and outputs show that a header
 * token is set and its last four characters.
 */

/** Parameter names whose values are secrets, wherever they stand (e.g. Webhooks → Webhook → Header Token). */
export const SECRET_PARAMETERS = new Set(['headerToken', 'smsPassword']);

/** "••••" and the last four characters, so a user can tell two tokens apart; short ones show nothing. */
export function maskedSecret(value: unknown): string | null {
	if (typeof value !== 'string' || value === '') return null;
	return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

function masked(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(masked);
	if (typeof value !== 'object' || value === null) return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, entry]) => [key, SECRET_PARAMETERS.has(key) && typeof entry === 'string' ? maskedSecret(entry) : masked(entry)]),
	);
}

/** The node as errors carry it: its parameters with the secrets masked. */
export function nodeForErrors(node: INode): INode {
	return { ...node, parameters: masked(node.parameters) as INodeParameters };
}

/** A webhook as the service returns it, with its header token masked and whether one is set. */
export function withMaskedHeaderToken(webhook: IDataObject): IDataObject {
	if (!('headerToken' in webhook)) return webhook;
	const { headerToken, ...rest } = webhook;
	return { ...rest, hasHeaderToken: typeof headerToken === 'string' && headerToken !== '', headerToken: maskedSecret(headerToken) };
}

/** A service answer with every header token in it masked, for errors that keep the answer. */
export function maskedAnswer(answer: object): IDataObject {
	const mask = (value: unknown): unknown => {
		if (Array.isArray(value)) return value.map(mask);
		if (typeof value !== 'object' || value === null) return value;
		return withMaskedHeaderToken(Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, mask(entry)])) as IDataObject);
	};
	return mask(answer) as IDataObject;
}
