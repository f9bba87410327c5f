/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * How the nodes are found and understood before they run (issue 30): the builder hints n8n's AI builders read, as n8n's
 * own type-definition generator (@n8n/workflow-sdk, shipped with n8n) emits them, and the node picker's aliases, as
 * n8n-core's loader reads them from the codex files.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { DirectoryLoader } from 'n8n-core';
import type { INodeTypeDescription } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { ESignatureTrigger } from '../nodes/ESignature/ESignatureTrigger.node';

/** The generator's entry points used here (its own types need node16 module resolution, which the tests do not use). */
interface TypeGenerator {
	planSplitVersionFiles(node: INodeTypeDescription, version: number): Map<string, string>;
	generateSingleVersionTypeFile(node: INodeTypeDescription, version: number): string;
	generateNodeJSDoc(node: INodeTypeDescription): string;
}
// n8n's generator for its AI builders (docs/n8n-notes.md#builder-hints), from n8n-core's dependency @n8n/workflow-sdk.
const generator = createRequire(__filename)(
	'@n8n/workflow-sdk/scripts/generate-types',
) as TypeGenerator;
// The check n8n-core's loader runs on every node it loads (not exported from its index).
const { validateNodeDescription } = createRequire(__filename)(
	'n8n-core/dist/nodes-loader/validate-node-description',
) as {
	validateNodeDescription(description: INodeTypeDescription): void;
};

/** The description as n8n hands it to the generator: the JSON the server serves (functions dropped). */
const served = (description: INodeTypeDescription) =>
	JSON.parse(JSON.stringify(description)) as INodeTypeDescription;

const action = served(new ESignature().description);
const trigger = served(new ESignatureTrigger().description);
const sendAndWait = served(new ESignatureSendAndWait().description);

/** The generated type file of one resource/operation of a node (the generator's split layout). */
function typeFileOf(node: INodeTypeDescription, ...discriminator: string[]): string {
	const files = generator.planSplitVersionFiles(node, 1);
	const wanted = discriminator.map((part) => part.replace(/([A-Z])/g, '_$1').toLowerCase());
	const found = [...files.entries()].filter(([path]) =>
		wanted.every((part) => path.toLowerCase().includes(part)),
	);
	const exact = found.find(([path]) =>
		path.toLowerCase().endsWith(`${wanted[wanted.length - 1]}.ts`),
	);
	if (!exact)
		throw new Error(
			`no type file for ${discriminator.join('/')} among ${[...files.keys()].join(', ')}`,
		);
	return exact[1];
}

describe('builder hints, as n8n generates the type definitions its AI builders read', () => {
	it.each([
		['E-Signature', action, /E-signature \(electronic signature\) of PDF documents/],
		['E-Signature Trigger', trigger, /Starts a workflow when an e-signature envelope is signed/],
		[
			'E-Signature Send and Wait',
			sendAndWait,
			/pauses the execution until every signer signed or one rejected/,
		],
	])(
		'%s: what it is for, and when to use Send and Wait versus the trigger',
		(_name, node, purpose) => {
			const doc = generator.generateNodeJSDoc(node);
			expect(doc).toMatch(new RegExp(`@builderHint .*${purpose.source}`));
			expect(doc).toMatch(/E-Signature Send and Wait|Send and Wait/);
			expect(doc).toMatch(/E-Signature Trigger/);
		},
	);

	it('each node names the other two as related nodes, by their node types', () => {
		const related = (node: INodeTypeDescription) =>
			(node.builderHint?.relatedNodes ?? []).map((r) => r.nodeType);
		expect(related(action)).toEqual(
			expect.arrayContaining([
				'n8n-nodes-esignature.eSignatureTrigger',
				'n8n-nodes-esignature.eSignatureSendAndWait',
			]),
		);
		expect(related(trigger)).toEqual([
			'n8n-nodes-esignature.eSignature',
			'n8n-nodes-esignature.eSignatureSendAndWait',
		]);
		expect(related(sendAndWait)).toEqual([
			'n8n-nodes-esignature.eSignature',
			'n8n-nodes-esignature.eSignatureTrigger',
		]);
		// The related types are the ones n8n loads the package's nodes as.
		for (const node of [action, trigger, sendAndWait]) {
			for (const type of related(node).filter((t) => t.startsWith('n8n-nodes-esignature.'))) {
				expect([action.name, trigger.name, sendAndWait.name]).toContain(
					type.slice('n8n-nodes-esignature.'.length),
				);
			}
		}
	});

	it('Create From Base64 says what it accepts, in its own type only', () => {
		const base64 = typeFileOf(action, 'envelope', 'createFromBase64');
		expect(base64).toContain('Create From Base64 takes ONE PDF');
		expect(base64).toContain('fileInput "binary" reads a binary field of the input item');
		expect(typeFileOf(action, 'envelope', 'getStatus')).not.toContain(
			'Create From Base64 takes ONE PDF',
		);
	});

	it('where documentId and envelopeId come from: in the operations that take them and on the fields', () => {
		const send = typeFileOf(action, 'invitation', 'send');
		expect(send).toContain('documentId is the ID of one document (file) of an envelope');
		// The field itself: its description (no hint: n8n shows none under an expression) and the builder's hint.
		expect(send).toContain("The document's ID: the documentId a create operation outputs");
		expect(send).toMatch(/@builderHint documentId is the ID of one document/);

		const status = typeFileOf(action, 'envelope', 'getStatus');
		expect(status).toContain('envelopeId comes from the output of an envelope create operation');
		expect(status).toContain(
			"The envelope's ID: the envelopeId a create operation or the E-Signature Trigger outputs",
		);
		expect(status).not.toContain('documentId is the ID of one document');

		const download = typeFileOf(action, 'document', 'downloadSigned');
		expect(download).toContain('documentId is the ID of one document');
	});

	it('signer order and verification types carry hints where signers are given', () => {
		const send = typeFileOf(action, 'invitation', 'send');
		expect(send).toMatch(/@hint 1 signs first, then 2/);
		expect(send).toMatch(/@builderHint Signing order, 1 first; 0 means the position in the list/);
		expect(send).toMatch(/@hint None: the invitation link is enough/);
		expect(send).toMatch(/@builderHint A value of the list: 0 None/);
	});

	it('Send and Wait: its one type (it has no resource) tells its operations apart, the links one included', () => {
		expect(generator.generateNodeJSDoc(sendAndWait)).toMatch(
			/@builderHint .*Operations: sendAndWaitForSignature .* sendAndOutputLinks notifies nobody.* waitForSignature takes no document/,
		);
		// The signers' fields carry the same hints as in the action node.
		expect(generator.generateSingleVersionTypeFile(sendAndWait, 1)).toMatch(
			/@hint 1 signs first, then 2/,
		);
	});

	it.each([
		['E-Signature', new ESignature().description],
		['E-Signature Trigger', new ESignatureTrigger().description],
		['E-Signature Send and Wait', new ESignatureSendAndWait().description],
	])('%s passes the check n8n runs on the hints when it loads a package', (_name, description) => {
		// n8n-core refuses to load a package with a builderHint on an Operation, Resource or Mode field.
		expect(() => validateNodeDescription(description)).not.toThrow();
		const withHintOnOperation = {
			...description,
			properties: description.properties.map((p) =>
				p.name === 'events' || p.name === 'operation'
					? { ...p, builderHint: { propertyHint: 'x' } }
					: p,
			),
		};
		if (description.properties.some((p) => p.name === 'operation')) {
			expect(() => validateNodeDescription(withHintOnOperation)).toThrow(/discriminator property/);
		}
	});
});

describe('aliases: the node picker finds the nodes by the words people type', () => {
	/** n8n-core's own codex reading (the loader adds the .node.json beside each built node to its description). */
	class CodexReader extends DirectoryLoader {
		packageName = 'n8n-nodes-esignature';

		async loadAll() {}

		aliasesOf(nodeFile: string): string[] {
			// The description as the node declares it: n8n-core takes its codex over the file's.
			const node = { description: { ...this.descriptionOf(nodeFile) } };
			// n8n-core's own reading of the codex file beside a built node (private in its types).
			const builtFile = join('nodes', 'ESignature', nodeFile.replace(/\.ts$/, '.js'));
			(this as unknown as { addCodex(n: unknown, file: string): void }).addCodex(node, builtFile);
			return node.description.codex?.alias ?? [];
		}

		descriptionOf(nodeFile: string): INodeTypeDescription {
			const descriptions: Record<string, INodeTypeDescription> = {
				'ESignature.node.ts': action,
				'ESignatureTrigger.node.ts': trigger,
				'ESignatureSendAndWait.node.ts': sendAndWait,
			};
			return descriptions[nodeFile];
		}

		displayNameOf(nodeFile: string): string {
			return this.descriptionOf(nodeFile).displayName;
		}
	}
	const reader = new CodexReader(join(__dirname, '..'));

	const WORDS = [
		'e-sign',
		'esign',
		'e-signature',
		'digital signature',
		'agreement',
		'PDF',
		'approval',
		'sign document',
	];

	const FILES = [
		'ESignature.node.ts',
		'ESignatureTrigger.node.ts',
		'ESignatureSendAndWait.node.ts',
	];
	it.each(FILES)('%s has every alias', (file) => {
		const aliases = reader.aliasesOf(file).map((alias) => alias.toLowerCase());
		for (const word of WORDS) expect(aliases).toContain(word.toLowerCase());
	});

	// The node creator's own search (@n8n/utils, as n8n's editor uses it): a fuzzy match of the whole query within the
	// display name or one alias (docs/n8n-notes.md#builder-hints).
	const { sublimeSearch } = createRequire(__filename)('@n8n/utils/search/sublime-search') as {
		sublimeSearch<T extends object>(filter: string, data: readonly T[]): Array<{ item: T }>;
	};
	const found = (query: string) =>
		sublimeSearch(
			query,
			FILES.map((file) => ({
				file,
				properties: {
					displayName: reader.displayNameOf(file),
					codex: { alias: reader.aliasesOf(file) },
				},
			})),
		).map(({ item }) => item.file);

	it.each([
		['signing links', ['ESignature.node.ts', 'ESignatureSendAndWait.node.ts']],
		['sign pdf', FILES],
		['request signature', ['ESignature.node.ts', 'ESignatureSendAndWait.node.ts']],
	])('the picker finds the nodes that do it for "%s"', (query, files) => {
		expect(found(query).sort()).toEqual([...files].sort());
	});

	/** Every action of a node (`action` of its Operation options), as n8n lists them under the node. */
	const actionsOf = (file: string) =>
		reader
			.descriptionOf(file)
			.properties.flatMap((property) =>
				property.type === 'options' ? (property.options ?? []) : [],
			)
			.flatMap((option) =>
				'action' in option && typeof option.action === 'string' ? [option.action] : [],
			);

	it.each(FILES.filter((file) => actionsOf(file).length > 0))(
		'%s: every action is found by the words of its name, as n8n searches (lower case, "trigger" removed)',
		(file) => {
			const actions = actionsOf(file);
			expect(actions.length).toBeGreaterThan(2);
			for (const name of actions) {
				const words = name.toLowerCase().split(' ');
				// The whole name, its words without the first, and its last two words.
				for (const query of [name, words.slice(1).join(' '), words.slice(-2).join(' ')])
					expect({
						query,
						found: found(query.toLowerCase().replace('trigger', '').trimEnd()),
					}).toEqual({
						query,
						found: expect.arrayContaining([file]),
					});
			}
		},
	);

	it('an action name found nowhere before is found now: "Send invitations and get signing links"', () => {
		expect(found('send invitations and get signing links')).toEqual(['ESignature.node.ts']);
	});
});
