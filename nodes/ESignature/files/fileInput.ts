import type { DocumentFile, UploadFile } from './binary';
import { detectMimeType } from './bytes';
import { documentFile, readBinaryFile, requireBase64Bytes, splitPropertyNames } from './binary';
import { downloadBudget, downloadDocument, originOf } from './download';
import type { FileInputOptions } from '../fields/fileInput';
import { FILE_INPUT_LABELS } from '../fields/fileInput';
import { isPlainObject, parseJsonParameter, pick } from '../fields/json';
import { inputError, requireText, textOf } from '../fields/validation';
import { MAX_LENGTH } from '../../../credentials/text';
import type { ItemFunctions } from '../service/itemFunctions';

/**
 * The one way operations take files: from binary fields of the input item (read with n8n's helpers, so every binary
 * data mode works), as Base64 text, or downloaded from a URL (fileDownload.ts; how a model gives a file). The same
 * parameter names everywhere: fileInput, inputDataFieldName, fileBase64, fileUrl and fileName (filesJson and fileUrls
 * for several files). `binaryPropertyName` is kept for the OUTPUT field of downloads.
 */

/** Binary files in n8n's store stay there until the request reads them (a streamed upload, files/multipart.ts). */
export interface LeftInStore {
	leaveInStore: true;
}

const isBase64Input = (context: ItemFunctions) =>
	context.getNodeParameter('fileInput', 'binary') === 'base64';
const isUrlInput = (context: ItemFunctions) =>
	context.getNodeParameter('fileInput', 'binary') === 'url';

const inputFieldName = (context: ItemFunctions, label: string) =>
	textOf(
		context,
		context.getNodeParameter('inputDataFieldName', 'data'),
		label,
		MAX_LENGTH.longText,
	);

/**
 * How far into a file its PDF header may start: PDF readers accept "%PDF-" anywhere in the first 1,024 bytes
 * (Adobe's implementation notes to the PDF reference), so a few bytes before it are no reason to refuse a file.
 */
export const PDF_HEADER_WITHIN = 1024;

/** What a file that is not a PDF looks like, by its first bytes. */
function looksLike(start: Buffer): string {
	const hex = start.subarray(0, 4).toString('hex');
	if (hex.startsWith('89504e47')) return 'is a PNG image';
	if (hex.startsWith('ffd8ff')) return 'is a JPEG image';
	if (hex.startsWith('47494638')) return 'is a GIF image';
	if (hex === '504b0304') return 'is a ZIP archive (Word and Excel files are ZIP archives too)';
	if (/^[\t\n\r\x20-\x7e]*$/.test(start.toString('latin1'))) return 'is plain text';
	return 'does not start with the PDF header %PDF-';
}

/**
 * Every document the service takes is a PDF: an empty file or another kind of file is refused here, whatever its
 * MIME type says, instead of being uploaded (the service refuses it after the upload, or stores it).
 */
function requirePdf<File extends UploadFile>(
	context: ItemFunctions,
	file: File,
	fieldLabel: string,
): File {
	const name = file.fileName ? ` "${file.fileName}"` : '';
	if (file.size() === 0)
		throw inputError(context, `${fieldLabel}: the file${name} is empty (0 bytes)`);
	const start = file.start(PDF_HEADER_WITHIN);
	if (!start.includes('%PDF-', 0, 'latin1')) {
		throw inputError(
			context,
			`${fieldLabel}: the file${name} is not a PDF: it ${looksLike(start)}`,
			'The service takes PDF documents only. Convert the file to PDF first.',
		);
	}
	return file;
}

/** Base64 text as a document (named by the caller); the type is read from the bytes, decoded once. */
function fromBase64(context: ItemFunctions, value: unknown, fieldLabel: string): DocumentFile {
	const bytes = requireBase64Bytes(context, value, fieldLabel);
	return documentFile(bytes, '', detectMimeType(bytes).mimeType);
}

/**
 * The name a single file is sent with, worked out once here and carried by its DocumentFile: File Name, else the name
 * of the binary file (as read with it), else the default.
 */
function singleFileName(
	context: ItemFunctions,
	file: UploadFile,
	named: boolean,
	options: FileInputOptions,
): string {
	const given = textOf(
		context,
		context.getNodeParameter('fileName', ''),
		FILE_INPUT_LABELS.fileName,
		MAX_LENGTH.fileName,
	);
	if (given) return given;
	if (named) return file.fileName;
	if (options.defaultFileName) return options.defaultFileName;
	throw inputError(context, `${FILE_INPUT_LABELS.fileName} is required`);
}

/** The documents of an operation per its File Input, in the order given (one for a single-file operation). */
export async function readFileInput(
	context: ItemFunctions,
	options?: FileInputOptions,
): Promise<DocumentFile[]>;
export async function readFileInput(
	context: ItemFunctions,
	options: FileInputOptions & LeftInStore,
): Promise<UploadFile[]>;
export async function readFileInput(
	context: ItemFunctions,
	options: FileInputOptions & Partial<LeftInStore> = {},
): Promise<UploadFile[]> {
	const readBinary = async (name: string, label: string) =>
		options.leaveInStore
			? await readBinaryFile(context, name, label, true)
			: await readBinaryFile(context, name, label);
	if (isUrlInput(context)) return await downloadFileInput(context, options);
	if (!options.multiple) {
		const fromBinary = !isBase64Input(context);
		const label = fromBinary ? FILE_INPUT_LABELS.binaryField : FILE_INPUT_LABELS.base64;
		const file = fromBinary
			? await readBinary(inputFieldName(context, label), label)
			: fromBase64(context, context.getNodeParameter('fileBase64', ''), label);
		return [
			requirePdf(
				context,
				{ ...file, fileName: singleFileName(context, file, fromBinary, options) },
				label,
			),
		];
	}
	if (!isBase64Input(context)) {
		const label = FILE_INPUT_LABELS.binaryFields;
		const names = splitPropertyNames(inputFieldName(context, label));
		if (!names.length) {
			throw inputError(context, `${label} is empty: enter the name of at least one binary field`);
		}
		const files: UploadFile[] = [];
		for (const name of names) files.push(requirePdf(context, await readBinary(name, label), label));
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
		const fileName = requireText(
			context,
			pick(entry, 'fileName'),
			`${entryLabel}: fileName`,
			MAX_LENGTH.fileName,
		);
		return requirePdf(context, { ...file, fileName }, `${entryLabel}: file`);
	});
}

/** The URLs of File URLs: a list from an expression, or text with the links separated by commas, spaces or new lines. */
function urlList(context: ItemFunctions): string[] {
	const value = context.getNodeParameter('fileUrls', '') as unknown;
	const list = Array.isArray(value)
		? value
		: textOf(context, value, FILE_INPUT_LABELS.urls, Number.MAX_SAFE_INTEGER).split(/[\s,]+/);
	return list
		.map((entry) => textOf(context, entry, FILE_INPUT_LABELS.urls, MAX_LENGTH.url))
		.filter((entry) => entry.length > 0);
}

/** File Input → URL: each document downloaded (fileDownload.ts), then checked as every other file is. */
async function downloadFileInput(
	context: ItemFunctions,
	options: FileInputOptions,
): Promise<DocumentFile[]> {
	const budget = downloadBudget(context);
	if (!options.multiple) {
		const label = FILE_INPUT_LABELS.url;
		const file = await downloadDocument(
			context,
			context.getNodeParameter('fileUrl', ''),
			label,
			budget,
		);
		return [
			requirePdf(
				context,
				{ ...file, fileName: singleFileName(context, file, true, options) },
				label,
			),
		];
	}
	const urls = urlList(context);
	if (!urls.length)
		throw inputError(
			context,
			`${FILE_INPUT_LABELS.urls} is empty: enter the link of at least one document`,
		);
	if (urls.length > budget.maxLinks) {
		throw inputError(
			context,
			`${FILE_INPUT_LABELS.urls}, link ${budget.maxLinks + 1} (${originOf(urls[budget.maxLinks])}): ` +
				`at most ${budget.maxLinks} links per item, got ${urls.length}`,
			"Send the documents over several items; the workflow's author can change Download Options → Max Links.",
		);
	}
	const files: DocumentFile[] = [];
	for (const [index, url] of urls.entries()) {
		const label =
			urls.length > 1 ? `${FILE_INPUT_LABELS.urls}, link ${index + 1}` : FILE_INPUT_LABELS.urls;
		files.push(requirePdf(context, await downloadDocument(context, url, label, budget), label));
	}
	return files;
}
