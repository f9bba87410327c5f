import { randomBytes } from 'crypto';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { type DocumentFile, type UploadFile, isStoredFile } from './document';
import { type BodyPart, base64Length, sendStreamedBody } from './streamedBody';

// Each document is written into the body once, not in n8n's four copies (docs/n8n-notes.md#large-files).

// Kept beside its place, an empty object: JSON text never shows the document.
const documentAt = new WeakMap<object, UploadFile>();

export function base64Of(file: UploadFile) {
	const place = {};
	documentAt.set(place, file);
	return place as IDataObject;
}

// A multiple of 3: every slice is whole Base64.
const ENCODE_SLICE = 3 * 256 * 1024;

function writeBase64(body: Buffer, offset: number, file: DocumentFile) {
	const stored = file.storedBase64();
	if (stored !== undefined) return offset + body.write(stored, offset, 'latin1');
	const bytes = file.bytes();
	for (let start = 0; start < bytes.length; start += ENCODE_SLICE)
		offset += body.write(
			bytes.subarray(start, start + ENCODE_SLICE).toString('base64'),
			offset,
			'latin1',
		);
	return offset;
}

function inMemoryBase64(file: DocumentFile) {
	const text = Buffer.allocUnsafe(base64Length(file.size()));
	return text.subarray(0, writeBase64(text, 0, file));
}

export function sendJsonWithDocuments(requestOptions: IHttpRequestOptions, value: IDataObject) {
	const placeholder = `n8nESignatureDocument-${randomBytes(12).toString('hex')}`;
	const documents: UploadFile[] = [];
	const text = JSON.stringify(value, (_key, entry: unknown) => {
		const document = documentAt.get(entry as object);
		if (!document) return entry;
		documents.push(document);
		return placeholder;
	});
	// The Base64 takes the placeholder's place, between its quotes.
	const between = text.split(placeholder);
	requestOptions.headers = { ...requestOptions.headers, 'Content-Type': 'application/json' };
	if (documents.some(isStoredFile)) {
		const parts: BodyPart[] = [Buffer.from(between[0])];
		documents.forEach((document, index) =>
			parts.push(
				isStoredFile(document) ? { file: document, as: 'base64' } : inMemoryBase64(document),
				Buffer.from(between[index + 1]),
			),
		);
		sendStreamedBody(requestOptions, parts);
		return requestOptions;
	}
	const inMemory = documents as DocumentFile[];
	const length = inMemory.reduce(
		(total, document) => total + base64Length(document.size()) - placeholder.length,
		Buffer.byteLength(text),
	);
	const body = Buffer.allocUnsafe(length);
	let offset = body.write(between[0], 0);
	inMemory.forEach((document, index) => {
		offset = writeBase64(body, offset, document);
		offset += body.write(between[index + 1], offset);
	});
	requestOptions.body = body.subarray(0, offset);
	return requestOptions;
}
