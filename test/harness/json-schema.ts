/**
 * The part of JSON Schema the output schemas use (nodes/ESignature/__schema__/), checked strictly: an object schema
 * with `properties` is closed (an undeclared field fails, so a schema cannot fall behind the output; one without
 * `properties` is a value as the service sends it), every `required` field present, types exact (`integer` only for
 * whole numbers). Keywords it does not know fail the check, so a schema never looks valid for a rule nobody checks.
 */

export interface JsonSchema {
	type?: JsonType | JsonType[];
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	items?: JsonSchema;
	enum?: unknown[];
	/** n8n's own schemas carry one at the top. */
	version?: number;
}

type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

const KNOWN = new Set([
	'type',
	'description',
	'properties',
	'required',
	'items',
	'enum',
	'version',
]);

function typeOf(value: unknown): JsonType {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value as JsonType;
}

/** The problems of `value` against `schema`, each with its path (`$.signers[0].email`); empty when it conforms. */
export function validate(schema: JsonSchema, value: unknown, path = '$'): string[] {
	const unknown = Object.keys(schema).filter((key) => !KNOWN.has(key));
	if (unknown.length > 0)
		return [`${path}: the schema uses keywords this check does not know: ${unknown.join(', ')}`];
	if (schema.type === undefined) return [`${path}: the schema has no type`];
	const types = ([] as JsonType[]).concat(schema.type);
	const actual = typeOf(value);
	if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
		return [
			`${path}: is ${actual} (${JSON.stringify(value)?.slice(0, 80)}), the schema says ${types.join(' or ')}`,
		];
	}
	const problems: string[] = [];
	if (schema.enum && !schema.enum.some((allowed) => allowed === value)) {
		problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
	}
	if (actual === 'object') {
		const object = value as Record<string, unknown>;
		const { properties } = schema;
		for (const key of schema.required ?? []) {
			if (properties && !(key in properties))
				problems.push(`${path}: the schema requires ${key} but does not describe it`);
			if (!(key in object)) problems.push(`${path}: misses ${key}, which the schema requires`);
		}
		for (const [key, field] of Object.entries(properties ? object : {})) {
			if (!(key in properties!)) problems.push(`${path}.${key}: is not in the schema`);
			else problems.push(...validate(properties![key], field, `${path}.${key}`));
		}
	}
	if (actual === 'array') {
		if (!schema.items) problems.push(`${path}: the schema does not describe its items`);
		else
			(value as unknown[]).forEach((item, index) =>
				problems.push(...validate(schema.items!, item, `${path}[${index}]`)),
			);
	}
	return problems;
}
