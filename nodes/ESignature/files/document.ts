import { type FileStream, type StreamMaker, decodeInSlices } from './bytes';

// Kept in the form it came in: a decode and re-encode of a 20 MB file cost about 45 MB.
export interface DocumentFile {
	fileName: string;
	mimeType: string;
	bytes(): Buffer;
	base64(): string;
	storedBase64(): string | undefined;
	size(): number;
	start(length: number): Buffer;
}

// Left in n8n's store: `open` reads it again for every attempt.
export interface StoredFile {
	fileName: string;
	mimeType: string;
	size(): number;
	start(length: number): Buffer;
	open(): Promise<FileStream>;
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
