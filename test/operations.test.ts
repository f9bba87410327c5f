/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What users read when they choose an operation: the node creator lists each operation's `action`, the panel its
 * `name`. They must say the same thing, and every operation says what it does in its own words. And where a reader
 * finds an operation: its own file in nodes/ESignature/resources/<resource>/, its tests in test/<resource>/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { actionOperations } from './harness';

/** Every operation of the action node, as its description lists them. */
const operations = actionOperations().map(({ resource, operation, option }) => ({
	resource,
	operation,
	name: option.name,
	action: String(option.action ?? ''),
	description: String(option.description ?? ''),
}));

const ROOT = join(__dirname, '..');

const words = (text: string) =>
	text
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
const LINKS = new Set(['and', 'for', 'from', 'with']);

describe('operation names', () => {
	it('every operation has an action and a description, and the description says more than the action', () => {
		// Each operation is declared in a file of its own, named by its value: the list walked here is all of them.
		const withoutFile = operations.filter(
			({ resource, operation }) =>
				!existsSync(join(ROOT, 'nodes/ESignature/resources', resource, `${operation}.ts`)),
		);
		expect(withoutFile).toEqual([]);
		for (const operation of operations) {
			expect({
				...operation,
				hasAction: operation.action.length > 0,
				hasDescription: operation.description.length > 0,
				descriptionIsNotAction:
					operation.description.toLowerCase() !== operation.action.toLowerCase(),
			}).toMatchObject({
				hasAction: true,
				hasDescription: true,
				descriptionIsNotAction: true,
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

describe('tests have a home', () => {
	it.each(operations.map(({ resource, operation }) => `${resource}/${operation}.test.ts`))(
		'every operation has its test file: test/%s',
		(file) => {
			expect(existsSync(join(ROOT, 'test', file))).toBe(true);
		},
	);
});
