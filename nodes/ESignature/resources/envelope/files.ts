import type { IDataObject, IDisplayOptions, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { DocumentFile } from '../../shared/binary';
import { decodeBase64, readBinaryFile, splitPropertyNames } from '../../shared/binary';
import { inputError, requireText } from '../../shared/validation';

/**
 * Where the envelope operations take their documents from: binary properties of the input item (read with n8n's
 * helpers, so every binary data mode works), or Base64 the user already holds.
 */

export const INPUT_BINARY_FIELDS_LABEL = 'Input Binary Fields';
export const INPUT_BINARY_FIELD_LABEL = 'Input Binary Field';
export const BASE64_CONTENT_LABEL = 'File Content (Base64)';
export const FILES_JSON_LABEL = 'Files (JSON)';

/** A document ready for a JSON body: Base64 content and file name. */
export interface Base64File {
	file: string;
	fileName: string;
}

const withShow = (displayOptions: IDisplayOptions, extra: IDataObject): IDisplayOptions => ({
	...displayOptions,
	show: { ...displayOptions.show, ...extra } as IDisplayOptions['show'],
});

/** Several documents from binary properties, named in one comma-separated field. */
export function binaryFilesProperty(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: INPUT_BINARY_FIELDS_LABEL,
		name: 'binaryPropertyNames',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'data, attachment',
		hint: 'The names of the input binary fields holding the documents, separated by commas',
		description: 'Each named binary field of the input item is uploaded as one document (PDF)',
		displayOptions,
	};
}

/** Input mode of the JSON upload operations: binary fields, or Base64 the user already has. */
export function fileInputModeProperty(displayOptions: IDisplayOptions): INodeProperties {
	return {
		displayName: 'Input Mode',
		name: 'inputMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'Take the document from a binary field of the input item; it is encoded for you',
			},
			{ name: 'Base64 String', value: 'base64', description: 'Give the document content as Base64 text' },
		],
		default: 'binary',
		displayOptions,
	};
}

/** One document: a binary field, or Base64 content with a file name. */
export function singleFileProperties(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		fileInputModeProperty(displayOptions),
		{
			displayName: INPUT_BINARY_FIELD_LABEL,
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the input binary field holding the document',
			displayOptions: withShow(displayOptions, { inputMode: ['binary'] }),
		},
		{
			displayName: BASE64_CONTENT_LABEL,
			name: 'fileContent',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			description: 'The document (PDF) encoded as Base64',
			displayOptions: withShow(displayOptions, { inputMode: ['base64'] }),
		},
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'contract.pdf',
			description: 'Name of the document as signers will see it',
			displayOptions: withShow(displayOptions, { inputMode: ['base64'] }),
		},
	];
}

/** Several documents: binary fields, or a JSON list of Base64 files. */
export function multipleFileProperties(displayOptions: IDisplayOptions): INodeProperties[] {
	return [
		fileInputModeProperty(displayOptions),
		binaryFilesProperty(withShow(displayOptions, { inputMode: ['binary'] })),
		{
			displayName: FILES_JSON_LABEL,
			name: 'filesJson',
			type: 'json',
			default: '[\n  {\n    "file": "JVBERi0xLjQK...",\n    "fileName": "contract.pdf"\n  }\n]',
			required: true,
			description: 'Array of documents, each with the Base64 content in "file" and its name in "fileName"',
			displayOptions: withShow(displayOptions, { inputMode: ['base64'] }),
		},
	];
}

/** The documents named in "Input Binary Fields", in the order given. */
export async function readBinaryFiles(context: IExecuteSingleFunctions): Promise<DocumentFile[]> {
	const names = splitPropertyNames((context.getNodeParameter('binaryPropertyNames', '') as string) ?? '');
	if (!names.length) {
		throw inputError(context, `${INPUT_BINARY_FIELDS_LABEL} is empty: enter the name of at least one binary field`);
	}
	const files: DocumentFile[] = [];
	for (const name of names) files.push(await readBinaryFile(context, name, INPUT_BINARY_FIELDS_LABEL));
	return files;
}

const toBase64File = (file: DocumentFile): Base64File => ({
	file: file.data.toString('base64'),
	fileName: file.fileName,
});

/** Checks Base64 strictly and returns it in canonical form, so a typo fails here and not as a corrupt document. */
function checkedBase64(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const text = requireText(context, value, fieldLabel);
	const bytes = decodeBase64(text);
	if (!bytes?.length) {
		throw inputError(
			context,
			`${fieldLabel} is not valid Base64`,
			'Give the file content encoded as Base64 (letters, digits, +, / and = padding), optionally with a data: URL prefix.',
		);
	}
	return bytes.toString('base64');
}

/** The one document of initiate-base64, per the Input Mode. */
export async function readSingleBase64File(context: IExecuteSingleFunctions): Promise<Base64File> {
	if (context.getNodeParameter('inputMode', 'binary') === 'base64') {
		return {
			file: checkedBase64(context, context.getNodeParameter('fileContent', ''), BASE64_CONTENT_LABEL),
			fileName: requireText(context, context.getNodeParameter('fileName', ''), 'File Name'),
		};
	}
	const name = (context.getNodeParameter('binaryPropertyName', 'data') as string) ?? '';
	return toBase64File(await readBinaryFile(context, name, INPUT_BINARY_FIELD_LABEL));
}

/** The documents of the bulk operations, per the Input Mode. */
export async function readBase64Files(context: IExecuteSingleFunctions): Promise<Base64File[]> {
	if (context.getNodeParameter('inputMode', 'binary') !== 'base64') {
		return (await readBinaryFiles(context)).map(toBase64File);
	}
	let entries = context.getNodeParameter('filesJson', '[]') as unknown;
	if (typeof entries === 'string') {
		try {
			entries = JSON.parse(entries);
		} catch (error) {
			throw inputError(context, `${FILES_JSON_LABEL} is not valid JSON: ${(error as Error).message}`);
		}
	}
	if (!Array.isArray(entries) || entries.length === 0) {
		throw inputError(context, `${FILES_JSON_LABEL} must be a non-empty array of {"file", "fileName"} objects`);
	}
	return entries.map((entry: unknown, index) => {
		const label = `${FILES_JSON_LABEL}, file ${index + 1}`;
		if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
			throw inputError(context, `${label} must be an object with "file" and "fileName"`);
		}
		// Either spelling the API uses (file/File) is accepted.
		const value = (key: string) =>
			Object.entries(entry as IDataObject).find(([name]) => name.toLowerCase() === key.toLowerCase())?.[1];
		const file = value('file');
		const fileName = value('fileName');
		return {
			file: checkedBase64(context, file, `${label}: file`),
			fileName: requireText(context, fileName, `${label}: fileName`),
		};
	});
}
