import type {
	CodexData,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { DOCUMENT_ID_SOURCE, ENVELOPE_ID_SOURCE } from './builderHints';
import { EMPTY_GUID, isGuid, requireGuid } from './validation';

/* Fields several resources share; an operation's file lists those it shows (resources/index.ts). */

/** How an ID of the service looks, as every ID field shows it. */
const ID_EXAMPLE = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

/** A required field taking one ID of the service: its label and name; the operation adds what it says and sends. */
export const requiredIdField = (displayName: string, name: string) =>
	({
		displayName,
		name,
		type: 'string',
		default: '',
		required: true,
		placeholder: ID_EXAMPLE,
	}) as const;

/** Kept out of the default output: most users want the payload, some want returnUrl or the service's message. */
const includeResponseWrapperOption: INodeProperties = {
	displayName: 'Include Response Wrapper',
	name: 'includeResponseWrapper',
	type: 'boolean',
	default: false,
	description:
		'Whether to output the whole answer of the service (data, errorCode, message, returnUrl) instead of only its data',
};

/** Options of an operation: `fields`, in the editor's (alphabetical) order. */
export function optionsCollection(fields: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

export function responseOptions(extra: INodeProperties[] = []): INodeProperties {
	return optionsCollection([includeResponseWrapperOption, ...extra]);
}

/** Options → File Name of the downloads (read by toBinaryItem in routing/answers.ts). */
const fileNameOption: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	placeholder: 'e.g. contract-{{ $json.referenceNumber }}',
	description:
		"Name of the output file. Its extension follows the file's type (.pdf, or .zip when the service sends a " +
		'ZIP). Empty: the name the service gives, else the document ID.',
};

/** Options of a download: File Name, and Include Response Wrapper where the answer is wrapped (Base64 downloads). */
export function downloadOptions({ wrapped }: { wrapped: boolean }): INodeProperties {
	return wrapped ? responseOptions([fileNameOption]) : optionsCollection([fileNameOption]);
}

/** n8n's Simplify toggle: on by default, what simplifyOutput (routing/answers.ts) does; off, the data as answered. */
export function simplifyProperty(): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
		hint: 'On: numbered values by name (as you choose them in this node) and no empty (null) fields',
	};
}

/** Simplify for tools (n8n's `@tool` display option): a model gets a trimmed answer (routing/engineWorkarounds.ts). */
export function toolSimplifyProperty(): INodeProperties {
	return {
		...simplifyProperty(),
		description: 'Whether to give the model a trimmed answer instead of the raw data',
		hint: "On: named values, no empty fields, no file contents (Base64); a download gives the file's details",
	};
}

export function binaryOutputProperty(): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	};
}

/*
 * The Document ID and Envelope ID fields start as expressions reading the input item, and n8n shows a field's hint only
 * in Fixed mode (the expression's result takes its place): what they take is said in their description, which the
 * label's tooltip shows in both modes (docs/n8n-notes.md#the-editor).
 */

/**
 * The Document ID field, by default the input item's documentId as the creates output it (Envelope ID likewise);
 * `more` is what an operation adds to its description.
 */
export function documentIdProperty(more?: string): INodeProperties {
	const description =
		"The document's ID: the documentId a create operation outputs (one per file), not the envelope ID or your " +
		'reference number';
	return {
		displayName: 'Document ID',
		name: 'documentId',
		type: 'string',
		default: '={{ $json.documentId }}',
		required: true,
		placeholder: ID_EXAMPLE,
		description: more ? `${description}. ${more}` : description,
		builderHint: { propertyHint: DOCUMENT_ID_SOURCE },
	};
}

export function envelopeIdProperty(): INodeProperties {
	return {
		displayName: 'Envelope ID',
		name: 'envelopeId',
		type: 'string',
		default: '={{ $json.envelopeId }}',
		required: true,
		placeholder: ID_EXAMPLE,
		description:
			"The envelope's ID: the envelopeId a create operation or the E-Signature Trigger outputs, not your " +
			'reference number',
		builderHint: { propertyHint: ENVELOPE_ID_SOURCE },
	};
}

/** The preSend of the operations showing an ID field: refuses a wrong ID before the URL takes it to the service. */
function checkIdParameter(parameter: string, collection: string, fieldLabel: string) {
	return async function check(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (acceptedIdInPath(requestOptions.url, collection)) return requestOptions;
		requireGuid(this, this.getNodeParameter(parameter, ''), fieldLabel, parameter);
		return requestOptions;
	};
}

export const checkDocumentId = checkIdParameter('documentId', 'documents', 'Document ID');
export const checkEnvelopeId = checkIdParameter('envelopeId', 'envelopes', 'Envelope ID');

/**
 * An ID parameter as a path segment, as every operation writes one: text trimmed and encoded, anything else as JSON,
 * never an ID, so the operation's check (checkEnvelopeId, checkWebhookId, ...) reads the parameter and names it.
 */
export const idInPath = (
	parameter: 'envelopeId' | 'documentId' | 'webhookId' | 'commercialNumber',
): string =>
	`{{ encodeURIComponent((id => typeof id === 'string' ? id.trim() : JSON.stringify(id))($parameter.${parameter})) }}`;

/**
 * Whether the path holds, after `/<collection>/`, an ID the check would accept: reading the parameter again costs one
 * more expression evaluation per item (docs/performance.md#fields-declared-once).
 */
function acceptedIdInPath(url: string | undefined, collection: string): boolean {
	const marker = `/${collection}/`;
	const start = url?.indexOf(marker) ?? -1;
	if (!url || start < 0) return false;
	const from = start + marker.length;
	const end = url.indexOf('/', from);
	const id = url.slice(from, end < 0 ? url.length : end);
	return id.length === EMPTY_GUID.length && isGuid(id) && id !== EMPTY_GUID;
}

const GUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A webhook from the list or by ID; n8n checks "By ID" before running, so an optional one also accepts empty. */
export function webhookLocatorProperty(
	overrides: Partial<INodeProperties> = {},
	{ optional = false } = {},
): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'webhookId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: !optional,
		description:
			"The webhook to use. The list names a trigger's by its workflow, then the start of the webhook's ID, as a " +
			'create outputs it in eventsTo (the E-Signature Trigger outputs the whole ID).',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook...',
				// The service knows a trigger once it has registered, which it does when its workflow is published.
				hint:
					'Trigger not listed? Publish its workflow first: an E-Signature Trigger registers its ' +
					'webhook when published. With an n8n API Key in the credential, unpublished triggers show too.',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: ID_EXAMPLE,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: optional ? `^\\s*(?:${GUID_PATTERN})?\\s*$` : `^\\s*${GUID_PATTERN}\\s*$`,
							errorMessage: 'Not a webhook ID',
						},
					},
				],
			},
		],
		...overrides,
	};
}

/** How a list is entered: one set of fields per entry, or the whole list as JSON (e.g. built by an expression). */
export function listInputProperty(
	name: string,
	displayName: string,
	entryNoun: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		options: [
			{ name: 'Fields', value: 'fields', description: `Enter each ${entryNoun} in fields` },
			{
				name: 'JSON',
				value: 'json',
				description: 'Give the whole list as JSON, e.g. from an expression',
			},
		],
		default: 'fields',
	};
}

type Choice = { name: string; value: string };

/** The canvas subtitle of a node with resources, in the pickers' names: "Envelope → Create From Files". */
export function resourceOperationSubtitle(fields: INodeProperties[]): string {
	const resources = fields.find((field) => field.name === 'resource')?.options ?? [];
	const names: Record<string, string> = {};
	for (const resource of resources as Choice[]) {
		const operations = fields.find(
			(field) =>
				field.name === 'operation' &&
				field.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of (operations?.options ?? []) as Choice[])
			names[`${resource.value}.${operation.value}`] = `${resource.name} → ${operation.name}`;
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + "." + $parameter["operation"]] ?? "" }}`;
}

/** A node's codex file (`<node>.node.json`): what n8n-core's loader reads of it. */
interface CodexFile {
	categories?: string[];
	subcategories?: Record<string, string[]>;
	resources?: CodexData['resources'];
	alias?: string[];
}

/**
 * The node's codex: its codex file with the names of its actions added as aliases, as n8n's node search reads only a
 * node's name and aliases, each as a whole (docs/n8n-notes.md#the-editor). n8n-core takes a description's codex over
 * the file's.
 */
export function codexWithActions(
	{ categories, subcategories, resources, alias = [] }: CodexFile,
	fields: INodeProperties[],
): CodexData {
	const actions = fields
		.flatMap((field) => (field.type === 'options' ? (field.options ?? []) : []))
		.flatMap((option) =>
			'action' in option && typeof option.action === 'string' ? [option.action] : [],
		);
	return { categories, subcategories, resources, alias: [...new Set([...alias, ...actions])] };
}

/** The canvas subtitle of a node without resources: the chosen operation's name. */
export function operationSubtitle(fields: INodeProperties[]): string {
	const operations = (fields.find((field) => field.name === 'operation')?.options ??
		[]) as Choice[];
	const names = Object.fromEntries(operations.map(({ name, value }) => [value, name]));
	return `={{ (${JSON.stringify(names)})[$parameter["operation"]] ?? "" }}`;
}
