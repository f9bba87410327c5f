import type { INodeProperties } from 'n8n-workflow';

/*
 * Sharing fields between operations.
 *
 * n8n's routing engine walks every top-level property of a declarative node for every item, twice (once for the
 * request, once to find the base URL), whether the property is shown or not; and it evaluates a parameter's
 * expression once per property of that name, in each walk, before it checks whether the property is shown. With one
 * property per field and operation, the walk cost more than the request itself, and an Envelope ID given by
 * expression was evaluated six times per item (figures 1 and 2 of `npm run bench`, docs/performance.md).
 *
 * The operation files keep declaring their own fields; the node's list is then folded so that a field defined
 * identically on several operations becomes one property shown for all of them. The order of the folded list is
 * worked out from every operation's own order of fields: a field is only shared where some order of the whole list
 * still shows every operation its fields in the order it declares them, and it is only shown for the operations it
 * was defined on (test/descriptions.test.ts proves the editor shows the same fields, in the same order, for every
 * operation and every choice of the fields that show others).
 */

/** "resource:operation" */
type Pair = string;

const pairsOf = (resources: string[], operations: string[]): Pair[] =>
	resources.flatMap((resource) => operations.map((operation) => `${resource}:${operation}`));

/** The operations a field is shown for, when that is all its show conditions say about them. */
function scopeOf(
	property: INodeProperties,
): { resources: string[]; operations: string[] } | undefined {
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
	const allows = (values: unknown, value: string) =>
		!Array.isArray(values) || values.includes(value);
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

/** One property of the folded list: one declared field, or several identical ones. */
interface Shared {
	property: INodeProperties;
	/** Undefined for properties that are not shown per operation (resource, operation): never shared. */
	key?: string;
	resources: string[];
	operations: string[];
	/** The operations it is shown for. */
	pairs: Set<Pair>;
	/** Where it was first declared: where the operations leave it free, the folded list keeps the declared order. */
	first: number;
}

export function shareFieldsAcrossOperations(properties: INodeProperties[]): INodeProperties[] {
	const hooks = new Map<unknown, number>();
	const operationsOf = new Map<string, string[]>();
	for (const property of properties) {
		const resource = property.displayOptions?.show?.resource;
		if (property.name === 'operation' && Array.isArray(resource) && resource.length === 1) {
			operationsOf.set(
				resource[0] as string,
				(property.options ?? []).map((option) => String((option as { value: unknown }).value)),
			);
		}
	}
	const allPairs = [...operationsOf].flatMap(([resource, operations]) =>
		pairsOf([resource], operations),
	);
	const exists = new Set(allPairs);
	/** Every operation's fields in their declared order, as indexes into `properties`. */
	const declaredOrder = new Map<Pair, number[]>(allPairs.map((pair) => [pair, []]));

	const shared: Shared[] = [];
	/** The shared property each declared field went into. */
	const sharedOf: number[] = [];

	properties.forEach((property, index) => {
		for (const pair of allPairs) if (mayShow(property, pair)) declaredOrder.get(pair)!.push(index);
		const scope = scopeOf(property);
		const own: Shared = scope
			? {
					property,
					key: definitionKey(property, hooks),
					...scope,
					pairs: new Set(pairsOf(scope.resources, scope.operations)),
					first: index,
				}
			: { property, resources: [], operations: [], pairs: new Set(), first: index };
		for (let at = 0; own.key !== undefined && at < shared.length; at++) {
			const candidate = shared[at];
			if (candidate.key !== own.key || !joins(candidate, own)) continue;
			sharedOf[index] = at;
			if (orderOfShared()) {
				shared[at] = merged(candidate, own);
				return;
			}
		}
		shared.push(own);
		sharedOf[index] = shared.length - 1;
	});
	return orderOfShared()!.map((at) => shared[at].property);

	/**
	 * An order of the shared properties that shows every operation its fields in its declared order, keeping the
	 * declared order where the operations leave a choice; undefined when there is none (two operations would need two
	 * shared fields in opposite orders).
	 */
	function orderOfShared(): number[] | undefined {
		const count = Math.max(...sharedOf) + 1;
		const after = Array.from({ length: count }, () => new Set<number>());
		const before = new Array<number>(count).fill(0);
		for (const fields of declaredOrder.values()) {
			for (let i = 1; i < fields.length; i++) {
				const [from, to] = [sharedOf[fields[i - 1]], sharedOf[fields[i]]];
				if (from === to) return undefined;
				if (!after[from].has(to)) {
					after[from].add(to);
					before[to]++;
				}
			}
		}
		const order: number[] = [];
		const ready = new Set<number>();
		for (let at = 0; at < count; at++) if (before[at] === 0) ready.add(at);
		while (ready.size) {
			const next = Math.min(...[...ready].map((at) => shared[at].first));
			const at = [...ready].find((candidate) => shared[candidate].first === next)!;
			ready.delete(at);
			order.push(at);
			for (const to of after[at]) if (--before[to] === 0) ready.add(to);
		}
		return order.length === count ? order : undefined;
	}

	/**
	 * show: {resource, operation} lists every combination: only join when none is an operation that has neither field,
	 * and when no operation has both.
	 */
	function joins(a: Shared, b: Shared): boolean {
		if ([...b.pairs].some((pair) => a.pairs.has(pair))) return false;
		const resources = union(a.resources, b.resources);
		const operations = union(a.operations, b.operations);
		return pairsOf(resources, operations).every(
			(pair) => a.pairs.has(pair) || b.pairs.has(pair) || !exists.has(pair),
		);
	}
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];

function merged(earlier: Shared, later: Shared): Shared {
	const resources = union(earlier.resources, later.resources);
	const operations = union(earlier.operations, later.operations);
	const show = {
		...earlier.property.displayOptions!.show,
		resource: resources,
		operation: operations,
	};
	return {
		...earlier,
		property: { ...earlier.property, displayOptions: { show } },
		resources,
		operations,
		pairs: new Set([...earlier.pairs, ...later.pairs]),
	};
}
