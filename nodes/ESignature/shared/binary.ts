import type { IBinaryData, IExecuteSingleFunctions } from 'n8n-workflow';

import { inputError, requireText, toText } from './validation';

export interface DocumentFile {
	data: Buffer;
	fileName: string;
	mimeType: string;
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
	const data = await context.helpers.getBinaryDataBuffer(name);
	return { data, fileName: binaryFileName(binary, name), mimeType: binary.mimeType || 'application/pdf' };
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

/** Decodes Base64 strictly, so a typo gives a clear error instead of a corrupt document. */
export function decodeBase64(value: string): Buffer | undefined {
	const compact = value.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
	if (!compact || compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return undefined;
	return Buffer.from(compact, 'base64');
}

/** A required Base64 field, checked strictly and returned canonical, so a typo fails here and not as a corrupt document. */
export function requireBase64(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const bytes = decodeBase64(requireText(context, value, fieldLabel));
	if (!bytes?.length) {
		throw inputError(
			context,
			`${fieldLabel} is not valid Base64`,
			'Give the content encoded as Base64 (letters, digits, +, / and = padding), optionally with a data: URL prefix.',
		);
	}
	return bytes.toString('base64');
}
