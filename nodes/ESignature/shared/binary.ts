import type { IBinaryData, IExecuteSingleFunctions } from 'n8n-workflow';

import { inputError, requireText, toText } from './validation';

/**
 * A document to send. n8n's default binary mode already holds files as Base64 and the Base64 endpoints want Base64:
 * the content is kept in the form it came in and converted only into the form it is sent in (on a 20 MB file, a
 * decode and re-encode cost about 45 MB; see the README's Performance section).
 */
export interface DocumentFile {
	fileName: string;
	mimeType: string;
	bytes(): Buffer;
	base64(): string;
}

/** A document from its bytes or from canonical Base64. */
export function documentFile(content: Buffer | { base64: string }, fileName: string, mimeType: string): DocumentFile {
	return {
		fileName,
		mimeType,
		bytes: () => (Buffer.isBuffer(content) ? content : decodeInSlices(content.base64)),
		base64: () => (Buffer.isBuffer(content) ? content.toString('base64') : content.base64),
	};
}

/**
 * The one binary reader: takes a file from a binary property of the current input item.
 * Goes through n8n's helpers so filesystem and S3 binary modes work, and names the field when the property is missing.
 */
export async function readBinaryFile(
	context: IExecuteSingleFunctions,
	propertyName: string,
	fieldLabel: string,
): Promise<DocumentFile> {
	const name = toText(propertyName);
	const item = context.getInputData();
	const available = Object.keys(item.binary ?? {});
	if (!name) throw inputError(context, `${fieldLabel} is empty: enter the name of a binary property`);
	if (!item.binary?.[name]) {
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
	return documentFile(await context.helpers.getBinaryDataBuffer(name), fileName, mimeType);
}

/** The name of a binary file; a file without one is named after its property. */
export function binaryFileName(binary: Pick<IBinaryData, 'fileName' | 'fileExtension'>, propertyName: string): string {
	return binary.fileName ?? `${propertyName}${binary.fileExtension ? `.${binary.fileExtension}` : '.pdf'}`;
}

/** Names of the binary properties given in a comma-separated field, e.g. "data, attachment". */
export function splitPropertyNames(value: string): string[] {
	return value
		.split(',')
		.map((name) => name.trim())
		.filter((name) => name.length > 0);
}

/** The live service can send a ZIP where a PDF is expected, so the type is read from the bytes. */
export function detectMimeType(data: Buffer): { mimeType: string; extension: string } {
	if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { mimeType: 'application/pdf', extension: 'pdf' };
	if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) {
		return { mimeType: 'application/zip', extension: 'zip' };
	}
	return { mimeType: 'application/octet-stream', extension: 'bin' };
}

/** File name with the extension that matches the detected type. */
export function fileNameFor(base: string | undefined, fallback: string, extension: string): string {
	const name = toText(base) || fallback;
	const withoutExtension = name.replace(/\.(pdf|zip|bin)$/i, '');
	return `${withoutExtension}.${extension}`;
}

const withoutDataUrlAndSpaces = (value: string) => value.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');

const isStrictBase64 = (compact: string) => compact.length > 0 && compact.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(compact);

/** Whether Base64 text decodes (strictly), checked without decoding it: a signed file can be tens of megabytes. */
export function isBase64(value: string): boolean {
	return isStrictBase64(withoutDataUrlAndSpaces(value));
}

/** Characters decoded at a time: a multiple of 4, so that every slice is whole Base64. */
const BASE64_SLICE = 1024 * 1024;

/**
 * Decodes canonical Base64. Node decodes a long string through a temporary copy of it (a 20 MB file took 46 MB);
 * slice by slice into the final buffer it takes the file's size alone (figure 4 of `npm run bench`).
 */
function decodeInSlices(base64: string): Buffer {
	const bytes = Buffer.alloc(Buffer.byteLength(base64, 'base64'));
	let written = 0;
	for (let start = 0; start < base64.length; start += BASE64_SLICE) {
		written += bytes.write(base64.slice(start, start + BASE64_SLICE), written, 'base64');
	}
	return bytes.subarray(0, written);
}

/** Decodes Base64 strictly, so a typo gives a clear error instead of a corrupt document. */
export function decodeBase64(value: string): Buffer | undefined {
	const compact = withoutDataUrlAndSpaces(value);
	return isStrictBase64(compact) ? decodeInSlices(compact) : undefined;
}

/** The bytes of a required Base64 field, decoded strictly, so a typo fails here and not as a corrupt document. */
export function requireBase64Bytes(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): Buffer {
	const bytes = decodeBase64(requireText(context, value, fieldLabel));
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
export function requireBase64(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	return requireBase64Bytes(context, value, fieldLabel).toString('base64');
}
