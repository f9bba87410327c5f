import type { IBinaryData } from 'n8n-workflow';

import { runsAsTool } from '../service/asTool';
import { type FileStream, decodeBase64, detectMimeType, isStrictBase64, peekStream } from './bytes';
import { type DocumentFile, type StoredFile, type UploadFile, documentFile } from './document';
import { PROTOTYPE_KEYS } from '../fields/json';
import { inputError, kindOf, requireText, toText } from '../fields/validation';
import type { ItemFunctions } from '../service/itemFunctions';

export async function readBinaryFile(
	context: ItemFunctions,
	propertyName: string,
	fieldLabel: string,
): Promise<DocumentFile>;
export async function readBinaryFile(
	context: ItemFunctions,
	propertyName: string,
	fieldLabel: string,
	leaveInStore: boolean,
): Promise<UploadFile>;
export async function readBinaryFile(
	context: ItemFunctions,
	propertyName: string,
	fieldLabel: string,
	leaveInStore = false,
) {
	const name = binaryPropertyName(context, propertyName, fieldLabel);
	const { binary: given = {} } = context.getInputData();
	if (!name)
		throw inputError(context, `${fieldLabel} is empty: enter the name of a binary property`);
	if (!Object.hasOwn(given, name) || !given[name]) {
		if (runsAsTool(context))
			throw inputError(
				context,
				`${fieldLabel}: an AI tool gets no files, only the model's arguments: set File Input to URL or Base64 Text`,
				'With URL the model gives a link to the PDF; with Base64 Text, the content.',
			);
		const available = Object.keys(given);
		throw inputError(
			context,
			`${fieldLabel}: the input item has no binary property "${name}"`,
			available.length
				? `Binary properties of this item: ${available.join(', ')}`
				: 'This item has no binary data. Read the file first, e.g. with "Read/Write Files from Disk" or "HTTP ' +
						'Request".',
		);
	}
	const binary = context.helpers.assertBinaryData(name);
	const fileName = binaryFileName(binary, name);
	const mimeType = binary.mimeType || 'application/pdf';
	// No id: n8n holds the file in the item as Base64, sent as it is when canonical.
	if (!binary.id && typeof binary.data === 'string' && isStrictBase64(binary.data))
		return documentFile({ base64: binary.data }, fileName, mimeType);
	const stored =
		leaveInStore && binary.id && (await storedFile(context, binary.id, fileName, mimeType));
	return (
		stored || documentFile(await context.helpers.getBinaryDataBuffer(name), fileName, mimeType)
	);
}

// Undefined when the store does not give the size, which Content-Length needs.
async function storedFile(
	context: ItemFunctions,
	id: string,
	fileName: string,
	mimeType: string,
): Promise<StoredFile | undefined> {
	const { fileSize } = (await context.helpers.getBinaryMetadata(id)) as { fileSize?: unknown };
	if (typeof fileSize !== 'number' || !Number.isSafeInteger(fileSize) || fileSize < 0)
		return undefined;
	const streamOf = async (chunkSize?: number) =>
		(await context.helpers.getBinaryStream(id, chunkSize)) as unknown as FileStream;
	const first = await streamOf(PDF_HEADER_WITHIN);
	const makeStream = streamMakerOf(first);
	const { head: read } = await peekStream(first, PDF_HEADER_WITHIN).finally(() => first.destroy());
	const head = Buffer.from(read.subarray(0, PDF_HEADER_WITHIN)); // a copy: the chunk can be the whole file
	// n8n's database store hands out every stream's file whole: the first attempt sends it.
	let whole = read.length === fileSize ? read : undefined;
	if (!makeStream) return undefined;
	return {
		fileName,
		mimeType,
		size: () => fileSize,
		start: (length) => head.subarray(0, length),
		open: async () => {
			const bytes = whole;
			whole = undefined;
			return bytes ? makeStream(oneChunk(bytes)) : await streamOf();
		},
		makeStream,
	};
}

// Readable.from, reached through a stream n8n opened (docs/n8n-notes.md#large-files).
function streamMakerOf(stream: FileStream) {
	const { constructor } = stream as { constructor?: { from?: (...args: unknown[]) => FileStream } };
	const from = constructor?.from;
	if (typeof from !== 'function') return undefined;
	return (chunks: AsyncIterable<Buffer>) =>
		from.call(constructor, chunks, { objectMode: false, highWaterMark: 64 * 1024 });
}

async function* oneChunk(bytes: Buffer): AsyncGenerator<Buffer> {
	yield bytes;
}

// A prototype key (`__proto__`, ...) names no property n8n can hold.
export function binaryPropertyName(context: ItemFunctions, value: unknown, fieldLabel: string) {
	const name = toText(value);
	if (PROTOTYPE_KEYS.has(name))
		throw inputError(context, `${fieldLabel}: "${name}" cannot be the name of a binary property`);
	return name;
}

export function binaryFileNameOf(context: ItemFunctions, propertyName: string, fieldLabel: string) {
	const name = binaryPropertyName(context, propertyName, fieldLabel);
	return binaryFileName(context.helpers.assertBinaryData(name), name);
}

const binaryFileName = (binary: IBinaryData, propertyName: string) =>
	binary.fileName ?? `${propertyName}.${binary.fileExtension || 'pdf'}`;

export function readBase64File(context: ItemFunctions, value: unknown, fieldLabel: string) {
	if (value !== undefined && value !== null && typeof value !== 'string')
		throw inputError(context, `${fieldLabel} must be Base64 text, got ${kindOf(value)}`);
	// No length limit: a document as Base64 is as long as the document.
	const bytes = decodeBase64(
		requireText(context, value, fieldLabel, Number.MAX_SAFE_INTEGER, 'multi'),
	);
	if (!bytes?.length)
		throw inputError(
			context,
			`${fieldLabel} is not valid Base64`,
			'Give the content encoded as Base64 (letters, digits, +, / and = padding), optionally with a data: URL prefix.',
		);
	return documentFile(bytes, '', detectMimeType(bytes).mimeType);
}

export const requireBase64 = (context: ItemFunctions, value: unknown, fieldLabel: string) =>
	readBase64File(context, value, fieldLabel).base64();

// Readers accept "%PDF-" in the first 1,024 bytes (Adobe's implementation notes).
const PDF_HEADER_WITHIN = 1024;

function looksLike(start: Buffer) {
	const hex = start.subarray(0, 4).toString('hex');
	if (hex.startsWith('89504e47')) return 'is a PNG image';
	if (hex.startsWith('ffd8ff')) return 'is a JPEG image';
	if (hex.startsWith('47494638')) return 'is a GIF image';
	if (hex === '504b0304') return 'is a ZIP archive (Word and Excel files are ZIP archives too)';
	if (/^[\t\n\r\x20-\x7e]*$/.test(start.toString('latin1'))) return 'is plain text';
	return 'does not start with the PDF header %PDF-';
}

// The service takes PDFs only, whatever the MIME type says.
export function requirePdf<File extends UploadFile>(
	context: ItemFunctions,
	file: File,
	fieldLabel: string,
) {
	const name = file.fileName ? ` "${file.fileName}"` : '';
	if (file.size() === 0)
		throw inputError(context, `${fieldLabel}: the file${name} is empty (0 bytes)`);
	const start = file.start(PDF_HEADER_WITHIN);
	if (!start.includes('%PDF-', 0, 'latin1'))
		throw inputError(
			context,
			`${fieldLabel}: the file${name} is not a PDF: it ${looksLike(start)}`,
			'The service takes PDF documents only. Convert the file to PDF first.',
		);
	return file;
}
