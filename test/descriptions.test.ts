/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Each resource declares the fields its operations share once; fields identical across resources are folded into one
 * property when the node is loaded (shareFieldsAcrossOperations, for the routing engine's per-item cost). Folding must
 * not change what the editor shows: for every operation and every choice of the fields that show or hide others,
 * n8n's own displayParameter must give the same fields in the same order.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { declaredFields as declared } from '../nodes/ESignature/resources';
import { shareFieldsAcrossOperations } from '../nodes/ESignature/fields/folding';
import {
	isPairedWithItem,
	sendWithWorkarounds,
} from '../nodes/ESignature/routing/engineWorkarounds';
import type { RecordedView } from './descriptions/editorView';
import {
	editorViewOf,
	expandView,
	operationsOf,
	recordView,
	recordedText,
} from './descriptions/editorView';

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

/** Whether the resource and operation conditions of a field let it show for this operation. */
function showsFor(
	field: INodeProperties,
	{ resource, operation }: { resource: string; operation: string },
) {
	const show = field.displayOptions?.show ?? {};
	const allows = (wanted: unknown, value: string) =>
		!Array.isArray(wanted) || wanted.includes(value);
	return allows(show.resource, resource) && allows(show.operation, operation);
}

/** The operations a field shows for, by its resource and operation conditions. */
const pairsShowing = (field: INodeProperties) => operations.filter((pair) => showsFor(field, pair));

describe('fields shared across operations', () => {
	it('the node has every declared field folded in, and fewer properties to walk per item', () => {
		expect(operations).toHaveLength(36);
		// The engine walks every top-level property per item (docs/performance.md): 105 after folding before the
		// restructure of issue 29, which declares shared fields once; the walk must not grow while it lands.
		expect(folded.properties.length).toBeLessThanOrEqual(110);
		// Each field is in the node for every operation it was declared for.
		const missing = declared.flatMap((field) =>
			pairsShowing(field)
				.filter(
					(pair) => !folded.properties.some((p) => p.name === field.name && showsFor(p, pair)),
				)
				.map((pair) => `${field.name} for ${pair.resource}:${pair.operation}`),
		);
		expect(missing).toEqual([]);
	});

	it('every field names only resources and operations the node has, and shows for at least one', () => {
		const stray = declared.flatMap((field) => {
			const show = field.displayOptions?.show ?? {};
			const named = [
				...((show.resource as string[] | undefined) ?? []).filter(
					(resource) => !operations.some((pair) => pair.resource === resource),
				),
				...((show.operation as string[] | undefined) ?? []).filter(
					(operation) =>
						!operations.some((pair) => pair.operation === operation && showsFor(field, pair)),
				),
			];
			const shownNowhere = field.name !== 'resource' && pairsShowing(field).length === 0;
			return [...named, ...(shownNowhere ? ['no operation'] : [])].map(
				(what) => `${field.name}: ${what}`,
			);
		});
		expect(stray).toEqual([]);
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

/*
 * What the editor shows of every operation, as recorded before the restructure of issue 29 (commit 42b376c): saved
 * workflows and users depend on it. A deliberate change (a better display name) records the view again:
 * `RECORD_EDITOR_VIEW=1 npx jest test/descriptions.test.ts --selectProjects unit`, then `npm run format`; the diff
 * shows what changed.
 */
describe('what the editor shows', () => {
	const recordedPath = join(__dirname, 'descriptions', 'editor-view.json');
	if (process.env.RECORD_EDITOR_VIEW === '1')
		writeFileSync(recordedPath, recordedText(recordView(folded)));
	const recorded = JSON.parse(readFileSync(recordedPath, 'utf8')) as RecordedView;

	it('has the recorded operations, no more, no fewer', () => {
		expect(operationsOf(folded)).toEqual(Object.keys(recorded.operations));
	});

	it.each(Object.keys(recorded.operations))(
		'%s shows the recorded fields in the recorded order, for every choice of the fields that switch others',
		(operation) => {
			const recordedView = expandView(recorded, operation);
			expect(Object.keys(recordedView).length).toBeGreaterThan(0);
			expect(editorViewOf(folded, operation)).toEqual(recordedView);
		},
	);
});

describe('the routing the node declares', () => {
	type Entry = {
		name?: string;
		routing?: INodeProperties['routing'];
		options?: unknown[];
		values?: unknown[];
	};
	/** Every entry of the description with routing, nested ones (options, collections) included, with its path. */
	function routed(entries: unknown[], path: string): Array<[string, Entry]> {
		return (entries as Entry[]).flatMap((entry) => {
			if (typeof entry !== 'object' || entry === null) return [];
			const here = `${path}/${entry.name ?? (entry as { value?: string }).value}`;
			return [
				...(entry.routing ? [[here, entry] as [string, Entry]] : []),
				...routed(entry.options ?? [], here),
				...routed(entry.values ?? [], here),
			];
		});
	}

	it('declares every preSend hook with pairedWithItem, so that its refusal is an error of its own item', () => {
		const hooks = routed(folded.properties, '').flatMap(([path, entry]) =>
			(entry.routing?.send?.preSend ?? []).map((hook) => [path, hook.name, isPairedWithItem(hook)]),
		);
		expect(hooks.length).toBeGreaterThan(20);
		expect(hooks.filter(([, , paired]) => !paired)).toEqual([]);
	});

	it('sends every operation through sendWithWorkarounds: paginate is declared once, on the Resource field', () => {
		expect(folded.requestOperations?.pagination).toBe(sendWithWorkarounds);
		const paginating = routed(folded.properties, '').filter(
			([, entry]) => entry.routing?.send?.paginate !== undefined,
		);
		expect(paginating.map(([path, entry]) => [path, entry.routing?.send?.paginate])).toEqual([
			['/resource', true],
		]);
		expect(folded.properties[0].name).toBe('resource');
		expect(folded.properties[0].displayOptions).toBeUndefined();
	});
});
