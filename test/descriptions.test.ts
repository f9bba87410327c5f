/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The node's fields as the editor and the routing engine read them. A field several operations (or resources) show
 * is one property naming them all; n8n's own displayParameter decides what each operation shows, for every choice of
 * the fields that show or hide others.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { simplifyOutput } from '../nodes/ESignature/routing/answers';
import { sendEachItem } from '../nodes/ESignature/routing/itemRequest';
import { declarationOf, isRefusable } from '../nodes/ESignature/routing/operation';
import { actionOperations } from './harness/operations';
import type { RecordedView } from './descriptions/editorView';
import {
	asTool,
	editorViewOf,
	expandView,
	operationsOf,
	recordView,
	recordedText,
} from './descriptions/editorView';

const node = { typeVersion: 1 } as INode;
const description = new ESignature().description;
const { properties } = description;

/** Every value a show condition other than resource/operation mentions, per parameter. */
function switches(): Map<string, unknown[]> {
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

/** The names of the fields the editor shows for these parameter values, in a workflow or to an AI agent. */
const shownNames = (values: Record<string, unknown>, { tool = false } = {}) =>
	properties
		.filter((property) =>
			NodeHelpers.displayParameter(
				values as never,
				property,
				node,
				tool ? asTool(description) : description,
				values as never,
			),
		)
		.map((property) => property.name);

const operationFields = properties.filter((property) => property.name === 'operation');
const operations = operationFields.flatMap((property) =>
	(property.options as INodePropertyOptions[]).map((option) => ({
		resource: (property.displayOptions!.show!.resource as string[])[0],
		operation: String(option.value),
		option,
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

describe('the fields the node declares', () => {
	it('are few for the engine to walk: a field several operations show is one property', () => {
		// Each Operation selector shows for one resource: the operations here are the ones the tests derive theirs from.
		expect(operations.map(({ resource, operation }) => `${resource}:${operation}`)).toEqual(
			actionOperations().map(({ key }) => key),
		);
		// n8n's routing engine walks every top-level property per item (docs/performance.md#the-per-item-walk-figures-1-and-2):
		// 101 when they were folded at load time, 133 declared then. Declared once in source, the walk must not grow back.
		expect(properties.length).toBeLessThanOrEqual(112);
	});

	it('name only resources and operations the node has, and each shows for at least one', () => {
		const stray = properties.flatMap((field) => {
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
		'$resource → $operation never shows two fields of one name (n8n keeps one value per name)',
		({ resource, operation }) => {
			const repeated = combinations(switches()).flatMap((choice) => {
				const names = shownNames({ resource, operation, ...choice }, { tool: !!choice['@tool'] });
				return names
					.filter((name, at) => names.indexOf(name) !== at)
					.map((name) => `${name} with ${JSON.stringify(choice)}`);
			});
			expect(repeated).toEqual([]);
		},
	);

	it('shows Simplify in a workflow where the answer is simplified, and to a tool on every operation', () => {
		const simplifies = (option: INodePropertyOptions) =>
			(declarationOf(option.routing)?.postReceive ?? []).includes(simplifyOutput);
		const wrong = operations.flatMap(({ resource, operation, option }) => {
			const inWorkflow = shownNames({ resource, operation }).filter((n) => n === 'simplify');
			const toTool = shownNames({ resource, operation }, { tool: true }).filter(
				(n) => n === 'simplify',
			);
			return [
				...(inWorkflow.length !== (simplifies(option) ? 1 : 0)
					? [`${operation} in a workflow`]
					: []),
				...(toTool.length !== 1 ? [`${operation} as a tool`] : []),
			].map((what) => `${resource}: ${what}`);
		});
		expect(wrong).toEqual([]);
	});
});

/*
 * What the editor shows of every operation, as recorded before the restructure of issue 29 (commit 42b376c): saved
 * workflows and users depend on it. The views as an AI agent's tool were recorded again when the fields stopped being
 * folded at load time: n8n reads `@tool` from the node type's name, which the first recording did not, and each tool
 * view is its workflow view with the tool's File Input and Simplify. A deliberate change (a better display name)
 * records the view again:
 * `RECORD_EDITOR_VIEW=1 npx jest --selectProjects unit --testPathPattern test/descriptions.test.ts`, then
 * `npx prettier --write test/descriptions/editor-view.json` (as docs/development.md says); the diff shows what changed.
 */
describe('what the editor shows', () => {
	const recordedPath = join(__dirname, 'descriptions', 'editor-view.json');
	if (process.env.RECORD_EDITOR_VIEW === '1')
		writeFileSync(recordedPath, recordedText(recordView(description)));
	const recorded = JSON.parse(readFileSync(recordedPath, 'utf8')) as RecordedView;

	it('has the recorded operations, no more, no fewer', () => {
		expect(operationsOf(description)).toEqual(Object.keys(recorded.operations));
	});

	it.each(Object.keys(recorded.operations))(
		'%s shows the recorded fields in the recorded order, for every choice of the fields that switch others',
		(operation) => {
			const recordedView = expandView(recorded, operation);
			expect(Object.keys(recordedView).length).toBeGreaterThan(0);
			expect(editorViewOf(description, operation)).toEqual(recordedView);
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

	it('declares every preSend hook with refusable, so that its refusal is an error of its own item', () => {
		const hooks = routed(properties, '').flatMap(([path, entry]) =>
			(entry.routing?.send?.preSend ?? []).map((hook) => [path, hook.name, isRefusable(hook)]),
		);
		expect(hooks.length).toBeGreaterThan(20);
		expect(hooks.filter(([, , paired]) => !paired)).toEqual([]);
	});

	it('sends every operation through sendEachItem: paginate is declared once, on the Resource field', () => {
		expect(description.requestOperations?.pagination).toBe(sendEachItem);
		const paginating = routed(properties, '').filter(
			([, entry]) => entry.routing?.send?.paginate !== undefined,
		);
		expect(paginating.map(([path, entry]) => [path, entry.routing?.send?.paginate])).toEqual([
			['/resource', true],
		]);
		expect(properties[0].name).toBe('resource');
		expect(properties[0].displayOptions).toBeUndefined();
	});
});
