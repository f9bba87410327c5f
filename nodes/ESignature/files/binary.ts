import type { IBinaryData } from 'n8n-workflow';

import { runsAsTool } from '../service/asTool';
import type { FileStream, StreamMaker } from './bytes';
import { decodeBase64, decodeInSlices, isStrictBase64, peekStream, streamMakerOf } from './bytes';
import { PROTOTYPE_KEYS } from '../fields/json';
import { inputError, kindOf, requireText, toText } from '../fields/validation';
import type { ItemFunctions } from '../service/itemFunctions';

/**
 * A document to send. n8n's default binary mode already holds files as Base64 and the Base64 endpoints want Base64:
 * the content is kept in the form it came in and converted only into the form it is sent in (on a 20 MB file, a
 * decode and re-encode cost about 45 MB; see docs/performance.md).
 */
export interface DocumentFile {
	fileName: string;
	mimeType: string;
	bytes(): Buffer;
	base64(): string;
	/** The Base64 text the file is held as (n8n's in-memory store), or undefined when it is held as bytes. */
	storedBase64(): string | undefined;
	/** The file's size in bytes, without decoding it. */
	size(): number;
	/** The first bytes of the file (at most `length`), decoding no more than those. */
	start(length: number): Buffer;
}

/**
 * A document left in n8n's store (filesystem, database or S3 mode), for a body that is sent as it is read: only its
 * size and first bytes are read beforehand, and `open` reads it from the store again for every attempt (except where
 * the first read already gave the whole file).
 */
export interface StoredFile {
	fileName: string;
	mimeType: string;
	size(): number;
	start(length: number): Buffer;
	open(): Promise<FileStream>;
	/** Makes a body stream; taken from a stream n8n opened (see streamMakerOf). */
	makeStream: StreamMaker;
}

/** A file to upload: in memory, or left in n8n's store. */
export type UploadFile = DocumentFile | StoredFile;

export const isStoredFile = (file: UploadFile): file is StoredFile => 'open' in file;

/** A document from its bytes or from canonical Base64. */
export function documentFile(
	content: Buffer | { base64: string },
	fileName: string,
	mimeType: string,
): DocumentFile {
	return {
		fileName,
		mimeType,
		bytes: () => (Buffer.isBuffer(content) ? content : decodeInSlices(content.base64)),
		base64: () => (Buffer.isBuffer(content) ? content.toString('base64') : content.base64),
		storedBase64: () => (Buffer.isBuffer(content) ? undefined : content.base64),
		size: () =>
			Buffer.isBuffer(content) ? content.length : Buffer.byteLength(content.base64, 'base64'),
		start: (length: number) =>
			Buffer.isBuffer(content)
				? content.subarray(0, length)
				: Buffer.from(content.base64.slice(0, Math.ceil(length / 3) * 4), 'base64').subarray(
						0,
						length,
					),
	};
}

/**
 * The one binary reader: takes a file from a binary property of the current input item.
 * Goes through n8n's helpers so filesystem and S3 binary modes work, and names the field when the property is missing.
 */
export async function readBinaryFile(
	context: ItemFunctions,
	propertyName: string,
	fieldLabel: string,
): Promise<DocumentFile>;
export async function readBinaryFile(
	context: ItemFunctions,
	propertyName: string,
	fieldLabel: string,
	leaveInStore: true,
): Promise<UploadFile>;
/** With leaveInStore, a file in n8n's store stays there until the request reads it (see StoredFile). */
export async function readBinaryFile(
	context: ItemFunctions,
	propertyName: string,
	fieldLabel: string,
	leaveInStore = false,
): Promise<UploadFile> {
	const name = binaryPropertyName(context, propertyName, fieldLabel);
	const item = context.getInputData();
	const available = Object.keys(item.binary ?? {});
	if (!name)
		throw inputError(context, `${fieldLabel} is empty: enter the name of a binary property`);
	const found =
		item.binary !== undefined && Object.hasOwn(item.binary, name) && Boolean(item.binary[name]);
	if (!found && runsAsTool(context)) {
		// A tool's input item carries only the model's arguments (docs/ai-agents.md#files).
		throw inputError(
			context,
			`${fieldLabel}: an AI tool gets no files, only the model's arguments: set File Input to URL or Base64 Text`,
			'With URL the model gives a link to the PDF; with Base64 Text, the content.',
		);
	}
	if (!found) {
		throw inputError(
			context,
			`${fieldLabel}: the input item has no binary property "${name}"`,
			available.length
				? `Binary properties of this item: ${available.join(', ')}`
				: 'This item has no binary data. Read the file first, e.g. with "Read/Write Files from Disk" or "HTTP Request".',
		);
	}
	const binary: IBinaryData = context.helpers.assertBinaryData(name);
	const fileName = binaryFileName(binary, name);
	const mimeType = binary.mimeType || 'application/pdf';
	// Without an id, n8n keeps the file in the item as Base64 (default mode); otherwise only its helpers can read it.
	// It is sent as stored when it is the canonical Base64 n8n writes (no data: prefix, no line breaks).
	if (!binary.id && typeof binary.data === 'string' && isStrictBase64(binary.data)) {
		return documentFile({ base64: binary.data }, fileName, mimeType);
	}
	const stored =
		leaveInStore && binary.id
			? await storedFile(context, binary.id, fileName, mimeType)
			: undefined;
	return (
		stored ?? documentFile(await context.helpers.getBinaryDataBuffer(name), fileName, mimeType)
	);
}

/** How many first bytes of a stored file are read beforehand: enough to check it (fileInput.ts, PDF_HEADER_WITHIN). */
const STORED_FILE_START = 1024;

/**
 * A file of n8n's store as a StoredFile; undefined where the store does not say its size, which the body's
 * Content-Length needs (the file is then read into memory as before).
 */
async function storedFile(
	context: ItemFunctions,
	id: string,
	fileName: string,
	mimeType: string,
): Promise<StoredFile | undefined> {
	const { fileSize } = (await context.helpers.getBinaryMetadata(id)) as { fileSize?: unknown };
	if (typeof fileSize !== 'number' || !Number.isSafeInteger(fileSize) || fileSize < 0)
		return undefined;
	const first = (await context.helpers.getBinaryStream(
		id,
		STORED_FILE_START,
	)) as unknown as FileStream;
	const makeStream = streamMakerOf(first);
	let head: Buffer;
	let whole: Buffer | undefined;
	try {
		const read = (await peekStream(first, STORED_FILE_START)).head;
		// A copy of the first bytes alone: the chunk read can be the whole file.
		head = Buffer.from(read.subarray(0, STORED_FILE_START));
		// n8n's database store reads a file whole from the database for every stream it hands out: the first chunk is
		// then the whole file, and it is what the first attempt sends instead of a second read (docs/performance.md).
		if (read.length === fileSize) whole = read;
	} finally {
		first.destroy();
	}
	if (!makeStream) return undefined;
	const open = async (): Promise<FileStream> => {
		const bytes = whole;
		whole = undefined;
		if (bytes) return makeStream(oneChunk(bytes));
		return (await context.helpers.getBinaryStream(id)) as unknown as FileStream;
	};
	return {
		fileName,
		mimeType,
		size: () => fileSize,
		start: (length) => head.subarray(0, length),
		open,
		makeStream,
	};
}

async function* oneChunk(bytes: Buffer): AsyncGenerator<Buffer> {
	yield bytes;
}

/**
 * A binary property name as given, trimmed; '' when empty. A name that would reach an object's prototype
 * (`__proto__`, `constructor`, `prototype`) names no property n8n can hold: it is refused, naming the field.
 */
export function binaryPropertyName(
	context: ItemFunctions,
	value: unknown,
	fieldLabel: string,
): string {
	const name = toText(value);
	if (PROTOTYPE_KEYS.has(name))
		throw inputError(context, `${fieldLabel}: "${name}" cannot be the name of a binary property`);
	return name;
}

/** The name of a binary file; a file without one is named after its property. */
function binaryFileName(
	binary: Pick<IBinaryData, 'fileName' | 'fileExtension'>,
	propertyName: string,
): string {
	return (
		binary.fileName ??
		`${propertyName}${binary.fileExtension ? `.${binary.fileExtension}` : '.pdf'}`
	);
}

/** Names of the binary properties given in a comma-separated field, e.g. "data, attachment". */
export function splitPropertyNames(value: string): string[] {
	return value
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name.length > 0);
}

/** The bytes of a required Base64 field, decoded strictly, so a typo fails here and not as a corrupt document. */
export function requireBase64Bytes(
	context: ItemFunctions,
	value: unknown,
	fieldLabel: string,
): Buffer {
	if (value !== undefined && value !== null && typeof value !== 'string') {
		throw inputError(context, `${fieldLabel} must be Base64 text, got ${kindOf(value)}`);
	}
	// A document as Base64 is as long as the document: no text length limit applies. Line breaks are Base64's own.
	const bytes = decodeBase64(
		requireText(context, value, fieldLabel, Number.MAX_SAFE_INTEGER, 'multi'),
	);
	if (!bytes?.length) {
		throw inputError(
			context,
			`${fieldLabel} is not valid Base64`,
			'Give the content encoded as Base64 (letters, digits, +, / and = padding), optionally with a data: URL prefix.',
		);
	}
	return bytes;
}

/** A required Base64 field, checked strictly and returned canonical. */
export function requireBase64(context: ItemFunctions, value: unknown, fieldLabel: string): string {
	return requireBase64Bytes(context, value, fieldLabel).toString('base64');
}
