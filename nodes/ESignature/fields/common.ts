import type { CodexData, INodeProperties } from 'n8n-workflow';

import { DOCUMENT_ID_SOURCE } from './builderHints';

export const ID_EXAMPLE = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

export const textField = (displayName: string, name: string, more = {}): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...more,
});

/** `source`, where such an ID comes from, is told to AI builders and by a not-found error (service/errors.ts). */
export const requiredIdField = (displayName: string, name: string, source: string) =>
	textField(displayName, name, {
		required: true,
		placeholder: ID_EXAMPLE,
		builderHint: { propertyHint: source },
	});

export const optionsCollection = (fields: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName)),
});

export const responseOptions = (extra: INodeProperties[] = []) =>
	optionsCollection([
		{
			displayName: 'Include Response Wrapper',
			name: 'includeResponseWrapper',
			type: 'boolean',
			default: false,
			description:
				'Whether to output the whole answer of the service (data, errorCode, message, returnUrl) instead of ' +
				'only its data',
		},
		...extra,
	]);

export const simplifyProperty = (): INodeProperties => ({
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	hint: 'On: numbered values by name (as you choose them in this node) and no empty (null) fields',
});

export const toolSimplifyProperty = (): INodeProperties => ({
	...simplifyProperty(),
	description: 'Whether to give the model a trimmed answer instead of the raw data',
	hint: "On: named values, no empty fields, no file contents (Base64); a download gives the file's details",
});

export const binaryOutputProperty = () =>
	textField('Put Output File in Field', 'binaryPropertyName', {
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	});

/** Said in the description, not a hint: n8n shows hints only in Fixed mode (docs/n8n-notes.md#the-editor). */
export function documentIdProperty(more?: string) {
	const description =
		"The document's ID: the documentId a create operation outputs (one per file), not the envelope ID or your " +
		'reference number';
	return textField('Document ID', 'documentId', {
		default: '={{ $json.documentId }}',
		required: true,
		placeholder: ID_EXAMPLE,
		description: more ? `${description}. ${more}` : description,
		builderHint: { propertyHint: DOCUMENT_ID_SOURCE },
	});
}

export const GUID_PATTERN =
	'[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** n8n checks "By ID" before running, so an optional one also accepts empty. */
export const webhookLocatorProperty = (
	overrides: Partial<INodeProperties> = {},
	{ optional = false } = {},
): INodeProperties => ({
	displayName: 'Webhook',
	name: 'webhookId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: !optional,
	description:
		"The webhook to use. The list names a trigger's by its workflow, then the start of the webhook's ID, as a " +
		'create outputs it in eventsTo (the E-Signature Trigger outputs the whole ID).',
	builderHint: {
		propertyHint:
			'webhookId is the ID of a webhook registered at the service: Webhook → Create and Get Many output it as id, ' +
			"the E-Signature Trigger as webhookId, and the Webhook list names a trigger's by its workflow. It is a GUID.",
	},
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a webhook...',
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
});

export const listInputProperty = (
	name: string,
	displayName: string,
	entryNoun: string,
): INodeProperties => ({
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
});

const choicesOf = (field?: INodeProperties) =>
	(field?.options ?? []) as Array<{ name: string; value: string }>;

/** The canvas subtitle: "Envelope → Create From Files". */
export function resourceOperationSubtitle(fields: INodeProperties[]) {
	const names: Record<string, string> = {};
	for (const resource of choicesOf(fields.find((field) => field.name === 'resource'))) {
		const operations = fields.find(
			(field) =>
				field.name === 'operation' &&
				field.displayOptions?.show?.resource?.includes(resource.value),
		);
		for (const operation of choicesOf(operations))
			names[`${resource.value}.${operation.value}`] = `${resource.name} → ${operation.name}`;
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + "." + $parameter["operation"]] ?? "" }}`;
}

/** The actions as aliases: n8n's node search reads only a node's name and aliases (docs/n8n-notes.md#the-editor). */
export function codexWithActions(
	{ categories, subcategories, resources, alias = [] }: CodexData,
	fields: INodeProperties[],
) {
	const actions = fields
		.flatMap((field) => (field.type === 'options' ? (field.options ?? []) : []))
		.flatMap((option) =>
			'action' in option && typeof option.action === 'string' ? [option.action] : [],
		);
	return { categories, subcategories, resources, alias: [...new Set([...alias, ...actions])] };
}

export function operationSubtitle(fields: INodeProperties[]) {
	const operations = choicesOf(fields.find((field) => field.name === 'operation'));
	const names = Object.fromEntries(operations.map(({ name, value }) => [value, name]));
	return `={{ (${JSON.stringify(names)})[$parameter["operation"]] ?? "" }}`;
}
