/**
 * What n8n's editor shows of the action node: for every operation and every choice of the fields that show or hide
 * others, the fields shown, in order, each as the editor gets it but for how it is sent (routing).
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

const node = { typeVersion: 1 } as INode;

type Shape = Record<string, unknown>;

/** What the editor makes of a field: everything but how it is sent (routing) and the hints for AI builders. */
function shapeOf(field: Record<string, unknown>, top = true): Shape {
	const shape: Shape = {};
	for (const [key, value] of Object.entries(field)) {
		if (key === 'routing' || key === 'builderHint' || (top && key === 'displayOptions')) continue;
		shape[key] =
			(key === 'options' || key === 'values') && Array.isArray(value)
				? value.map((entry: Record<string, unknown>) => shapeOf(entry, false))
				: value;
	}
	return shape;
}

/** The values a show or hide condition other than resource/operation names, for the fields of one operation. */
function switchesOf(properties: INodeProperties[], resource: string, operation: string) {
	const values = new Map<string, Set<unknown>>();
	for (const property of properties) {
		const show = property.displayOptions?.show ?? {};
		const resources = show.resource as unknown[] | undefined;
		const operations = show.operation as unknown[] | undefined;
		if (resources && !resources.includes(resource)) continue;
		if (operations && !operations.includes(operation)) continue;
		const conditions = { ...show, ...(property.displayOptions?.hide ?? {}) };
		for (const [name, wanted] of Object.entries(conditions)) {
			if (name === 'resource' || name === 'operation' || name === '@tool' || !Array.isArray(wanted))
				continue;
			for (const value of wanted)
				(values.get(name) ?? values.set(name, new Set()).get(name)!).add(value);
		}
	}
	// Every operation is offered to AI agents as a tool (usableAsTool), whatever its fields say.
	values.set('@tool', new Set([true]));
	return [...values].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * n8n decides `@tool` by the node type's name, not by a parameter: an agent's tool is the node type named `…Tool` that
 * n8n makes of a usableAsTool node.
 */
export const asTool = (description: INodeTypeDescription): INodeTypeDescription => ({
	...description,
	name: `${description.name}Tool`,
});

function combinations(switches: Array<[string, Set<unknown>]>): Array<Record<string, unknown>> {
	return switches.reduce<Array<Record<string, unknown>>>(
		(all, [name, values]) =>
			all.flatMap((partial) => [
				partial,
				...[...values].map((value) => ({ ...partial, [name]: value })),
			]),
		[{}],
	);
}

/** Every operation of the node as `resource:operation`. */
export function operationsOf(description: INodeTypeDescription): string[] {
	return description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.options ?? []).map(
				(option) =>
					`${(property.displayOptions!.show!.resource as string[])[0]}:${String((option as { value: string }).value)}`,
			),
		);
}

/** For one operation: each choice of the switching fields (as JSON) and the fields the editor then shows. */
export function editorViewOf(
	description: INodeTypeDescription,
	operationKey: string,
): Record<string, Shape[]> {
	const [resource, operation] = operationKey.split(':');
	const view: Record<string, Shape[]> = {};
	for (const choice of combinations(switchesOf(description.properties, resource, operation))) {
		const values = { resource, operation, ...choice };
		const shownBy = choice['@tool'] ? asTool(description) : description;
		view[JSON.stringify(choice)] = description.properties
			.filter((property) =>
				NodeHelpers.displayParameter(values as never, property, node, shownBy, values as never),
			)
			.map((property) => shapeOf(property as unknown as Record<string, unknown>));
	}
	return view;
}

/** The editor's view of every operation, each field written once (`fields`) and named by its index in the views. */
export interface RecordedView {
	fields: Shape[];
	operations: Record<string, Record<string, number[]>>;
}

export function recordView(description: INodeTypeDescription): RecordedView {
	const index = new Map<string, number>();
	const fields: Shape[] = [];
	const operations: RecordedView['operations'] = {};
	for (const operation of operationsOf(description)) {
		operations[operation] = {};
		for (const [choice, shown] of Object.entries(editorViewOf(description, operation))) {
			operations[operation][choice] = shown.map((shape) => {
				const key = JSON.stringify(shape);
				if (!index.has(key)) index.set(key, fields.push(shape) - 1);
				return index.get(key)!;
			});
		}
	}
	return { fields, operations };
}

/** A recorded view written out again as editorViewOf gives it. */
export function expandView(recorded: RecordedView, operation: string): Record<string, Shape[]> {
	return Object.fromEntries(
		Object.entries(recorded.operations[operation] ?? {}).map(([choice, shown]) => [
			choice,
			shown.map((at) => recorded.fields[at]),
		]),
	);
}

/** The recorded view as the file keeps it: a field a line, an operation a line (Prettier then lays it out). */
export function recordedText(view: RecordedView): string {
	const fields = view.fields.map((field) => JSON.stringify(field)).join(',\n');
	const operations = Object.entries(view.operations)
		.map(([operation, shown]) => `${JSON.stringify(operation)}: ${JSON.stringify(shown)}`)
		.join(',\n');
	return `{\n"fields": [\n${fields}\n],\n"operations": {\n${operations}\n}\n}\n`;
}
