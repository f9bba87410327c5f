import type { IDisplayOptions, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { DocumentFile } from './binary';
import { binaryFileName, detectMimeType, documentFile, readBinaryFile, requireBase64Bytes, splitPropertyNames } from './binary';
import { isPlainObject, parseJsonParameter, pick } from './json';
import { inputError, requireText, toText } from './validation';

/**
 * The one way operations take files: from binary fields of the input item (read with n8n's helpers, so every binary
 * data mode works), or as Base64 text. The same parameter names everywhere: fileInput, inputDataFieldName, fileBase64
 * and fileName (filesJson for several files). `binaryPropertyName` is kept for the OUTPUT field of downloads.
 */

export interface FileInputOptions {
	/** Several files: binary field names separated by commas, or a JSON list of Base64 files. */
	multiple?: boolean;
	/** Name of a single Base64 file given without a File Name; without it, File Name is required for Base64 text. */
	defaultFileName?: string;
}

const FILE_INPUT_LABELS = {
	binaryField: 'Input Binary Field',
	binaryFields: 'Input Binary Fields',
	base64: 'File (Base64)',
	fileName: 'File Name',
	filesJson: 'Files (JSON)',
} as const;

const withShow = (displayOptions: IDisplayOptions, extra: Record<string, string[]>): IDisplayOptions => ({
	...displayOptions,
	show: { ...displayOptions.show, ...extra },
});

/** The file fields of an operation: the input selector and the fields of each input. */
export function fileInputProperties(displayOptions: IDisplayOptions, options: FileInputOptions = {}): INodeProperties[] {
	const binary = withShow(displayOptions, { fileInput: ['binary'] });
	const base64 = withShow(displayOptions, { fileInput: ['base64'] });
	const selector: INodeProperties = {
		displayName: 'File Input',
		name: 'fileInput',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'Take the file from a binary field of the input item; it is encoded for you',
			},
			{ name: 'Base64 Text', value: 'base64', description: 'Give the file content as Base64 text' },
		],
		default: 'binary',
		displayOptions,
	};
	if (options.multiple) {
		return [
			selector,
			{
				displayName: FILE_INPUT_LABELS.binaryFields,
				name: 'inputDataFieldName',
				type: 'string',
				default: 'data',
				required: true,
				placeholder: 'data, attachment',
				hint: 'The names of the input binary fields containing the files to be uploaded, separated by commas',
				description: 'Each named binary field of the input item is uploaded as one document (PDF)',
				displayOptions: binary,
			},
			{
				displayName: FILE_INPUT_LABELS.filesJson,
				name: 'filesJson',
				type: 'json',
				default: '[]',
				placeholder: '[{ "file": "JVBERi0xLjQK...", "fileName": "contract.pdf" }]',
				required: true,
				description: 'Array of documents, each with the Base64 content in "file" and its name in "fileName"',
				displayOptions: base64,
			},
		];
	}
	return [
		selector,
		{
			displayName: FILE_INPUT_LABELS.binaryField,
			name: 'inputDataFieldName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the input binary field containing the file to be uploaded',
			displayOptions: binary,
		},
		{
			displayName: FILE_INPUT_LABELS.base64,
			name: 'fileBase64',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			description: 'The document (PDF) encoded as Base64',
			displayOptions: base64,
		},
		// One parameter shown twice: optional for a binary file, required for Base64 text unless there is a default.
		{
			displayName: FILE_INPUT_LABELS.fileName,
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'contract.pdf',
			description: 'Name the document is sent with. Leave empty to use the name of the binary file.',
			displayOptions: binary,
		},
		{
			displayName: FILE_INPUT_LABELS.fileName,
			name: 'fileName',
			type: 'string',
			default: '',
			required: !options.defaultFileName,
			placeholder: 'contract.pdf',
			description: options.defaultFileName
				? `Name the document is sent with. Leave empty for ${options.defaultFileName}.`
				: 'Name the document is sent with',
			displayOptions: base64,
		},
	];
}

const isBase64Input = (context: IExecuteSingleFunctions) => context.getNodeParameter('fileInput', 'binary') === 'base64';

const inputFieldName = (context: IExecuteSingleFunctions) => toText(context.getNodeParameter('inputDataFieldName', 'data'));

/**
 * The name a single file is sent with: File Name, else the binary file's name, else the default. Synchronous, so an
 * output hook can name a result after the file that was sent.
 */
export function fileInputName(context: IExecuteSingleFunctions, options: FileInputOptions = {}): string {
	const given = toText(context.getNodeParameter('fileName', ''));
	if (given) return given;
	if (!isBase64Input(context)) {
		const property = inputFieldName(context);
		const binary = context.getInputData().binary?.[property];
		if (binary) return binaryFileName(binary, property);
	}
	if (options.defaultFileName) return options.defaultFileName;
	throw inputError(context, `${FILE_INPUT_LABELS.fileName} is required`);
}

/** Base64 text as a document (named by the caller); the type is read from the bytes, decoded once. */
function fromBase64(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): DocumentFile {
	const bytes = requireBase64Bytes(context, value, fieldLabel);
	return documentFile(bytes, '', detectMimeType(bytes).mimeType);
}

/** The documents of an operation per its File Input, in the order given (one for a single-file operation). */
export async function readFileInput(
	context: IExecuteSingleFunctions,
	options: FileInputOptions = {},
): Promise<DocumentFile[]> {
	if (!options.multiple) {
		const file = isBase64Input(context)
			? fromBase64(context, context.getNodeParameter('fileBase64', ''), FILE_INPUT_LABELS.base64)
			: await readBinaryFile(context, inputFieldName(context), FILE_INPUT_LABELS.binaryField);
		return [{ ...file, fileName: fileInputName(context, options) }];
	}
	if (!isBase64Input(context)) {
		const names = splitPropertyNames(inputFieldName(context));
		if (!names.length) {
			throw inputError(context, `${FILE_INPUT_LABELS.binaryFields} is empty: enter the name of at least one binary field`);
		}
		const files: DocumentFile[] = [];
		for (const name of names) files.push(await readBinaryFile(context, name, FILE_INPUT_LABELS.binaryFields));
		return files;
	}
	const label = FILE_INPUT_LABELS.filesJson;
	const entries = parseJsonParameter(context, context.getNodeParameter('filesJson', '[]'), label);
	if (!Array.isArray(entries) || entries.length === 0) {
		throw inputError(context, `${label} must be a non-empty array of {"file", "fileName"} objects`);
	}
	return entries.map((entry: unknown, index) => {
		const entryLabel = `${label}, file ${index + 1}`;
		if (!isPlainObject(entry)) {
			throw inputError(context, `${entryLabel} must be an object with "file" and "fileName"`);
		}
		// Either spelling the API uses (file/File, fileName/FileName) is accepted.
		const file = fromBase64(context, pick(entry, 'file'), `${entryLabel}: file`);
		return { ...file, fileName: requireText(context, pick(entry, 'fileName'), `${entryLabel}: fileName`) };
	});
}
