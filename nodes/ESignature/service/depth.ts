import type { IDataObject } from 'n8n-workflow';

// Recursive walkers of an answer (simplify, scrub, mask) would exhaust the stack on JSON nested 100,000 levels deep.
export const MAX_ANSWER_DEPTH = 64;

export const TOO_DEEP = '(nested too deep: left out)';

// A copy of lists and objects, TOO_DEEP past the bound: `leaf` maps the rest, `object` each object copied.
export function rebuilt(
	value: unknown,
	leaf: (value: unknown) => unknown,
	object: (copy: IDataObject) => unknown = (copy) => copy,
	depth = 0,
): unknown {
	if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return leaf(value);
	if (depth >= MAX_ANSWER_DEPTH) return TOO_DEEP;
	const again = (inner: unknown) => rebuilt(inner, leaf, object, depth + 1);
	if (Array.isArray(value)) return value.map(again);
	return object(
		Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [key, again(inner)]),
		) as IDataObject,
	);
}

export function nestedDeeperThan(value: unknown, limit = MAX_ANSWER_DEPTH) {
	const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
	while (pending.length) {
		const { value: current, depth } = pending.pop()!;
		if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
		if (depth >= limit) return true;
		for (const child of Array.isArray(current) ? current : Object.values(current))
			pending.push({ value: child, depth: depth + 1 });
	}
	return false;
}
