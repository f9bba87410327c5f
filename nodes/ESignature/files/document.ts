import { type FileStream, type StreamMaker, decodeInSlices } from './bytes';

/**
 * A document to send, kept in the form it came in and converted only into the form it is sent in (n8n holds files as
 * Base64; on a 20 MB file a decode and re-encode cost about 45 MB, docs/performance.md).
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

/** A document left in n8n's store, for a body sent as it is read: `open` reads it again for every attempt. */
export interface StoredFile {
	fileName: string;
	mimeType: string;
	size(): number;
	start(length: number): Buffer;
	open(): Promise<FileStream>;
	/** Makes a body stream; taken from a stream n8n opened (see streamMakerOf). */
	makeStream: StreamMaker;
}

export type UploadFile = DocumentFile | StoredFile;

export const isStoredFile = (file: UploadFile): file is StoredFile => 'open' in file;

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
