import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { inputError } from './validation';

/** JSON inputs: parsing with errors that name the field, and key lookup in either spelling. */

export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The key of `entry` spelled like one of `names` in any case (earlier names first): JSON may use either spelling. */
export function findKey(entry: IDataObject, ...names: string[]): string | undefined {
	const keys = Object.keys(entry);
	for (const name of names) {
		const found = keys.find((key) => key.toLowerCase() === name.toLowerCase());
		if (found !== undefined) return found;
	}
	return undefined;
}

/** A key as compared with field names: letters and digits only, lower case ("Phone Number" is "phonenumber"). */
const comparable = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The key of `entry` naming a field by one of `names` (the API's spellings, the node's field name, the label the
 * editor shows), in any case and with or without spaces or punctuation. Earlier names first.
 */
export function findFieldKey(entry: IDataObject, ...names: string[]): string | undefined {
	const keys = Object.keys(entry);
	for (const name of names) {
		const found = keys.find((key) => comparable(key) === comparable(name));
		if (found !== undefined) return found;
	}
	return undefined;
}

/** The value of `entry` under one of `names`, whatever the case of its key. */
export function pick(entry: IDataObject, ...names: string[]): unknown {
	const key = findKey(entry, ...names);
	return key === undefined ? undefined : entry[key];
}

/** A JSON field (n8n may hand over text or the parsed value); undefined when empty. */
export function parseJsonParameter(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): unknown {
	if (typeof value !== 'string') return value;
	if (!value.trim()) return undefined;
	try {
		return JSON.parse(value);
	} catch (error) {
		throw inputError(context, `${fieldLabel} is not valid JSON: ${(error as Error).message}`);
	}
}

/** A JSON parameter that holds a list; an empty field is an empty list. */
export function jsonListParameter(
	context: IExecuteSingleFunctions,
	name: string,
	fieldLabel: string,
	what: string,
): unknown[] {
	const parsed = parseJsonParameter(context, context.getNodeParameter(name, '[]'), fieldLabel) ?? [];
	if (!Array.isArray(parsed)) throw inputError(context, `${fieldLabel} must be an array of ${what}`);
	return parsed;
}
