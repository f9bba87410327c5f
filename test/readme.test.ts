import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ESignature } from '../nodes/ESignature/ESignature.node';

/** The README's operation table is what users read first: it must list exactly the node's operations. */
describe('README', () => {
	const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

	function readmeOperations(): Record<string, string[]> {
		const section = readme.split('## Operations')[1].split('\n## ')[0];
		const rows = section.split('\n').filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| Resource'));
		return Object.fromEntries(
			rows.map((row) => {
				const [, resource, operations] = row.split('|').map((cell) => cell.trim());
				return [resource, operations.split(',').map((name) => name.trim()).sort()];
			}),
		);
	}

	function nodeOperations(): Record<string, string[]> {
		const { properties } = new ESignature().description;
		const resources = properties.find((p) => p.name === 'resource')?.options as Array<{ name: string; value: string }>;
		return Object.fromEntries(
			resources.map((resource) => {
				const operation = properties.find(
					(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
				);
				const names = (operation?.options as Array<{ name: string }>).map((option) => option.name).sort();
				return [resource.name, names];
			}),
		);
	}

	it('lists every operation of the action node under its resource, and nothing else', () => {
		expect(readmeOperations()).toEqual(nodeOperations());
	});

	it('names the test command that CI runs', () => {
		expect(readme).toContain('npm test');
		expect(readFileSync(join(__dirname, '..', '.ci', 'run'), 'utf8')).toContain('npm test');
	});
});
