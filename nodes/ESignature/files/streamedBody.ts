import type { IHttpRequestOptions } from 'n8n-workflow';

import type { FileStream } from './bytes';
import type { StoredFile } from './document';

// Bodies that read files from n8n's store as they are sent (docs/n8n-notes.md#large-files).

export type BodyPart = Buffer | { file: StoredFile; as: 'bytes' | 'base64' };

export const base64Length = (size: number) => 4 * Math.ceil(size / 3);

const partLength = (part: BodyPart) =>
	Buffer.isBuffer(part)
		? part.length
		: part.as === 'bytes'
			? part.file.size()
			: base64Length(part.file.size());

async function* base64Chunks(stream: AsyncIterable<Buffer>) {
	let carried: Buffer = Buffer.alloc(0);
	for await (const chunk of stream) {
		const data = carried.length ? Buffer.concat([carried, chunk]) : chunk;
		const whole = data.length - (data.length % 3);
		if (whole > 0) yield Buffer.from(data.subarray(0, whole).toString('base64'), 'latin1');
		carried = data.subarray(whole);
	}
	if (carried.length) yield Buffer.from(carried.toString('base64'), 'latin1');
}

// Content-Length is sent: a file not of its recorded size fails.
async function* bodyChunks(parts: BodyPart[]): AsyncGenerator<Buffer> {
	for (const part of parts) {
		if (Buffer.isBuffer(part)) {
			yield part;
			continue;
		}
		const { file, as } = part;
		const stream = await file.open();
		let read = 0;
		const counted = async function* () {
			for await (const chunk of stream) {
				read += chunk.length;
				if (read > file.size()) return;
				yield chunk;
			}
		};
		try {
			yield* as === 'bytes' ? counted() : base64Chunks(counted());
		} finally {
			stream.destroy();
		}
		if (read !== file.size())
			throw new Error(
				`The stored file "${file.fileName}" did not have the ${file.size()} bytes n8n recorded for it`,
			);
	}
}

interface RemakeableBody extends FileStream {
	makeAgain: () => RemakeableBody;
}

const isRemakeable = (body: unknown): body is RemakeableBody =>
	typeof (body as Partial<RemakeableBody> | null | undefined)?.makeAgain === 'function';

export function sendStreamedBody(requestOptions: IHttpRequestOptions, parts: BodyPart[]) {
	const stored = parts.find((part) => !Buffer.isBuffer(part)) as
		Exclude<BodyPart, Buffer> | undefined;
	if (!stored) return false;
	const makeBody = (): RemakeableBody =>
		Object.assign(stored.file.makeStream(bodyChunks(parts)), { makeAgain: makeBody });
	requestOptions.headers = {
		...requestOptions.headers,
		'Content-Length': String(parts.reduce((total, part) => total + partLength(part), 0)),
	};
	requestOptions.body = makeBody();
	// n8n's redirect module keeps every byte of a body to send it again: an upload is not redirected, so it streams.
	requestOptions.disableFollowRedirect = true;
	return true;
}

export const isStreamedUpload = (requestOptions: IHttpRequestOptions) =>
	isRemakeable(requestOptions.body);

// A stream is sent only once: every attempt gets a fresh one.
export function bodyForAnotherAttempt(requestOptions: IHttpRequestOptions) {
	const { body } = requestOptions;
	if (!isRemakeable(body)) return;
	body.destroy();
	requestOptions.body = body.makeAgain();
}
