/**
 * What users read when they choose an operation: the node creator lists each operation's `action`, the panel its
 * `name`. They must say the same thing, and every operation says what it does in its own words.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';

const { properties } = new ESignature().description;
const operations = properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.options as INodePropertyOptions[]).map((option) => ({
			resource: (property.displayOptions!.show!.resource as string[])[0],
			name: option.name,
			action: String(option.action ?? ''),
			description: String(option.description ?? ''),
		})),
	);

const words = (text: string) =>
	text
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
const LINKS = new Set(['and', 'for', 'from', 'with']);

describe('operation names', () => {
	it('every operation has an action and a description', () => {
		expect(operations.length).toBeGreaterThan(30);
		for (const operation of operations) {
			expect({
				...operation,
				hasAction: operation.action.length > 0,
				hasDescription: operation.description.length > 0,
			}).toMatchObject({
				hasAction: true,
				hasDescription: true,
			});
		}
	});

	it.each(operations)(
		'$resource → $name: the picker says what the panel says ($action)',
		({ name, action }) => {
			const said = new Set(words(action));
			const missing = words(name).filter(
				(word) =>
					!LINKS.has(word) &&
					!said.has(word) &&
					!said.has(`${word}s`) &&
					!said.has(word.replace(/s$/, '')),
			);
			expect(missing).toEqual([]);
		},
	);

	it('no two operations of a resource share a name, an action or a description', () => {
		const byResource = new Map<string, typeof operations>();
		for (const operation of operations)
			byResource.set(operation.resource, [
				...(byResource.get(operation.resource) ?? []),
				operation,
			]);
		for (const list of byResource.values()) {
			for (const key of ['name', 'action', 'description'] as const) {
				const values = list.map((operation) => operation[key].toLowerCase());
				expect(new Set(values).size).toBe(values.length);
			}
		}
	});
});
