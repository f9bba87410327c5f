import type { IDataObject } from 'n8n-workflow';

import { inputError, kindOf } from './validation';
import type { ItemChecks, ItemFunctions } from '../service/itemFunctions';

export const isPlainObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

const comparable = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Two keys naming one field ("Email" and "destinationEmail") are refused: one would silently win. */
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

const twoSpellings = (context: ItemChecks, label: string, keys: string[]) =>
	inputError(
		context,
		`${label} is given more than once, as ${keys.map((key) => `"${key}"`).join(' and ')}`,
		'Give each field once, in one spelling: the service would keep only one of them.',
	);

export const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// No field of the service's nests more than a few levels.
const MAX_JSON_DEPTH = 32;

function checkJsonKeys(context: ItemChecks, value: unknown, label: string) {
	const pending: Array<[unknown, number]> = [[value, 0]];
	while (pending.length) {
		const [current, depth] = pending.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		if (depth > MAX_JSON_DEPTH)
			throw inputError(context, `${label} is nested more than ${MAX_JSON_DEPTH} levels deep`);
		const keys = Array.isArray(current) ? [] : Object.keys(current);
		const prototypeKey = keys.find((key) => PROTOTYPE_KEYS.has(key));
		if (prototypeKey !== undefined)
			throw inputError(context, `${label} has the key "${prototypeKey}", which is not allowed`);
		const seen = new Map<string, string>();
		for (const key of keys) {
			const name = comparable(key);
			const earlier = seen.get(name);
			if (earlier !== undefined && name)
				throw twoSpellings(context, `${label}: ${key}`, [earlier, key]);
			seen.set(name, key);
		}
		for (const child of Object.values(current)) pending.push([child, depth + 1]);
	}
}

export function pick(entry: IDataObject, name: string): unknown {
	const found = Object.keys(entry).find((key) => key.toLowerCase() === name.toLowerCase());
	return found === undefined ? undefined : entry[found];
}

/** n8n may hand over text or the parsed value. */
export function parseJsonParameter(context: ItemChecks, value: unknown, label: string) {
	let parsed = value;
	if (typeof value === 'string') {
		if (!value.trim()) return undefined;
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw inputError(context, `${label} is not valid JSON: ${(error as Error).message}`);
		}
	}
	checkJsonKeys(context, parsed, label);
	return parsed;
}

export function jsonObjectParameter(context: ItemChecks, value: unknown, label: string) {
	const parsed = parseJsonParameter(context, value, label);
	if (parsed === undefined || parsed === null || isPlainObject(parsed)) return parsed;
	throw inputError(context, `${label} must be a JSON object, got ${kindOf(parsed)}`);
}

export function jsonListParameter(
	context: ItemFunctions,
	name: string,
	label: string,
	what: string,
): unknown[] {
	const parsed = parseJsonParameter(context, context.getNodeParameter(name, '[]'), label) ?? [];
	if (!Array.isArray(parsed)) throw inputError(context, `${label} must be an array of ${what}`);
	return parsed;
}
