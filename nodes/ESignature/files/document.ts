import { type FileStream, decodeInSlices } from './bytes';

interface FileBase {
	fileName: string;
	mimeType: string;
	size(): number;
	start(length: number): Buffer;
}

// Kept in the form it came in: a decode and re-encode of a 20 MB file cost about 45 MB.
export interface DocumentFile extends FileBase {
	bytes(): Buffer;
	base64(): string;
	storedBase64(): string | undefined;
}

// Left in n8n's store: `open` reads it again for every attempt.
export interface StoredFile extends FileBase {
	open(): Promise<FileStream>;
	makeStream(chunks: AsyncIterable<Buffer>): FileStream;
}

export type UploadFile = DocumentFile | StoredFile;

export const isStoredFile = (file: UploadFile): file is StoredFile => 'open' in file;

export function documentFile(
	content: Buffer | { base64: string },
	fileName: string,
	mimeType: string,
): DocumentFile {
	if (Buffer.isBuffer(content))
		return {
			fileName,
			mimeType,
			bytes: () => content,
			base64: () => content.toString('base64'),
			storedBase64: () => undefined,
			size: () => content.length,
			start: (length) => content.subarray(0, length),
		};
	const { base64 } = content;
	return {
		fileName,
		mimeType,
		bytes: () => decodeInSlices(base64),
		base64: () => base64,
		storedBase64: () => base64,
		size: () => Buffer.byteLength(base64, 'base64'),
		start: (length) =>
			Buffer.from(base64.slice(0, Math.ceil(length / 3) * 4), 'base64').subarray(0, length),
	};
}
