/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { ESignatureTrigger } from '../nodes/ESignature/ESignatureTrigger.node';

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

	it('has every heading the nodes link to (their Docs links in the codex files)', () => {
		// GitHub's anchors: lower case, punctuation other than "-" dropped, spaces as "-".
		const anchors = new Set(
			readme
				.split('\n')
				.filter((line) => /^#{1,6} /.test(line))
				.map((line) => line.replace(/^#+ /, '').trim().toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')),
		);
		const codex = ['ESignature.node.json', 'ESignatureTrigger.node.json', 'ESignatureSendAndWait.node.json'].map((file) =>
			readFileSync(join(__dirname, '..', 'nodes', 'ESignature', file), 'utf8'),
		);
		// The nodes' own Docs links (documentationUrl), which the editor opens as they are.
		const documentationUrls = [new ESignature(), new ESignatureTrigger(), new ESignatureSendAndWait()].map((node) => node.description.documentationUrl!);
		const links = [...codex.flatMap((text) => [...text.matchAll(/"url": "([^"]+)"/g)].map((match) => match[1])), ...documentationUrls];
		expect(links.length).toBeGreaterThanOrEqual(9);
		for (const link of links) {
			const anchor = new URL(link).hash.slice(1);
			expect({ link, found: anchors.has(anchor) }).toEqual({ link, found: true });
		}
		expect(anchors.has('e-signature-trigger')).toBe(true);
	});

	it('shows pictures that exist', () => {
		const pictures = [...readme.matchAll(/src="(docs\/images\/[^"]+)"/g)].map((match) => match[1]);
		expect(pictures.length).toBeGreaterThanOrEqual(3);
		for (const picture of pictures) expect({ picture, exists: existsSync(join(__dirname, '..', picture)) }).toEqual({ picture, exists: true });
	});

	it('ships the license it declares', () => {
		const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
		const license = readFileSync(join(__dirname, '..', 'LICENSE'), 'utf8');
		expect(pkg.license).toBe('MIT');
		expect(license).toMatch(/^MIT License/);
	});

	it('names the test command that CI runs', () => {
		expect(readme).toContain('npm test');
		expect(readFileSync(join(__dirname, '..', '.ci', 'run'), 'utf8')).toContain('npm test');
	});
});
