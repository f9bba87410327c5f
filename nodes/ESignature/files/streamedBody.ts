import type { IHttpRequestOptions } from 'n8n-workflow';

import type { FileStream } from './bytes';
import type { StoredFile } from './document';

/*
 * Bodies that read files from n8n's store as they are sent (docs/n8n-notes.md#large-files). A stream is sent only once:
 * every attempt gets a fresh one (bodyForAnotherAttempt, called by routing/engineWorkarounds.ts).
 */

/** A piece of a body: bytes as they are, or a stored file, sent as its bytes or as its Base64 text. */
export type BodyPart = Buffer | { file: StoredFile; as: 'bytes' | 'base64' };

const partLength = (part: BodyPart) =>
	Buffer.isBuffer(part)
		? part.length
		: part.as === 'bytes'
			? part.file.size()
			: 4 * Math.ceil(part.file.size() / 3);

/** The chunks of a stored file as sent: its bytes, or its Base64 text (three bytes carried into the next chunk). */
async function* fileChunks(
	stream: AsyncIterable<Buffer>,
	as: 'bytes' | 'base64',
): AsyncGenerator<Buffer> {
	let carried: Buffer = Buffer.alloc(0);
	for await (const chunk of stream) {
		if (as === 'bytes') {
			yield chunk;
			continue;
		}
		const data = carried.length ? Buffer.concat([carried, chunk]) : chunk;
		const whole = data.length - (data.length % 3);
		if (whole > 0) yield Buffer.from(data.subarray(0, whole).toString('base64'), 'latin1');
		carried = data.subarray(whole);
	}
	if (carried.length) yield Buffer.from(carried.toString('base64'), 'latin1');
}

/** The body's bytes, files read a chunk at a time; a file not of its recorded size fails (Content-Length is sent). */
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
			yield* fileChunks(counted(), as);
		} finally {
			stream.destroy();
		}
		if (read !== file.size())
			throw new Error(
				`The stored file "${file.fileName}" did not have the ${file.size()} bytes n8n recorded for it`,
			);
	}
}

/** A body stream of this module's: it makes a fresh one of itself, with the same bytes, for another attempt. */
interface RemakeableBody extends FileStream {
	makeAgain: () => RemakeableBody;
}

const remakeable = (body: unknown): RemakeableBody | undefined =>
	typeof (body as Partial<RemakeableBody> | null | undefined)?.makeAgain === 'function'
		? (body as RemakeableBody)
		: undefined;

/** Puts the parts on the request as a stream when a part is a stored file; false (nothing done) when none is. */
export function sendStreamedBody(requestOptions: IHttpRequestOptions, parts: BodyPart[]): boolean {
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

/** Whether the request's body is a stream of stored files, which n8n does not send again after a refused token. */
export const isStreamedUpload = (requestOptions: IHttpRequestOptions) =>
	remakeable(requestOptions.body) !== undefined;

/** Before another attempt, a streamed body is made afresh; whether it was one (n8n sends no stream again). */
export function bodyForAnotherAttempt(requestOptions: IHttpRequestOptions): boolean {
	const body = remakeable(requestOptions.body);
	if (!body) return false;
	body.destroy();
	requestOptions.body = body.makeAgain();
	return true;
}
