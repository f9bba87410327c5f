import type { IDataObject } from 'n8n-workflow';

import { inputError, kindOf } from './validation';
import type { ItemChecks, ItemFunctions } from '../service/itemFunctions';

/*
 * JSON inputs. Every JSON field passes parseJsonParameter, which refuses keys naming an object's prototype, and one
 * field written in two spellings (`signeOrder` and `SigneOrder`), of which one would silently win.
 */

/** An object of JSON's kind: not null, a list, or bytes. */
export function isPlainObject(value: unknown): value is IDataObject {
	return (
		typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
	);
}

/** A key as compared with field names: letters and digits only, lower case ("Phone Number" is "phonenumber"). */
const comparable = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The key of `entry` naming a field by one of `names` (API spellings, field name, label), in any case, with or without
 * spaces. Two keys naming one field ("Email" and "destinationEmail") are refused, naming `label`.
 */
export function findFieldKey(
	context: ItemChecks,
	entry: IDataObject,
	label: string,
	...names: string[]
): string | undefined {
	const wanted = new Set(names.map(comparable));
	const found = Object.keys(entry).filter((key) => wanted.has(comparable(key)));
	if (found.length > 1) throw twoSpellings(context, label, found);
	return found[0];
}

function twoSpellings(context: ItemChecks, label: string, keys: string[]) {
	return inputError(
		context,
		`${label} is given more than once, as ${keys.map((key) => `"${key}"`).join(' and ')}`,
		'Give each field once, in one spelling: the service would keep only one of them.',
	);
}

/** Keys that would reach an object's prototype rather than name a field. */
export const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON nested deeper than this is refused: no field of the service's nests more than a few levels. */
const MAX_JSON_DEPTH = 32;

/** Refuses prototype keys and one key in two spellings, at every depth (iterative: no deep recursion). */
function checkJsonKeys(context: ItemChecks, value: unknown, fieldLabel: string): void {
	const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
	while (pending.length) {
		const { value: current, depth } = pending.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		if (depth > MAX_JSON_DEPTH)
			throw inputError(context, `${fieldLabel} is nested more than ${MAX_JSON_DEPTH} levels deep`);
		const keys = Array.isArray(current) ? [] : Object.keys(current);
		const prototypeKey = keys.find((key) => PROTOTYPE_KEYS.has(key));
		if (prototypeKey !== undefined)
			throw inputError(
				context,
				`${fieldLabel} has the key "${prototypeKey}", which is not allowed`,
			);
		const seen = new Map<string, string>();
		for (const key of keys) {
			const earlier = seen.get(comparable(key));
			if (earlier !== undefined && comparable(key) !== '')
				throw twoSpellings(context, `${fieldLabel}: ${key}`, [earlier, key]);
			seen.set(comparable(key), key);
		}
		const children = Array.isArray(current) ? current : Object.values(current);
		for (const child of children) pending.push({ value: child, depth: depth + 1 });
	}
}

/** The value of `entry` under one of `names` (earlier names first), whatever the case of its key. */
export function pick(entry: IDataObject, ...names: string[]): unknown {
	const keys = Object.keys(entry);
	for (const name of names) {
		const found = keys.find((key) => key.toLowerCase() === name.toLowerCase());
		if (found !== undefined) return entry[found];
	}
	return undefined;
}

/** A JSON field (n8n may hand over text or the parsed value); undefined when empty. Its keys are checked (see top). */
export function parseJsonParameter(
	context: ItemChecks,
	value: unknown,
	fieldLabel: string,
): unknown {
	let parsed = value;
	if (typeof value === 'string') {
		if (!value.trim()) return undefined;
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw inputError(context, `${fieldLabel} is not valid JSON: ${(error as Error).message}`);
		}
	}
	checkJsonKeys(context, parsed, fieldLabel);
	return parsed;
}

/** A JSON field that holds an object (or null, or nothing); anything else is refused. */
export function jsonObjectParameter(
	context: ItemChecks,
	value: unknown,
	fieldLabel: string,
): IDataObject | null | undefined {
	const parsed = parseJsonParameter(context, value, fieldLabel);
	if (parsed === undefined || parsed === null || isPlainObject(parsed)) return parsed;
	throw inputError(context, `${fieldLabel} must be a JSON object, got ${kindOf(parsed)}`);
}

/** A JSON parameter that holds a list; an empty field is an empty list. */
export function jsonListParameter(
	context: ItemFunctions,
	name: string,
	fieldLabel: string,
	what: string,
): unknown[] {
	const parsed =
		parseJsonParameter(context, context.getNodeParameter(name, '[]'), fieldLabel) ?? [];
	if (!Array.isArray(parsed))
		throw inputError(context, `${fieldLabel} must be an array of ${what}`);
	return parsed;
}
