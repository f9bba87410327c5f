import { randomBytes } from 'crypto';
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { type UploadFile, isStoredFile } from './document';
import { type BodyPart, sendStreamedBody } from './streamedBody';

// The spec does not name the parts.
const FILE_PART_NAME = 'files';

// As browsers and n8n's form-data encoders escape them.
const headerValue = (value: string) =>
	value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

// A hostile MIME type could end the header.
const MIME_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/i;

export function sendMultipart(
	requestOptions: IHttpRequestOptions,
	fields: IDataObject,
	files: UploadFile[] = [],
) {
	const boundary = `----n8nESignature${randomBytes(16).toString('hex')}`;
	const parts: BodyPart[] = Object.entries(fields).map(([name, value]) =>
		Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="${headerValue(name)}"\r\n\r\n${String(value)}\r\n`,
		),
	);
	for (const file of files) {
		const type = MIME_TYPE.test(file.mimeType) ? file.mimeType : 'application/octet-stream';
		parts.push(
			Buffer.from(
				`--${boundary}\r\nContent-Disposition: form-data; name="${FILE_PART_NAME}"; ` +
					`filename="${headerValue(file.fileName)}"\r\nContent-Type: ${type}\r\n\r\n`,
			),
			isStoredFile(file) ? { file, as: 'bytes' } : file.bytes(),
			Buffer.from('\r\n'),
		);
	}
	parts.push(Buffer.from(`--${boundary}--\r\n`));
	requestOptions.headers = {
		...requestOptions.headers,
		'Content-Type': `multipart/form-data; boundary=${boundary}`,
	};
	if (!sendStreamedBody(requestOptions, parts))
		requestOptions.body = Buffer.concat(parts as Buffer[]);
	return requestOptions;
}
