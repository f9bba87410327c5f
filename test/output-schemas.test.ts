/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The output schemas (nodes/ESignature/__schema__/, what the editor shows for a node that has not run yet) against
 * what the nodes really output: every operation of the action node and of Send and Wait runs against the emulator in
 * both its profiles (spec and live) through n8n-core, and the trigger receives every kind of event; each output item
 * must match its schema exactly (no field the schema does not name, none it requires missing, types as written). The
 * operations come from the nodes' descriptions, and so does each one's run (test/harness/samples.ts): a new operation
 * without a schema fails, one whose required field has no sample fails naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadOutputSchema, resolveOutputSchemaPath } from 'n8n-core';
import type {
	IDataObject,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { ESignatureTrigger } from '../nodes/ESignature/ESignatureTrigger.node';
import { newSigner, type EmulatedEnvelope } from './emulator/state';
import {
	type EmulatorSuite,
	type InputItem,
	type Operation,
	actionOperations,
	byId,
	emulatorSuite,
} from './harness';
import { type JsonSchema, validate } from './harness/json-schema';
import { ServiceClient } from './harness/service-client';
import { FUTURE, SAMPLES, sampleParameters, takesFile } from './harness/samples';
import { triggerSuite } from './harness/trigger';

/** The folder of the three nodes: n8n looks for their schemas in `__schema__/` beside each node's file. */
const NODE_DIR = join(__dirname, '..', 'nodes', 'ESignature');

/**
 * The schema file of a node's output, found as n8n finds it (n8n-core's resolveOutputSchemaPath): the editor's
 * preview asks for the exact version with the node's `resource` and `operation` (either may be absent), n8n's AI
 * builders fall back to other versions and, for a node with neither, to `output.json`.
 */
function schemaFile(version: number, resource?: string, operation?: string): string {
	const exact = resolveOutputSchemaPath({ nodeDir: NODE_DIR, version, resource, operation });
	const forBuilders = resolveOutputSchemaPath({
		nodeDir: NODE_DIR,
		version,
		resource,
		operation,
		versionFallback: true,
	});
	const file = exact && existsSync(exact) ? exact : forBuilders;
	if (!file || !existsSync(file))
		throw new Error(
			`No output schema for ${[resource, operation].filter(Boolean).join(' → ') || 'the node'}`,
		);
	// What n8n hands its AI builders is this same file, read as an object.
	expect(
		loadOutputSchema({ nodeDir: NODE_DIR, version, resource, operation, versionFallback: true }),
	).toEqual(readSchema(file));
	return file;
}
const readSchema = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;

const { description } = new ESignature();
const optionValues = (property: INodeProperties) =>
	(property.options as INodePropertyOptions[]).map((option) => String(option.value));
const resources = optionValues(
	description.properties.find((property) => property.name === 'resource')!,
);
/** Every resource → operation of the action node, as its description lists them. */
const operations = description.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.displayOptions!.show!.resource as string[]).flatMap((resource) =>
			optionValues(property).map((operation) => `${resource}:${operation}`),
		),
	);

/**
 * The emulator profiles: the spec's service, and the live sandbox's where it answers otherwise (Get Status, the
 * credential's dialect, Base64 uploads, identity signing; docs/service-api.md#spec-and-live-service). Every operation
 * runs against both, each with its own emulator; `suite` is the one of the profile whose tests run.
 */
const PROFILES = ['spec', 'live'] as const;
let suite: EmulatorSuite;

const jane = { name: 'Jane Doe', email: 'jane@example.com' };
const signers = { destinationsInput: 'fields', destinations: { destination: [jane] } };
/** One signer by e-mail, one by phone as well. */
const twoSigners = {
	destinationsInput: 'fields',
	destinations: {
		destination: [
			jane,
			{ name: 'Omar Ali', email: 'omar@example.com', phone: '+966500000009', signOrder: 2 },
		],
	},
};
const TOKEN = 'b'.repeat(40);

/** An envelope at the emulator, with Jane as its signer, its callbacks going to `webhookId`. */
function envelope(webhookId: string | null = null): EmulatedEnvelope {
	const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
	const created = suite.emulator.state.createEnvelope(account, {
		files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		webhookId,
	});
	created.signers.push(newSigner({ ...jane, signeOrder: 1 }));
	return created;
}

async function run(parameters: INodeParameters, items: InputItem[] = [{ json: {} }]) {
	const result = await suite.harness.run({ parameters, items });
	if (result.error)
		throw new Error(
			`${String(parameters.resource)} → ${String(parameters.operation)} failed: ${result.error.message}`,
		);
	return result;
}

/** A webhook at the service, made by the node, and an envelope signed with its callback to it (a delivery logged). */
async function webhookWithDelivery() {
	const created = await run({
		resource: 'webhook',
		operation: 'create',
		webhookUrl: 'http://127.0.0.1:9/unreachable',
	});
	const webhookId = String(created.items[0].json.id);
	const signed = envelope(webhookId);
	await suite.emulator.sign(signed.envelopeId);
	return { webhookId, envelopeId: signed.envelopeId };
}

interface Scenario {
	parameters: IDataObject;
	items?: InputItem[];
}

/** What a run finds at the emulator: a pending envelope with Jane, and one whose callback went to a webhook. */
interface Seeded {
	pending: EmulatedEnvelope;
	delivered: { webhookId: string; envelopeId: string };
}

async function seeded(): Promise<Seeded> {
	const delivered = await webhookWithDelivery();
	// Its ID is also a request ID of identity signing, as the signer's authentication at the provider gives one.
	suite.emulator.authenticateIdentity(delivered.envelopeId);
	return { pending: envelope(), delivered };
}

/**
 * The samples of test/harness/samples.ts with what the emulator holds in place of the IDs: a field of one of these
 * names names it, whatever the operation (an envelope's or document's ID the pending envelope's; a request ID and a
 * webhook the delivered ones, as Resend needs a callback sent and identity signing an authenticated request).
 */
const seededSamples = ({ pending, delivered }: Seeded): Record<string, unknown> => ({
	...SAMPLES,
	envelopeId: pending.envelopeId,
	documentId: pending.documentId,
	documentIds: pending.documentId,
	destinationId: pending.signers[0].destinationId,
	requestId: delivered.envelopeId,
	webhookId: byId(delivered.webhookId),
});

/** Each operation's run, derived from the node description: its fields' samples, a PDF item when it takes a file. */
function derivedScenario(operation: Operation, world: Seeded): Scenario {
	const { parameters, unknown } = sampleParameters(operation, seededSamples(world));
	if (unknown.length)
		throw new Error(
			`${operation.key}: no sample for ${unknown.join(', ')} (test/harness/samples.ts)`,
		);
	return { parameters, ...(takesFile(operation) ? { items: [suite.pdfItem()] } : {}) };
}

/**
 * Beyond the derived run, by operation: what must be so at the emulator before it (Get Completed's envelope signed),
 * and further runs where the output's fields vary (a signed or rejected envelope, a webhook with a header token,
 * links for a signer by phone, invitations after a create), given the derived run and what the emulator holds.
 */
const BEFORE: Record<string, (world: Seeded) => Promise<void>> = {
	'document:getCompleted': async ({ pending }) => await suite.emulator.sign(pending.envelopeId),
	'webhook:getAll': async () => {
		// Webhooks of every kind Get Many tells apart: plain, with a header token, a trigger's, a waiting Send and Wait's.
		await run({
			resource: 'webhook',
			operation: 'create',
			webhookUrl: 'https://example.com/hook',
			headerToken: TOKEN,
		});
		await run({
			resource: 'webhook',
			operation: 'create',
			webhookUrl: `http://127.0.0.1:5678/webhook-test/${crypto.randomUUID()}/webhook`,
		});
		const waiting = new URL('http://127.0.0.1:5678/webhook-waiting/exec-7');
		waiting.search = new URLSearchParams({
			check: 'a'.repeat(64),
			envelopeId: crypto.randomUUID(),
			documentIds: crypto.randomUUID(),
			until: FUTURE,
		}).toString();
		await run({ resource: 'webhook', operation: 'create', webhookUrl: waiting.toString() });
	},
};

/** The run with a create's output as its input item, whose IDs the invitations keep (keepsInputIds in their files). */
const afterCreate = (base: Scenario, { pending }: Seeded): Scenario => ({
	...base,
	items: [{ json: { envelopeId: pending.envelopeId, documentId: pending.documentId } }],
});

const VARIANTS: Record<string, (base: Scenario, world: Seeded) => Promise<Scenario[]>> = {
	'envelope:createAndInvite': async (base) => [
		{ ...base, parameters: { ...base.parameters, additionalFields: { isReturnUrl: true } } },
	],
	'envelope:getStatus': async () => {
		const [signed, rejected] = [envelope(), envelope()];
		await suite.emulator.sign(signed.envelopeId);
		await suite.emulator.reject(rejected.envelopeId, jane.email, 'Wrong amount');
		return [signed, rejected].map(({ envelopeId }) => ({ parameters: { envelopeId } }));
	},
	'invitation:getSigningLinks': async (base, world) => [
		{ parameters: { ...base.parameters, ...twoSigners } },
		afterCreate(base, world),
	],
	'invitation:send': async (base, world) => [afterCreate(base, world)],
	'invitation:sendForEnvelope': async (base, world) => [afterCreate(base, world)],
	'invitation:sendWithLinks': async (base, world) => [
		{ parameters: { ...base.parameters, ...twoSigners } },
		afterCreate(base, world),
	],
	'document:downloadSigned': async () => {
		const signed = envelope();
		await suite.emulator.sign(signed.envelopeId);
		return [{ parameters: { documentId: signed.documentId } }];
	},
	'webhook:create': async (base) => [
		{ parameters: { ...base.parameters, headerToken: TOKEN, isDefault: true } },
	],
	'webhook:createMany': async () => [
		{
			parameters: {
				webhooks: {
					webhook: [
						{ webhookUrl: 'https://example.com/one' },
						{ webhookUrl: 'https://example.com/two', headerToken: TOKEN },
					],
				},
			},
		},
	],
	'webhook:get': async () => {
		const created = await run({
			resource: 'webhook',
			operation: 'create',
			webhookUrl: 'https://example.com/hook',
			headerToken: TOKEN,
		});
		return [{ parameters: { webhookId: byId(String(created.items[0].json.id)) } }];
	},
	'webhook:getAll': async () => [{ parameters: { returnAll: true } }],
};

const byKey = (key: string): Operation =>
	actionOperations().find((operation) => operation.key === key)!;

/** The runs of one operation: the derived one first, then its variants. */
async function scenarios(operation: Operation): Promise<Scenario[]> {
	const world = await seeded();
	await BEFORE[operation.key]?.(world);
	const base = derivedScenario(operation, world);
	return [base, ...((await VARIANTS[operation.key]?.(base, world)) ?? [])];
}

describe('the schema check', () => {
	const schema: JsonSchema = {
		type: 'object',
		properties: {
			id: { type: 'string' },
			count: { type: 'integer' },
			tags: { type: 'array', items: { type: 'string' } },
		},
		required: ['id'],
	};

	it('passes a conforming value and fails an undeclared field, a missing required one and a wrong type', () => {
		expect(validate(schema, { id: 'a', count: 2, tags: ['x'] })).toEqual([]);
		expect(validate(schema, { id: 'a', extra: true })).toEqual(['$.extra: is not in the schema']);
		expect(validate(schema, { count: 2 })).toEqual(['$: misses id, which the schema requires']);
		expect(validate(schema, { id: 'a', count: 2.5, tags: [1] })).toEqual([
			'$.count: is number (2.5), the schema says integer',
			'$.tags[0]: is integer (1), the schema says string',
		]);
	});

	it('fails a schema with a keyword it does not check', () => {
		expect(validate({ type: 'string', pattern: '^a' } as JsonSchema, 'a')).toEqual([
			'$: the schema uses keywords this check does not know: pattern',
		]);
	});
});

describe.each(PROFILES)('the %s profile', (profile) => {
	const local = emulatorSuite({ resetEach: 'none', emulator: { profile } });
	beforeAll(() => {
		suite = local;
	});

	describe('output schemas of the E-Signature node', () => {
		it('lists every operation of every resource (the list the checks below walk), each with a derived run', () => {
			expect(new Set(operations.map((key) => key.split(':')[0]))).toEqual(new Set(resources));
			expect(operations).toEqual(actionOperations().map(({ key }) => key));
			const extra = [...Object.keys(BEFORE), ...Object.keys(VARIANTS)];
			expect(extra.filter((key) => !operations.includes(key))).toEqual([]);
			const unknown = actionOperations().flatMap((operation) =>
				sampleParameters(operation).unknown.map((field) => `${operation.key}: ${field}`),
			);
			expect(unknown).toEqual([]);
		});

		it.each(operations)('%s: its schema is where the editor asks for it', (key) => {
			const [resource, operation] = key.split(':');
			const exact = resolveOutputSchemaPath({
				nodeDir: NODE_DIR,
				version: description.version as number,
				resource,
				operation,
			})!;
			expect(exact.endsWith(join('__schema__', 'v1.0.0', resource, `${operation}.json`))).toBe(
				true,
			);
			expect(existsSync(exact)).toBe(true);
		});

		it.each(operations)('%s: what it outputs matches its schema', async (key) => {
			const [resource, operation] = key.split(':');
			const outputs = [];
			for (const { parameters, items } of await scenarios(byKey(key))) {
				const result = await run({ resource, operation, ...parameters } as INodeParameters, items);
				expect(result.items.length).toBeGreaterThan(0);
				outputs.push(...result.items.map((item) => item.json));
			}
			const schema = readSchema(schemaFile(description.version as number, resource, operation));
			expect(outputs.flatMap((json, index) => validate(schema, json, `item ${index}`))).toEqual([]);
		});
	});

	describe('output schemas of E-Signature Send and Wait', () => {
		const nodeType = new ESignatureSendAndWait();
		const version = nodeType.description.version as number;
		/** Its operations, as its description lists them (n8n looks the schema up by `operation`, there is no resource). */
		const sendAndWaitOperations = optionValues(
			nodeType.description.properties.find((property) => property.name === 'operation')!,
		);
		let executionNumber = 0;

		const SEND: INodeParameters = { inputDataFieldName: 'data', ...signers };
		const run = async (
			parameters: INodeParameters,
			items: InputItem[],
			executionId = `schemas-${++executionNumber}`,
		) => {
			const result = await suite.harness.run({ parameters, items, nodeType, executionId });
			if (result.error)
				throw new Error(`${String(parameters.operation)} failed: ${result.error.message}`);
			return result;
		};

		/** Signs or rejects the envelope, and resumes the node with the callback the emulator sent, as n8n would. */
		async function resumed(
			parameters: INodeParameters,
			envelopeId: string,
			outcome: 'sign' | 'reject',
		) {
			if (outcome === 'sign') await suite.emulator.sign(envelopeId);
			else await suite.emulator.reject(envelopeId, jane.email, 'Wrong amount');
			const delivery = [...suite.emulator.state.deliveries]
				.reverse()
				.find((d) => d.requestId === envelopeId)!;
			const url = new URL(delivery.webhookUrl);
			const query = Object.fromEntries(url.searchParams) as IDataObject;
			// The resume check is bound to the waiting execution: the last part of the resume URL's path.
			const executionId = url.pathname.split('/').pop();
			const { result } = await suite.harness.resume(nodeType, parameters, {
				headers: delivery.headers as IDataObject,
				query,
				body: delivery.body,
				executionId,
			});
			return result.workflowData!.flat().map((item) => item.json);
		}

		const limit = {
			limitWaitTime: {
				values: { limitType: 'afterTimeInterval', resumeAmount: 5, resumeUnit: 'minutes' },
			},
		};

		/** Every way each operation ends: signed, rejected (on the first or the second output), timed out, links. */
		const OUTCOMES: Record<string, () => Promise<IDataObject[]>> = {
			sendAndWaitForSignature: async () => {
				const outputs: IDataObject[] = [];
				for (const [outcome, options] of [
					['sign', {}],
					['reject', {}],
					['reject', { rejectedOutput: true }],
				] as const) {
					const parameters = { operation: 'sendAndWaitForSignature', ...SEND, options };
					const sent = await run(parameters, [suite.pdfItem()]);
					outputs.push(
						...(await resumed(parameters, String(sent.items[0].json.envelopeId), outcome)),
					);
				}
				const waiting = await run(
					{ operation: 'sendAndWaitForSignature', ...SEND, options: limit },
					[suite.pdfItem()],
				);
				outputs.push(...(await waiting.resumeAtTimeLimit()).items.map((item) => item.json));
				return outputs;
			},
			sendAndOutputLinks: async () =>
				(await run({ operation: 'sendAndOutputLinks', ...SEND }, [suite.pdfItem()])).items.map(
					(item) => item.json,
				),
			waitForSignature: async () => {
				const outputs: IDataObject[] = [];
				for (const [outcome, options] of [
					['sign', {}],
					['reject', {}],
					['timeout', limit],
				] as const) {
					const executionId = `schemas-${++executionNumber}`;
					const sent = await run(
						{ operation: 'sendAndOutputLinks', ...SEND },
						[suite.pdfItem()],
						executionId,
					);
					const parameters = { operation: 'waitForSignature', options };
					const waiting = await run(parameters, [{ json: {} }], executionId);
					if (outcome === 'timeout')
						outputs.push(...(await waiting.resumeAtTimeLimit()).items.map((item) => item.json));
					else
						outputs.push(
							...(await resumed(parameters, String(sent.items[0].json.envelopeId), outcome)),
						);
				}
				return outputs;
			},
		};

		it('has an outcome here for every operation', () => {
			expect(Object.keys(OUTCOMES).sort()).toEqual([...sendAndWaitOperations].sort());
		});

		it.each(sendAndWaitOperations)('%s: what it outputs matches its schema', async (operation) => {
			const outputs = await OUTCOMES[operation]();
			expect(outputs.length).toBeGreaterThan(0);
			const file = schemaFile(version, undefined, operation);
			expect(file.endsWith(join('__schema__', 'v1.0.0', `${operation}.json`))).toBe(true);
			const schema = readSchema(file);
			expect(outputs.flatMap((json, index) => validate(schema, json, `item ${index}`))).toEqual([]);
		});
	});
});

describe('output schema of the E-Signature Trigger', () => {
	const trigger = triggerSuite();
	const service = new ServiceClient(() => trigger.emulator);

	it('matches every event it emits: completed and rejected, files in binary or kept as Base64, confirmed (live) or not (spec)', async () => {
		const outputs: IDataObject[] = [];
		for (const [profile, options] of [
			['live', {}],
			['live', { keepBase64: true }],
			['live', { downloadFiles: false }],
			['spec', {}],
			['spec', { acceptCallbackFiles: true }],
		] as const) {
			trigger.emulator.setProfile(profile);
			for (const outcome of ['sign', 'reject'] as const) {
				const active = await trigger.activeTrigger({ events: ['*'], options });
				const { envelopeId } = await service.createEnvelope(active.webhookId!);
				if (outcome === 'sign') await trigger.emulator.sign(envelopeId);
				else await trigger.emulator.reject(envelopeId, 'omar@example.com', 'Wrong amount');
				outputs.push(...active.executions.flat().map((item) => item.json));
				await active.deactivate();
			}
		}
		trigger.emulator.setProfile('spec');
		expect(outputs).toHaveLength(10);
		// A node without resource and operation: n8n's AI builders read `output.json` (the editor shows no preview of a trigger).
		// Every version of the trigger (1.1 is 1 without n8n's per-call expression) finds the same file.
		const versions = [new ESignatureTrigger().description.version].flat();
		expect(versions).toEqual([1, 1.1]);
		const file = schemaFile(1);
		expect(file.endsWith(join('__schema__', 'v1.0.0', 'output.json'))).toBe(true);
		expect(schemaFile(1.1)).toBe(file);
		expect(
			outputs.flatMap((json, index) => validate(readSchema(file), json, `item ${index}`)),
		).toEqual([]);
	});
});
