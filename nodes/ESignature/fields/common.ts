import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { DOCUMENT_ID_SOURCE, ENVELOPE_ID_SOURCE } from './builderHints';
import { EMPTY_GUID, isGuid, requireGuid } from './validation';

/**
 * Fields several resources share. They say nothing about the operation they appear on: an operation's file lists the
 * fields it shows, and resources/index.ts shows each for the operations listing it.
 */

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

/**
 * Simplify for tools (n8n's `@tool` display option), on by default: a model gets a trimmed answer
 * (routing/engineWorkarounds.ts), a download the file's details instead of the file. Hidden in a workflow, whose
 * output stays as it is.
 */
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

/**
 * The Document ID field; an operation may say more in its description (e.g. which download to use). It starts as an
 * expression taking the ID from the input item, as the creates and the other operations output it (after Create From
 * Files it is filled in); Envelope ID likewise.
 */
export function documentIdProperty(
	description = 'ID of the document, as returned when the envelope was created',
): INodeProperties {
	return {
		displayName: 'Document ID',
		name: 'documentId',
		type: 'string',
		default: '={{ $json.documentId }}',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description,
		hint: 'The documentId a create operation output (one per file), not the envelope ID or your reference number',
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
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description: 'ID of the envelope, as returned when it was created',
		hint: 'The envelopeId a create operation output (the trigger calls it requestId), not your reference number',
		builderHint: { propertyHint: ENVELOPE_ID_SOURCE },
	};
}

/**
 * preSend of the operations showing a Document ID: refuses what is not a document ID before any request. The URL
 * takes the ID by expression; this check keeps a wrong value from reaching the service.
 */
export async function checkDocumentId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (acceptedIdInPath(requestOptions.url, 'documents')) return requestOptions;
	requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID');
	return requestOptions;
}

/** preSend of the operations showing an Envelope ID: refuses a wrong one before any request (as checkDocumentId). */
export async function checkEnvelopeId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (acceptedIdInPath(requestOptions.url, 'envelopes')) return requestOptions;
	requireGuid(this, this.getNodeParameter('envelopeId', ''), 'Envelope ID');
	return requestOptions;
}

/**
 * An ID parameter as a path segment of an operation's URL, the one way every operation writes one: text trimmed and
 * encoded; any other value (a list, an object) as JSON, which is never an ID, so that the operation's check
 * (checkEnvelopeId, checkDocumentId, checkWebhookId, checkCommercialNumber) reads the parameter and names it.
 */
export const idInPath = (
	parameter: 'envelopeId' | 'documentId' | 'webhookId' | 'commercialNumber',
): string =>
	`{{ encodeURIComponent((id => typeof id === 'string' ? id.trim() : JSON.stringify(id))($parameter.${parameter})) }}`;

/**
 * Whether the path already holds, after `/<collection>/`, an ID the check would accept: the operation's URL wrote it
 * from the same parameter, and reading the parameter again costs one more expression evaluation per item
 * (docs/performance.md#fields-declared-once). Anything else is checked from the parameter, which names what is wrong.
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

/**
 * A webhook picked from the account's list or given by ID (e.g. the ID the E-Signature Trigger outputs).
 * n8n checks the "By ID" pattern before running, so an optional webhook's pattern also accepts an empty value.
 */
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
			'The webhook to use. The E-Signature Trigger outputs the ID of the webhook it registered; the list names ' +
			'it "n8n trigger" with its workflow, and ends each entry with the start of the webhook\'s ID, as a ' +
			'create outputs it in eventsTo.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook...',
				// The service knows a trigger once it has registered, which it does when its workflow is published.
				hint:
					'Trigger not listed? Publish its workflow first: an E-Signature Trigger registers its ' +
					'webhook when published.',
				typeOptions: { searchListMethod: 'searchWebhooks', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
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

/**
 * The canvas subtitle of a node with resources: "Envelope → Create From Files", the names the node's pickers show,
 * never the internal values. One expression with the names of every resource and operation, made when n8n loads
 * the node.
 */
export function resourceOperationSubtitle(fields: INodeProperties[]): string {
	const resources = fields.find((field) => field.name === 'resource')?.options ?? [];
	const names: Record<string, string> = {};
	for (const resource of resources as Array<{ name: string; value: string }>) {
		const operations = fields.find(
			(field) =>
				field.name === 'operation' &&
				field.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of (operations?.options ?? []) as Array<{ name: string; value: string }>) {
			names[`${resource.value}.${operation.value}`] = `${resource.name} → ${operation.name}`;
		}
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + "." + $parameter["operation"]] ?? "" }}`;
}

/** The canvas subtitle of a node without resources: the chosen operation's name. */
export function operationSubtitle(fields: INodeProperties[]): string {
	const operations = (fields.find((field) => field.name === 'operation')?.options ?? []) as Array<{
		name: string;
		value: string;
	}>;
	const names = Object.fromEntries(
		operations.map((operation) => [operation.value, operation.name]),
	);
	return `={{ (${JSON.stringify(names)})[$parameter["operation"]] ?? "" }}`;
}
