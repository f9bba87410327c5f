import type { INodeProperties } from 'n8n-workflow';

/*
 * Sharing fields between operations.
 *
 * n8n's routing engine walks every top-level property of a declarative node for every item, twice (once for the
 * request, once to find the base URL), whether the property is shown or not. With one property per field and
 * operation, that walk cost more than the request itself (figure 1 of `npm run bench`, docs/performance.md).
 * The operation files keep declaring their own fields; the node's list is then folded so that a field defined
 * identically on several operations becomes one property shown for all of them. A field only moves where every
 * operation still shows its fields in the same order, and is only shown for the operations it was defined on
 * (test/descriptions.test.ts proves the editor shows the same fields, in the same order, for every operation).
 */

/** "resource:operation" */
type Pair = string;

const pairsOf = (resources: string[], operations: string[]): Pair[] =>
	resources.flatMap((resource) => operations.map((operation) => `${resource}:${operation}`));

/** The operations a field is shown for, when that is all its show conditions say about them. */
function scopeOf(property: INodeProperties): { resources: string[]; operations: string[] } | undefined {
	const { show, ...others } = property.displayOptions ?? {};
	if (!show || Object.keys(others).length) return undefined;
	const { resource, operation } = show;
	if (!Array.isArray(resource) || !Array.isArray(operation)) return undefined;
	return { resources: resource as string[], operations: operation as string[] };
}

/** Whether the editor may show `property` for this operation (its other conditions aside). */
function mayShow(property: INodeProperties, pair: Pair): boolean {
	const [resource, operation] = pair.split(':');
	const show = property.displayOptions?.show;
	const allows = (values: unknown, value: string) => !Array.isArray(values) || values.includes(value);
	return allows(show?.resource, resource) && allows(show?.operation, operation);
}

/** A field's definition apart from the operations it is shown for; hooks compare by identity. */
function definitionKey(property: INodeProperties, hooks: Map<unknown, number>): string {
	const show = { ...property.displayOptions?.show };
	delete show.resource;
	delete show.operation;
	return JSON.stringify({ ...property, displayOptions: { show } }, (_key, value: unknown) => {
		if (typeof value !== 'function') return value;
		if (!hooks.has(value)) hooks.set(value, hooks.size);
		return `hook #${hooks.get(value)}`;
	});
}

interface Folded {
	property: INodeProperties;
	key?: string;
	/** The operations it is shown for. */
	pairs: Pair[];
}

export function shareFieldsAcrossOperations(properties: INodeProperties[]): INodeProperties[] {
	const hooks = new Map<unknown, number>();
	const operationsOf = new Map<string, string[]>();
	for (const property of properties) {
		const resource = property.displayOptions?.show?.resource;
		if (property.name === 'operation' && Array.isArray(resource) && resource.length === 1) {
			operationsOf.set(resource[0] as string, (property.options ?? []).map((option) => String((option as { value: unknown }).value)));
		}
	}
	const exists = (pair: Pair) => operationsOf.get(pair.split(':')[0])?.includes(pair.split(':')[1]) ?? false;
	// Where each operation's last field is: a field may move down only past operations that are over.
	const lastField = new Map<Pair, number>();
	properties.forEach((property, index) => {
		const scope = scopeOf(property);
		if (scope) for (const pair of pairsOf(scope.resources, scope.operations)) lastField.set(pair, index);
	});

	const folded: Folded[] = [];
	properties.forEach((property, index) => {
		const scope = scopeOf(property);
		const entry: Folded = scope
			? { property, key: definitionKey(property, hooks), pairs: pairsOf(scope.resources, scope.operations) }
			: { property, pairs: [] };
		// The nearest identical field it can join without changing any operation's order of fields.
		for (let at = folded.length - 1; scope && at >= 0; at--) {
			if (folded[at].key === entry.key && joins(folded[at], entry) && fold(at, entry, index)) return;
		}
		folded.push(entry);
	});
	return folded.map((entry) => entry.property);

	function fold(at: number, entry: Folded, index: number): boolean {
		const earlier = folded[at];
		const between = folded.slice(at + 1).map((other) => other.property);
		const showsBetween = (pairs: Pair[]) => between.some((other) => pairs.some((pair) => mayShow(other, pair)));
		const merged = mergedEntry(earlier, entry);
		// Stay up: this field's operations show nothing between the two places.
		if (!showsBetween(entry.pairs)) {
			folded[at] = merged;
			return true;
		}
		// Move down: the earlier operations show nothing after their field, now or later.
		const over = earlier.pairs.every((pair) => (lastField.get(pair) ?? -1) < index);
		if (over && !showsBetween(earlier.pairs)) {
			folded.splice(at, 1);
			folded.push(merged);
			return true;
		}
		return false;
	}

	/** show: {resource, operation} lists every combination: only join when none is an operation it was not on. */
	function joins(a: Folded, b: Folded): boolean {
		const intended = new Set([...a.pairs, ...b.pairs]);
		const { resources, operations } = unionScope(a, b);
		return pairsOf(resources, operations).every((pair) => intended.has(pair) || !exists(pair));
	}
}

function unionScope(a: Folded, b: Folded) {
	const [sa, sb] = [scopeOf(a.property)!, scopeOf(b.property)!];
	return {
		resources: [...new Set([...sa.resources, ...sb.resources])],
		operations: [...new Set([...sa.operations, ...sb.operations])],
	};
}

function mergedEntry(earlier: Folded, later: Folded): Folded {
	const { resources, operations } = unionScope(earlier, later);
	const show = { ...earlier.property.displayOptions!.show, resource: resources, operation: operations };
	return { ...earlier, property: { ...earlier.property, displayOptions: { show } }, pairs: [...earlier.pairs, ...later.pairs] };
}
