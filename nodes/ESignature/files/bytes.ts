import { isControlCode } from '../../../credentials/text';

/** The live service can send a ZIP where a PDF is expected, so the type is read from the bytes. */
export function detectMimeType(data: Buffer) {
	if (data.subarray(0, 5).toString('latin1') === '%PDF-')
		return { mimeType: 'application/pdf', extension: 'pdf' };
	if (data.subarray(0, 4).toString('hex') === '504b0304')
		return { mimeType: 'application/zip', extension: 'zip' };
	return { mimeType: 'application/octet-stream', extension: 'bin' };
}

export const FILE_SIGNATURE_BYTES = 5;

// Shipped code may not import Node's stream module.
interface ReadableFile {
	read(): Buffer | null;
	unshift(chunk: Buffer): void;
	once(event: string, listener: (...args: unknown[]) => void): unknown;
	off(event: string, listener: (...args: unknown[]) => void): unknown;
	readableEnded: boolean;
}

export interface FileStream extends ReadableFile, AsyncIterable<Buffer> {
	destroy(error?: Error): unknown;
}

export type ByteStream = AsyncIterable<Buffer> & { destroy?: () => unknown };

export async function readUpTo(stream: ByteStream, max: number) {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of stream) {
		size += chunk.length;
		if (size > max) {
			stream.destroy?.();
			return undefined;
		}
		chunks.push(chunk);
	}
	return Buffer.concat(chunks, size);
}

export function isFileStream(body: unknown): body is ReadableFile {
	const candidate = body as Partial<ReadableFile> | null;
	return (
		typeof candidate?.read === 'function' &&
		typeof candidate.unshift === 'function' &&
		!Buffer.isBuffer(body)
	);
}

export async function peekStream(stream: ReadableFile, count: number) {
	const chunks: Buffer[] = [];
	let length = 0;
	while (length < count && !stream.readableEnded) {
		const chunk = stream.read();
		if (chunk !== null) {
			chunks.push(chunk);
			length += chunk.length;
			continue;
		}
		await new Promise<void>((resolve, reject) => {
			const events = ['readable', 'end', 'error'];
			const settle = (error?: unknown) => {
				for (const event of events) stream.off(event, settle);
				if (error === undefined) resolve();
				else reject(error instanceof Error ? error : new Error(String(error)));
			};
			for (const event of events) stream.once(event, settle);
		});
	}
	// One chunk can be a whole file (n8n's database store): Buffer.concat would copy it.
	const head = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
	const ended = stream.readableEnded;
	if (!ended && head.length > 0) stream.unshift(head);
	return { head, ended };
}

const MAX_FILE_NAME = 255;

// A name from the service may carry a path, which a workflow writing files by that name would follow.
export function safeBaseName(name: unknown) {
	if (typeof name !== 'string') return '';
	const last = name.split(/[\\/]/).pop() ?? '';
	const base = [...last]
		.filter((character) => !isControlCode(character.charCodeAt(0)))
		.join('')
		.trim();
	return /^\.*$/.test(base) ? '' : base;
}

export function fileNameFor(
	base: string | undefined,
	fallback: string,
	extension?: string,
	defaultExtension?: string,
) {
	const name = safeBaseName(base) || fallback;
	const stem = extension === undefined ? name : name.replace(/\.(pdf|zip|bin)$/i, '');
	const ending =
		extension !== undefined
			? `.${extension}`
			: /\.[^.\s]{1,10}$/.test(stem) || !defaultExtension
				? ''
				: `.${defaultExtension}`;
	return `${stem.slice(0, MAX_FILE_NAME - ending.length)}${ending}`;
}

// No quantifier: nothing to backtrack over, however long the text.
const withoutDataUrlAndSpaces = (value: string) =>
	value.replace(/^data:[^;]+;base64,/, '').replace(/\s/g, '');

export const isBase64Code = (code: number) =>
	(code >= 65 && code <= 90) ||
	(code >= 97 && code <= 122) ||
	(code >= 48 && code <= 57) ||
	code === 43 ||
	code === 47;

// A loop, not a regex: V8 overflowed its stack on /^[A-Za-z0-9+/]+={0,2}$/ with a 4 MB file.
export function isStrictBase64(compact: string) {
	if (compact.length === 0 || compact.length % 4 !== 0) return false;
	let end = compact.length;
	if (compact.charCodeAt(end - 1) === 61) end--;
	if (compact.charCodeAt(end - 1) === 61) end--;
	if (end === 0) return false;
	for (let index = 0; index < end; index++)
		if (!isBase64Code(compact.charCodeAt(index))) return false;
	return true;
}

export const isBase64 = (value: string) => isStrictBase64(withoutDataUrlAndSpaces(value));

// A multiple of 4: every slice is whole Base64.
const BASE64_SLICE = 1024 * 1024;

// Whole, Node copies the text first (20 MB took 46 MB).
export function decodeInSlices(base64: string) {
	const bytes = Buffer.alloc(Buffer.byteLength(base64, 'base64'));
	let written = 0;
	for (let start = 0; start < base64.length; start += BASE64_SLICE)
		written += bytes.write(base64.slice(start, start + BASE64_SLICE), written, 'base64');
	return bytes.subarray(0, written);
}

export function decodeBase64(value: string) {
	const compact = withoutDataUrlAndSpaces(value);
	return isStrictBase64(compact) ? decodeInSlices(compact) : undefined;
}
