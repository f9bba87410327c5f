/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What the editor shows must be true (issue "the editor's small lies"): hints next to toggles, canvas subtitles, the
 * Docs links, field defaults, error codes and the example workflows' notes, read as n8n's editor reads them. The
 * output names (signOrder, "None") are pinned where those outputs are tested: test/invitation/ and
 * test/trigger.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type {
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { ESignatureTrigger } from '../nodes/ESignature/ESignatureTrigger.node';
import { actionOperations, emulatorSuite } from './harness';

const NODES: INodeType[] = [new ESignature(), new ESignatureTrigger(), new ESignatureSendAndWait()];

/** Every property of a description, also those inside collections and fixed collections. */
function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option) return allProperties((option as INodePropertyCollection).values);
			return 'type' in option ? allProperties([option as INodeProperties]) : [];
		});
		return [property, ...nested];
	});
}

/** The subtitle as the editor computes it for a node on the canvas (its parameters, no run data). */
function subtitle(nodeType: INodeType, parameters: Record<string, string>): string {
	const node: INode = {
		id: 'n',
		name: 'Node',
		type: 'test',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return String(
		workflow.expression.getSimpleParameterValue(
			node,
			nodeType.description.subtitle!,
			'internal',
			{},
		),
	);
}

/** The editor's node Docs link (NodeSettings `docsUrl`): documentationUrl as is, else the codex URL + its tracking query. */
function docsLink(description: INodeTypeDescription, codexUrl: string): string {
	if (description.documentationUrl?.startsWith('http')) return description.documentationUrl;
	const query = new URLSearchParams({
		utm_source: 'n8n_app',
		utm_medium: 'node_settings_modal-credential_link',
		utm_campaign: description.name,
	});
	return `${codexUrl}?${query.toString()}`;
}

describe('the editor tells the truth', () => {
	it("a toggle's hint that describes a state describes the one the toggle starts in first", () => {
		const stated = NODES.flatMap((node) => allProperties(node.description.properties))
			.filter((property) => property.type === 'boolean' && /^(On|Off):/.test(property.hint ?? ''))
			.map((property) => ({
				name: property.name,
				starts: property.hint!.slice(0, 3),
				expected: property.default === true ? 'On:' : 'Off',
			}));
		expect(stated.length).toBeGreaterThanOrEqual(2);
		for (const hint of stated) expect(hint).toEqual({ ...hint, starts: hint.expected });
	});

	it('canvas subtitles name the resource and operation as the pickers do, never by internal values', () => {
		const action = new ESignature();
		const properties = action.description.properties;
		const resources = properties.find((p) => p.name === 'resource')!.options as Array<{
			name: string;
			value: string;
		}>;
		let checked = 0;
		for (const resource of resources) {
			const operations = properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
			)!;
			for (const operation of operations.options as Array<{ name: string; value: string }>) {
				expect(subtitle(action, { resource: resource.value, operation: operation.value })).toBe(
					`${resource.name} → ${operation.name}`,
				);
				checked++;
			}
		}
		expect(checked).toBe(actionOperations().length);
		expect(subtitle(action, { resource: 'invitation', operation: 'sendWithLinks' })).toBe(
			'Invitation → Send and Get Links',
		);

		const sendAndWait = new ESignatureSendAndWait();
		const waitOperations = sendAndWait.description.properties.find((p) => p.name === 'operation')!
			.options as Array<{ name: string; value: string }>;
		expect(
			waitOperations.map((operation) => subtitle(sendAndWait, { operation: operation.value })),
		).toEqual([
			'Send and Wait for Signature',
			'Send and Output Signing Links',
			'Wait for Signature',
		]);
	});

	it.each([
		['ESignature.node.json', new ESignature()],
		['ESignatureTrigger.node.json', new ESignatureTrigger()],
		['ESignatureSendAndWait.node.json', new ESignatureSendAndWait()],
	])('the Docs link of %s keeps its anchor after n8n adds its tracking query', (file, node) => {
		const codex = JSON.parse(
			readFileSync(join(__dirname, '..', 'nodes', 'ESignature', file), 'utf8'),
		);
		const codexUrl: string = codex.resources.primaryDocumentation[0].url;
		const opened = new URL(docsLink(node.description, codexUrl));
		expect(opened.hash).toBe(new URL(codexUrl).hash);
		expect(opened.hash).not.toBe('');
	});

	// n8n-editor-ui 2.41's ParameterInputWrapper: a hint only while the value is fixed; an expression's result instead.
	it('a field that starts as an expression says what it takes in its description (the hint would never show)', () => {
		const expressionFields = NODES.flatMap((node) =>
			allProperties(node.description.properties),
		).filter(
			(property) => typeof property.default === 'string' && property.default.startsWith('={{'),
		);
		expect(expressionFields.map((property) => property.name)).toEqual(
			expect.arrayContaining(['envelopeId', 'documentId']),
		);
		for (const property of expressionFields) {
			expect({ name: property.name, hint: property.hint }).toEqual({
				name: property.name,
				hint: undefined,
			});
			expect(property.description).toMatch(
				/^The (envelope|document)'s ID: the \w+Id a create operation/,
			);
		}
	});

	it("the trigger's notice says where to choose it: the create's Webhook list", () => {
		const notice = new ESignatureTrigger().description.properties.find(
			(property) => property.type === 'notice',
		)!;
		expect(notice.displayName).toMatch(
			/^To get an envelope's events here, choose this workflow in the <b>Webhook<\/b> list of E-Signature → Create an envelope…/,
		);
		// Only that: deactivation, Webhook → Delete and N8N_PAYLOAD_SIZE_MAX are said by the options and
		// docs/delivery-guarantees.md.
		expect(notice.displayName).not.toMatch(/Deactivation|Delete|N8N_PAYLOAD_SIZE_MAX/);
		// n8n renders no <code> in a notice (docs/n8n-notes.md#the-editor).
		expect(notice.displayName).not.toContain('<code>');
	});

	it('Invitation Language starts at English for every signer the editor adds', () => {
		const languages = allProperties(new ESignature().description.properties).filter(
			(property) => property.name === 'invitationLanguage',
		);
		expect(languages.length).toBeGreaterThan(0);
		for (const language of languages) {
			const chosen = (language.options as Array<{ name: string; value: number }>).find(
				(option) => option.value === language.default,
			);
			expect(chosen?.name).toBe('English');
		}
	});

	it("example notes do not cover the example's nodes", () => {
		const examplesDir = join(__dirname, '..', 'examples');
		const NODE_SIZE = 100;
		for (const file of readdirSync(examplesDir).filter((name) => name.endsWith('.json'))) {
			const { nodes } = JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as {
				nodes: Array<INode & { parameters: { width?: number; height?: number } }>;
			};
			const notes = nodes.filter((node) => node.type === 'n8n-nodes-base.stickyNote');
			for (const note of notes) {
				const [x, y] = note.position;
				const [width, height] = [note.parameters.width ?? 240, note.parameters.height ?? 160];
				for (const node of nodes.filter((other) => other.type !== 'n8n-nodes-base.stickyNote')) {
					const [nx, ny] = node.position;
					const overlaps =
						nx < x + width && nx + NODE_SIZE > x && ny < y + height && ny + NODE_SIZE > y;
					expect({ file, note: note.name, node: node.name, overlaps }).toEqual({
						file,
						note: note.name,
						node: node.name,
						overlaps: false,
					});
				}
			}
		}
	});

	it("example 05's note names what the node outputs at its time limit", () => {
		const example = readFileSync(
			join(__dirname, '..', 'examples', '05-send-and-wait-for-signature.json'),
			'utf8',
		);
		const note = (
			JSON.parse(example).nodes as Array<{ type: string; parameters: { content?: string } }>
		).find((node) => node.type === 'n8n-nodes-base.stickyNote')!;
		expect(note.parameters.content).toContain('`event: "timedOut"`');
		expect(note.parameters.content).not.toMatch(/no `event`/);
	});
});

describe('the editor tells the truth: runs', () => {
	const suite = emulatorSuite();
	const envelope = suite.runner('envelope');
	const invitation = suite.runner('invitation');
	const signer = { name: 'Jane Doe', email: 'jane@example.com' };

	it("refused input carries the code the README names as n8n's Error code", async () => {
		const result = await invitation({
			operation: 'sendWithLinks',
			documentId: 'not-an-id',
			destinations: { destination: [signer] },
		});
		expect(result.error?.message).toMatch(/^Document ID must be an ID/);
		expect((result.error as unknown as { httpCode?: string }).httpCode).toBe('INVALID_INPUT');
		expect(suite.apiRequests()).toHaveLength(0);
	});

	it('Send and Get Links after Create From Files takes the document without anything typed in Document ID', async () => {
		const created = await envelope({ operation: 'create', inputDataFieldName: 'data' }, [
			suite.pdfItem(),
		]);
		expect(created.error).toBeUndefined();
		const { documentId } = created.items[0].json as { documentId: string };
		expect(documentId).toMatch(/^[0-9a-f-]{36}$/);
		suite.emulator.clearRequests();

		// No documentId parameter: n8n fills in the field's default, as for a node just added in the editor.
		const sent = await invitation(
			{ operation: 'sendWithLinks', destinations: { destination: [signer] } },
			[{ json: created.items[0].json }],
		);

		expect(sent.error).toBeUndefined();
		const [request] = suite.apiRequests();
		expect(request.body).toMatchObject({ documentId });
	});

	it('a new signer entry, as the editor adds it, sends an English invitation', async () => {
		const destinations = allProperties(new ESignature().description.properties).find(
			(property) =>
				property.name === 'destinations' &&
				property.displayOptions?.show?.operation?.includes('sendWithLinks'),
		)!;
		const values = (destinations.options as INodePropertyCollection[])[0].values;
		const entry = NodeHelpers.getNodeParameters(
			values,
			signer,
			true,
			false,
			null,
			null,
		) as INodeParameters;
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const { documentId } = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		});

		const sent = await invitation({
			operation: 'sendWithLinks',
			documentId,
			destinations: { destination: [entry] },
		});

		expect(sent.error).toBeUndefined();
		const [request] = suite.apiRequests();
		// English, by the published numbers (docs/service-api.md#invitation-language).
		expect(
			(request.body as { destinations: Array<{ invitationLanguage: number }> }).destinations[0]
				.invitationLanguage,
		).toBe(2);
	});

	it('signer details take the word the other fields use, "None", for the service\'s WITHOUTVALIDATION', async () => {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const envelope = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		});
		const signing = suite.runner('signing');
		const jane = { firstNameEnglish: 'Jane', emailAddress: 'jane@example.com' };

		await signing({
			operation: 'sign',
			documentId: envelope.documentId,
			signers: { signer: [{ ...jane, authType: 'None' }] },
		});
		await signing({
			operation: 'sign',
			documentId: envelope.documentId,
			signers: { signer: [{ ...jane, authType: 'SMS' }] },
		});

		const sent = suite
			.apiRequests()
			.map(
				(request) => (request.body as { signres: Array<{ authType: string }> }).signres[0].authType,
			);
		expect(sent).toEqual(['WITHOUTVALIDATION', 'SMS']);
	});
});
