import type { INodeProperties } from 'n8n-workflow';

import { textField } from './common';

export interface FileInputOptions {
	multiple?: boolean;
	/** Without it, File Name is required for Base64 text. */
	defaultFileName?: string;
}

export const FILE_INPUT_LABELS = {
	binaryField: 'Input Binary Field',
	binaryFields: 'Input Binary Fields',
	base64: 'File (Base64)',
	fileName: 'File Name',
	filesJson: 'Files (JSON)',
	url: 'File URL',
	urls: 'File URLs',
} as const;

export function fileInputProperties({
	multiple = false,
	defaultFileName,
}: FileInputOptions = {}): INodeProperties[] {
	const base64 = { show: { fileInput: ['base64'] } };
	const base64Text = {
		name: 'Base64 Text',
		value: 'base64',
		description: 'Give the file content as Base64 text',
	};
	const fromUrl = {
		name: 'URL',
		value: 'url',
		description: 'Download the PDF from an http(s) link; how an AI agent gives a file',
	};
	// A tool gets no binary data (docs/ai-agents.md#files).
	const selector = { displayName: 'File Input', name: 'fileInput', noDataExpression: true };
	const fileName = textField(FILE_INPUT_LABELS.fileName, 'fileName', {
		placeholder: 'contract.pdf',
	});
	const properties: INodeProperties[] = [
		{
			...selector,
			type: 'options',
			options: [
				{
					name: 'Binary File',
					value: 'binary',
					description: 'Take the file from a binary field of the input item; it is encoded for you',
				},
				base64Text,
				fromUrl,
			],
			default: 'binary',
			displayOptions: { hide: { '@tool': [true] } },
		},
		{
			...selector,
			type: 'options',
			options: [fromUrl, base64Text],
			default: 'url',
			hint: 'An AI tool gets no binary files: the model gives a link to the PDF, or its Base64 text',
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: FILE_INPUT_LABELS[multiple ? 'binaryFields' : 'binaryField'],
			name: 'inputDataFieldName',
			type: 'string',
			default: 'data',
			required: true,
			...(multiple
				? {
						placeholder: 'data, attachment',
						hint: 'The names of the input binary fields containing the files to be uploaded, separated by commas',
						description:
							'Each named binary field of the input item is uploaded as one document (PDF)',
					}
				: { hint: 'The name of the input binary field containing the file to be uploaded' }),
			displayOptions: { show: { fileInput: ['binary'] } },
		},
		multiple
			? {
					displayName: FILE_INPUT_LABELS.filesJson,
					name: 'filesJson',
					type: 'json',
					default: '[]',
					placeholder: '[{ "file": "JVBERi0xLjQK...", "fileName": "contract.pdf" }]',
					required: true,
					description:
						'Array of documents, each with the Base64 content in "file" and its name in "fileName"',
					displayOptions: base64,
				}
			: {
					displayName: FILE_INPUT_LABELS.base64,
					name: 'fileBase64',
					type: 'string',
					typeOptions: { rows: 4 },
					default: '',
					required: true,
					description: 'The document (PDF) encoded as Base64',
					displayOptions: base64,
				},
		{
			displayName: FILE_INPUT_LABELS[multiple ? 'urls' : 'url'],
			name: multiple ? 'fileUrls' : 'fileUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://example.com/contract.pdf',
			description: multiple
				? 'Links to the documents (PDF), separated by commas or new lines; each is downloaded without the ' +
					'credential, and named after the last part of its path'
				: 'Link to the document (PDF), such as https://example.com/contract.pdf; it is downloaded without the ' +
					'credential',
			displayOptions: { show: { fileInput: ['url'] } },
		},
		downloadOptionsProperty(multiple),
	];
	if (multiple) return properties;
	return [
		...properties,
		{
			...fileName,
			description:
				'Name the document is sent with. Leave empty to use the name of the binary file, or the last part of the URL.',
			displayOptions: { show: { fileInput: ['binary', 'url'] } },
		},
		{
			...fileName,
			required: !defaultFileName,
			description: defaultFileName
				? `Name the document is sent with. Leave empty for ${defaultFileName}.`
				: 'Name the document is sent with',
			displayOptions: base64,
		},
	];
}

export const MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;

function downloadOptionsProperty(multiple: boolean): INodeProperties {
	const options: INodeProperties[] = [
		{
			displayName: 'Allow Internal Addresses (AI Tool)',
			name: 'allowInternalAddresses',
			type: 'boolean',
			default: false,
			description:
				'Whether a link may lead to loopback, private, link-local or other internal addresses when the node runs ' +
				'as an AI tool. Set it here, never with an expression: a model cannot set it. Workflows outside AI tools ' +
				"follow n8n's own outbound rules.",
		},
		{
			displayName: 'Max Total Size (MB)',
			name: 'maxTotalSize',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 1024 },
			default: 50,
			description:
				"The most an item's downloads may add up to, after decompression. " +
				`Each document is at most ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB.`,
		},
		{
			displayName: 'Time Limit (Seconds)',
			name: 'timeLimit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 3600 },
			default: 60,
			description:
				'How long one download may take from its request to its last byte, redirects included',
		},
	];
	if (multiple)
		options.splice(1, 0, {
			displayName: 'Max Links',
			name: 'maxLinks',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 100 },
			default: 10,
			description: 'The most links one item may give',
		});
	return {
		displayName: 'Download Options',
		name: 'downloadOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options,
		displayOptions: { show: { fileInput: ['url'] } },
	};
}

export const DOWNLOAD_OPTION_LABELS = Object.fromEntries(
	(downloadOptionsProperty(true).options as INodeProperties[]).map((o) => [o.name, o.displayName]),
);

export const SEVERAL_FILES = { multiple: true };
