import { randomBytes } from 'crypto';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { FileStream } from '../shared/files';
import type { StoredFile, UploadFile } from './binary';
import { isStoredFile } from './binary';

/*
 * The one way multipart/form-data bodies are made (docs/n8n-notes.md#large-files). The node writes the framing
 * itself, so no runtime dependency is needed. Files held in memory go into one buffer, which n8n sends again whole
 * after a refused token. When a file is left in n8n's store, the body is instead a stream that reads the store as the
 * request is sent, so no copy of the file is held in memory. A stream can be sent only once, so every new attempt
 * gets a fresh one (bodyForAnotherAttempt, called by helpers/sending.ts).
 */

/** Name of each document part; the spec does not name the parts. */
export const FILE_PART_NAME = 'files';

/** Quotes in a part's header, escaped as browsers and n8n's form-data encoders do. */
const headerValue = (value: string) => value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** The body in order: framing and in-memory files as bytes, stored files to be read when the body is sent. */
type Part = Buffer | StoredFile;

function multipartParts(boundary: string, fields: IDataObject, files: UploadFile[]): Part[] {
	const parts: Part[] = [];
	for (const [name, value] of Object.entries(fields)) {
		parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(name)}"\r\n\r\n${String(value)}\r\n`));
	}
	for (const file of files) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${FILE_PART_NAME}"; filename="${headerValue(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
			),
			isStoredFile(file) ? file : file.bytes(),
			Buffer.from('\r\n'),
		);
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`));
	return parts;
}

/**
 * The bytes of the body, a stored file read from n8n's store a chunk at a time. A file whose length differs from the
 * size the store recorded fails the request: the Content-Length sent would be wrong.
 */
async function* bodyChunks(parts: Part[]): AsyncGenerator<Buffer> {
	for (const part of parts) {
		if (Buffer.isBuffer(part)) {
			yield part;
			continue;
		}
		const stream = await part.open();
		let read = 0;
		try {
			for await (const chunk of stream) {
				read += chunk.length;
				if (read > part.size()) break;
				yield chunk;
			}
		} finally {
			stream.destroy();
		}
		if (read !== part.size()) {
			throw new Error(`The stored file "${part.fileName}" did not have the ${part.size()} bytes n8n recorded for it`);
		}
	}
}

const partLength = (part: Part) => (Buffer.isBuffer(part) ? part.length : part.size());

/** How to make the body of a request again, for a request whose body is a stream. */
const bodyMakers = new WeakMap<IHttpRequestOptions, () => FileStream>();

/** Puts a multipart body of the fields and files on the request, with its Content-Type and Content-Length. */
export function sendMultipart(requestOptions: IHttpRequestOptions, fields: IDataObject, files: UploadFile[] = []): IHttpRequestOptions {
	const boundary = `----n8nESignature${randomBytes(16).toString('hex')}`;
	const parts = multipartParts(boundary, fields, files);
	const contentLength = parts.reduce((total, part) => total + partLength(part), 0);
	requestOptions.headers = {
		...requestOptions.headers,
		'Content-Type': `multipart/form-data; boundary=${boundary}`,
		'Content-Length': String(contentLength),
	};
	const stored = files.find(isStoredFile);
	if (!stored) {
		requestOptions.body = Buffer.concat(parts as Buffer[], contentLength);
		return requestOptions;
	}
	const makeBody = () => stored.makeStream(bodyChunks(parts));
	requestOptions.body = makeBody();
	bodyMakers.set(requestOptions, makeBody);
	// n8n follows redirects through a module that keeps every byte of a body it sent, to send it again: an upload is
	// not redirected, so its stream goes out through Node's own HTTP client, a chunk at a time.
	requestOptions.disableFollowRedirect = true;
	return requestOptions;
}

/** Whether the request's body is a stream of a stored file, which n8n does not send again after a refused token. */
export const isStreamedUpload = (requestOptions: IHttpRequestOptions) => bodyMakers.has(requestOptions);

/**
 * Before a request is sent again: a body that was a stream is made again from its sources (the old one is
 * closed), so that the new attempt carries the whole body. Returns whether the body was a stream, which n8n itself
 * does not send again.
 */
export function bodyForAnotherAttempt(requestOptions: IHttpRequestOptions): boolean {
	const makeBody = bodyMakers.get(requestOptions);
	if (!makeBody) return false;
	(requestOptions.body as unknown as FileStream).destroy();
	requestOptions.body = makeBody();
	return true;
}
