import type { INodePropertyOptions } from 'n8n-workflow';

import { inputError, MAX_INTEGER } from './validation';
import type { ItemChecks } from '../service/itemFunctions';

/*
 * The one rule for enumerated fields: a value by its listed name, in any case and spacing, or by its number. A model
 * writes "English" where a workflow builder picks from the list (docs/ai-agents.md#named-values).
 */

/** A name as compared: letters and digits only, lower case ("SMS One-Time Password" = "sms one time password"). */
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;
const folded = (name: string) => name.toLowerCase().replace(NOT_LETTER_OR_DIGIT, '');

/** The allowed values as an error lists them: `Arabic (1), English (2)`. */
export function allowedValues(options: INodePropertyOptions[]): string {
	return options.map((option) => `${option.name} (${String(option.value)})`).join(', ');
}

/** An enumerated value as its routing sends it once namedValueOf checked it: a name's number, else the number. */
export function namedValueSent(options: INodePropertyOptions[]): string {
	const numbers = JSON.stringify(
		Object.fromEntries(options.map(({ name, value }) => [folded(name), value])),
	);
	const separators = `/${NOT_LETTER_OR_DIGIT.source}/${NOT_LETTER_OR_DIGIT.flags}`;
	return (
		`={{ (${numbers})[String($value).toLowerCase().replace(${separators}, "")] ` +
		'?? Number(String($value).trim()) }}'
	);
}

/** An enumerated value's number: a listed name, or any whole number (docs/service-api.md#enumerations). */
export function namedValueOf(
	context: ItemChecks,
	value: unknown,
	fieldLabel: string,
	options: INodePropertyOptions[],
): number {
	if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INTEGER)
		return value;
	if (typeof value === 'string') {
		const text = value.trim();
		if (/^\d+$/.test(text) && Number(text) <= MAX_INTEGER) return Number(text);
		const named = options.find((option) => folded(option.name) === folded(text));
		if (named && text) return Number(named.value);
	}
	let shown: string;
	try {
		shown =
			value === '' ? '(empty)' : `"${typeof value === 'string' ? value : JSON.stringify(value)}"`;
	} catch {
		shown = String(value);
	}
	throw inputError(
		context,
		`${fieldLabel} must be one of ${allowedValues(options)}, by name or number; got ` +
			`${shown.length > 42 ? `${shown.slice(0, 39)}..."` : shown}`,
	);
}
