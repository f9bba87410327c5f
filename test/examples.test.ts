/* eslint-disable @n8n/community-nodes/no-dangerous-functions -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What an example's own steps do, without an n8n (test/e2e/examples.e2e.test.ts runs the examples in a real one).
 */
import { loadExamples } from './e2e/stack';

interface Item {
	json: Record<string, unknown>;
	binary?: Record<string, { fileName: string; fileExtension?: string; id: string }>;
	pairedItem?: { item: number };
}

const example02 = loadExamples().find(({ file }) => file.startsWith('02-'))!.workflow;
const node = (name: string) => example02.nodes.find((n) => n.name === name)!;

/** Runs the example's Code step on these items, as n8n runs it once for all items (its $input). */
function splitFiles(items: Item[]): Item[] {
	const code = (node('One Item per Signed File').parameters as { jsCode: string }).jsCode;
	const input = { all: () => items };
	return new Function('$input', code)(input) as Item[];
}

describe('example 02: store the signed files', () => {
	const file = (n: number, extension = 'pdf') => ({
		fileName: `contract-${n}.${extension}`,
		fileExtension: extension,
		id: `filesystem-v2:${n}`,
	});

	it('gives one item per signed file of each envelope, each in the field the write step writes, named apart', () => {
		const items = splitFiles([
			{ json: { envelopeId: 'env-a' }, binary: { file_0: file(1), file_1: file(2, 'zip') } },
			{ json: { envelopeId: 'env-b' }, binary: { file_0: file(3) } },
		]);
		expect(items).toEqual([
			{
				json: { envelopeId: 'env-a', fileName: 'signed-env-a-1.pdf' },
				binary: { data: file(1) },
				pairedItem: { item: 0 },
			},
			{
				json: { envelopeId: 'env-a', fileName: 'signed-env-a-2.zip' },
				binary: { data: file(2, 'zip') },
				pairedItem: { item: 0 },
			},
			{
				json: { envelopeId: 'env-b', fileName: 'signed-env-b-1.pdf' },
				binary: { data: file(3) },
				pairedItem: { item: 1 },
			},
		]);
		const write = node('Save Signed File').parameters as Record<string, string>;
		expect(write.dataPropertyName).toBe('data');
		expect(write.fileName).toBe('=/home/node/.n8n-files/{{ $json.fileName }}');
	});

	it('writes nothing for a completion that came without files', () => {
		expect(splitFiles([{ json: { envelopeId: 'env-c' } }])).toEqual([]);
	});

	it('runs the split between the trigger and the write step', () => {
		const next = (name: string) =>
			(example02.connections as Record<string, { main: Array<Array<{ node: string }>> }>)[name]
				.main[0][0].node;
		expect(next('On Envelope Completed')).toBe('One Item per Signed File');
		expect(next('One Item per Signed File')).toBe('Save Signed File');
	});
});
