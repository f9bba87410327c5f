import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/** Fields several resources share. Each takes the displayOptions of the operation it appears on. */

/** Kept out of the default output: most users want the payload, some want returnUrl or the service's message. */
const includeResponseWrapperOption: INodeProperties = {
	displayName: 'Include Response Wrapper',
	name: 'includeResponseWrapper',
	type: 'boolean',
	default: false,
	description:
		'Whether to output the whole answer of the service (data, errorCode, message, returnUrl) instead of only its data',
};

export function responseOptions(displayOptions: IDisplayOptions, extra: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions,
		options: [includeResponseWrapperOption, ...extra],
	};
}

export function binaryOutputProperty(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
		displayOptions,
	};
}

export function documentIdProperty(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Document ID',
		name: 'documentId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description: 'ID of the document, as returned when the envelope was created',
		displayOptions,
	};
}

export function envelopeIdProperty(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Envelope ID',
		name: 'envelopeId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description: 'ID of the envelope, as returned when it was created',
		displayOptions,
	};
}

const GUID_PATTERN = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * A webhook picked from the account's list or given by ID (e.g. the ID the E-Signature Trigger outputs).
 * n8n checks the "By ID" pattern before running, so an optional webhook's pattern also accepts an empty value.
 */
export function webhookLocatorProperty(
	displayOptions: IDisplayOptions,
	overrides: Partial<INodeProperties> = {},
	{ optional = false } = {},
): INodeProperties {
	return {
		displayName: 'Webhook',
		name: 'webhookId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: !optional,
		description: 'The webhook to use. The E-Signature Trigger outputs the ID of the webhook it registered.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a webhook...',
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
		displayOptions,
		...overrides,
	};
}

/** How a list is entered: one set of fields per entry, or the whole list as JSON (e.g. built by an expression). */
export function listInputProperty(
	name: string,
	displayName: string,
	entryNoun: string,
	displayOptions: IDisplayOptions,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		options: [
			{ name: 'Fields', value: 'fields', description: `Enter each ${entryNoun} in fields` },
			{ name: 'JSON', value: 'json', description: 'Give the whole list as JSON, e.g. from an expression' },
		],
		default: 'fields',
		displayOptions,
	};
}
