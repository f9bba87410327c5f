import { inputError, requireHttpUrl } from './validation';
import { runsAsTool } from '../service/asTool';
import type { ItemChecks } from '../service/itemFunctions';

/*
 * What an AI tool may not choose: a value written by the workflow's author is the author's; one from an expression can
 * carry a model's words (docs/security.md#account-settings-as-ai-tools).
 */

/**
 * Whether a parameter's value was written in the node by the workflow's author, not an expression: in an AI tool an
 * expression can carry the model's words, through $fromAI or through the model's arguments, which are the tool's
 * input item ($json). The path is the parameter's, such as "updateFields.webhookUrl" or
 * "webhooks.webhook.0.webhookUrl"; a value left at its default was not written by anyone else either.
 */
export function isWrittenInNode(context: ItemChecks, path: string): boolean {
	let value: unknown = context.getNode().parameters;
	for (const key of path.split('.')) {
		if (typeof value === 'string' && value.startsWith('=')) return false;
		if (
			value === null ||
			typeof value !== 'object' ||
			!Object.prototype.hasOwnProperty.call(value, key)
		)
			return true;
		value = (value as Record<string, unknown>)[key];
	}
	if (typeof value === 'string') return !value.startsWith('=');
	return !JSON.stringify(value ?? null).includes('"=');
}

/**
 * A URL that sends the account's data somewhere (its callbacks, with signed PDFs and header tokens; its SMS gateway,
 * with the gateway's password): when the node runs as an AI tool it must be written in the node by the workflow's
 * author, or an injected instruction could point it at an attacker (docs/security.md#account-settings-as-ai-tools).
 */
export function requireAuthorsUrl(
	context: ItemChecks,
	path: string,
	value: unknown,
	fieldLabel: string,
): string {
	if (runsAsTool(context) && !isWrittenInNode(context, path)) {
		throw inputError(
			context,
			`${fieldLabel}: an AI tool may not choose this URL: write it in the node, not with an expression or the model`,
			"Where the account's callbacks and messages go is the workflow author's decision: a model can be told by " +
				'any text it reads to send them to someone else.',
		);
	}
	return requireHttpUrl(context, value, fieldLabel);
}
