import { inputError, requireHttpUrl } from './validation';
import { runsAsTool } from '../service/asTool';
import type { ItemChecks } from '../service/itemFunctions';

// In an AI tool an expression can carry the model's words ($fromAI, $json).
export function isWrittenInNode(context: ItemChecks, path: string) {
	let value: unknown = context.getNode().parameters;
	for (const key of path.split('.')) {
		if (typeof value === 'string' && value.startsWith('=')) return false;
		if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return true;
		value = (value as Record<string, unknown>)[key];
	}
	if (typeof value === 'string') return !value.startsWith('=');
	return !JSON.stringify(value ?? null).includes('"=');
}

// Or a model could send the account's data elsewhere.
export function requireAuthorsUrl(
	context: ItemChecks,
	path: string,
	value: unknown,
	label: string,
) {
	if (runsAsTool(context) && !isWrittenInNode(context, path))
		throw inputError(
			context,
			`${label}: an AI tool may not choose this URL: write it in the node, not with an expression or the model`,
			"Where the account's callbacks and messages go is the workflow author's decision: a model can be told by " +
				'any text it reads to send them to someone else.',
		);
	return requireHttpUrl(context, value, label);
}
