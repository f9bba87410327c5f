import type { FileStream, StreamMaker } from './bytes';
import { decodeInSlices } from './bytes';

/*
 * A file as every reader of File Input makes it (read.ts, download.ts) and every body takes it
 * (multipart.ts, jsonBody.ts).
 */

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
