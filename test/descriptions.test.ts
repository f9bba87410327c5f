/**
 * The node's fields are declared per operation and folded into shared properties (shareFieldsAcrossOperations, for
 * the routing engine's per-item cost). Folding must not change what the editor shows: for every operation and every
 * choice of the fields that show or hide others, n8n's own displayParameter must give the same fields in the same order.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { declaredFields as declared } from '../nodes/ESignature/resources';
import { shareFieldsAcrossOperations } from '../nodes/ESignature/fields/folding';

const node = { typeVersion: 1 } as INode;
const folded = new ESignature().description;

/** Every value a show condition other than resource/operation mentions, per parameter. */
function switches(properties: INodeProperties[]): Map<string, unknown[]> {
	const values = new Map<string, Set<unknown>>();
	for (const property of properties) {
		for (const [name, wanted] of Object.entries(property.displayOptions?.show ?? {})) {
			if (name === 'resource' || name === 'operation' || !Array.isArray(wanted)) continue;
			for (const value of wanted)
				(values.get(name) ?? values.set(name, new Set()).get(name)!).add(value);
		}
	}
	return new Map([...values].map(([name, set]) => [name, [undefined, ...set]]));
}

function combinations(choices: Map<string, unknown[]>): Array<Record<string, unknown>> {
	return [...choices].reduce<Array<Record<string, unknown>>>(
		(all, [name, values]) =>
			all.flatMap((partial) =>
				values.map((value) => (value === undefined ? partial : { ...partial, [name]: value })),
			),
		[{}],
	);
}

/** What the editor shows for these parameter values: each field without its display conditions. */
function shown(
	properties: INodeProperties[],
	description: INodeTypeDescription,
	values: Record<string, unknown>,
) {
	return properties
		.filter((property) =>
			NodeHelpers.displayParameter(values as never, property, node, description, values as never),
		)
		.map((property) => {
			const field = { ...property };
			delete field.displayOptions;
			return field;
		});
}

const operations = declared
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.options ?? []).map((option) => ({
			resource: (property.displayOptions!.show!.resource as string[])[0],
			operation: String((option as { value: string }).value),
		})),
	);

describe('fields shared across operations', () => {
	it('the node has every declared field folded in, and fewer properties to walk per item', () => {
		expect(operations).toHaveLength(36);
		// About 200 declared properties fold into fewer than half as many: the engine walks each one per item
		// (docs/performance.md).
		expect(folded.properties.length).toBeLessThan(declared.length * 0.5);
		expect(folded.properties).toEqual(shareFieldsAcrossOperations(declared));
	});

	it.each(operations)(
		'$resource → $operation shows the same fields in the same order',
		({ resource, operation }) => {
			const declaredDescription = { ...folded, properties: declared };
			const choices = switches(declared);
			let checked = 0;
			for (const choice of combinations(choices)) {
				const values = { resource, operation, ...choice };
				const expected = shown(declared, declaredDescription, values);
				expect(shown(folded.properties, folded, values)).toEqual(expected);
				checked += expected.length;
			}
			expect(checked).toBeGreaterThan(0);
		},
	);

	it('keeps each operation in its own order when two operations order the same fields differently', () => {
		const field = (name: string, operation: string): INodeProperties => ({
			displayName: name,
			name,
			type: 'string',
			default: '',
			displayOptions: { show: { resource: ['thing'], operation: [operation] } },
		});
		const operationField: INodeProperties = {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			default: 'a',
			options: [
				{ name: 'A', value: 'a' },
				{ name: 'B', value: 'b' },
			],
			displayOptions: { show: { resource: ['thing'] } },
		};
		const result = shareFieldsAcrossOperations([
			operationField,
			field('x', 'a'),
			field('y', 'a'),
			field('y', 'b'),
			field('x', 'b'),
		]);
		const order = (operation: string) =>
			result
				.filter((p) =>
					(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
				)
				.map((p) => p.name);
		expect(order('a')).toEqual(['x', 'y']);
		expect(order('b')).toEqual(['y', 'x']);
		// One of the two could be shared, not both.
		expect(result).toHaveLength(4);
	});

	it('does not show a field for an operation of another resource that has the same name', () => {
		const scoped = (resource: string, operations: string[]): INodeProperties => ({
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			default: operations[0],
			options: operations.map((value) => ({ name: value, value })),
			displayOptions: { show: { resource: [resource] } },
		});
		const id = (resource: string, operation: string): INodeProperties => ({
			displayName: 'ID',
			name: 'id',
			type: 'string',
			default: '',
			displayOptions: { show: { resource: [resource], operation: [operation] } },
		});
		// Joining would give show {resource: [a, b], operation: [get, delete]}: b → get would show the field.
		const result = shareFieldsAcrossOperations([
			scoped('a', ['get', 'delete']),
			id('a', 'delete'),
			scoped('b', ['get', 'list']),
			id('b', 'get'),
		]);
		expect(result.filter((p) => p.name === 'id')).toHaveLength(2);
	});
});
