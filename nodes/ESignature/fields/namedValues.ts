import type { INodePropertyOptions } from 'n8n-workflow';

import { inputError, MAX_INTEGER, shown } from './validation';
import type { ItemChecks } from '../service/itemFunctions';

const folded = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A listed name in any case and spacing (a model writes "English"), or any whole number for values added later. */
export function namedValueOf(
	context: ItemChecks,
	value: unknown,
	label: string,
	options: INodePropertyOptions[],
) {
	if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INTEGER)
		return value;
	if (typeof value === 'string') {
		const text = value.trim();
		if (/^\d+$/.test(text) && Number(text) <= MAX_INTEGER) return Number(text);
		const named = options.find((option) => folded(option.name) === folded(text));
		if (named && text) return Number(named.value);
	}
	const allowed = options.map((option) => `${option.name} (${String(option.value)})`).join(', ');
	throw inputError(
		context,
		`${label} must be one of ${allowed}, by name or number; got ` +
			(value === '' ? '(empty)' : `"${shown(value, 41)}"`),
	);
}
