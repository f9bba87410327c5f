import { randomBytes } from 'crypto';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { type UploadFile, isStoredFile } from './document';
import { type BodyPart, sendStreamedBody } from './streamedBody';

/*
 * multipart/form-data bodies, framed here without a dependency (docs/n8n-notes.md#large-files): one buffer, which n8n
 * sends again after a refused token, or a stream when a file is left in n8n's store (files/streamedBody.ts).
 */

/** Name of each document part; the spec does not name the parts. */
export const FILE_PART_NAME = 'files';

/** Quotes in a part's header, escaped as browsers and n8n's form-data encoders do. */
const headerValue = (value: string) =>
	value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A MIME type as HTTP allows it (type/subtype, token characters, bounded): a hostile one could end the header. */
const MIME_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/i;

/** The file's MIME type when it is one; anything else (line breaks, parameters, text) is sent as bytes. */
export function partContentType(mimeType: string): string {
	return typeof mimeType === 'string' && mimeType.length <= 129 && MIME_TYPE.test(mimeType)
		? mimeType
		: 'application/octet-stream';
}

function multipartParts(boundary: string, fields: IDataObject, files: UploadFile[]): BodyPart[] {
	const parts: BodyPart[] = [];
	for (const [name, value] of Object.entries(fields)) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(name)}"\r\n\r\n${String(value)}\r\n`,
			),
		);
	}
	for (const file of files) {
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${FILE_PART_NAME}"; ` +
					`filename="${headerValue(file.fileName)}"\r\nContent-Type: ${partContentType(file.mimeType)}\r\n\r\n`,
			),
			isStoredFile(file) ? { file, as: 'bytes' } : file.bytes(),
			Buffer.from('\r\n'),
		);
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`));
	return parts;
}

export function sendMultipart(
	requestOptions: IHttpRequestOptions,
	fields: IDataObject,
	files: UploadFile[] = [],
): IHttpRequestOptions {
	const boundary = `----n8nESignature${randomBytes(16).toString('hex')}`;
	const parts = multipartParts(boundary, fields, files);
	requestOptions.headers = {
		...requestOptions.headers,
		'Content-Type': `multipart/form-data; boundary=${boundary}`,
	};
	if (!sendStreamedBody(requestOptions, parts))
		requestOptions.body = Buffer.concat(parts as Buffer[]);
	return requestOptions;
}
