/**
 * HTTP plumbing shared by every route: the response wrapper, reply builders,
 * body parsing and the field validators that mimic the service's model binding.
 */

export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Deliberately loose: the service only rejects obviously malformed addresses.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isGuid = (value: unknown): value is string =>
	typeof value === 'string' && GUID_RE.test(value);
export const isEmail = (value: unknown): value is string =>
	typeof value === 'string' && EMAIL_RE.test(value);

// ---------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------

export interface Reply {
	status: number;
	headers: Record<string, string>;
	/** Chunks are written as they come, with no content-length: a long answer is never one string (okStreamed). */
	body: Buffer | AsyncIterable<Buffer>;
}

export interface Wrapper {
	data: unknown;
	errorCode: number;
	message: string | null;
	returnUrl: string | null;
	stateValidationErrors: Record<string, string[]> | null;
	signature: string;
}

export function wrapper(
	data: unknown,
	errorCode = 0,
	message: string | null = 'Success',
	extra: {
		returnUrl?: string | null;
		stateValidationErrors?: Record<string, string[]> | null;
	} = {},
): Wrapper {
	return {
		data,
		errorCode,
		message,
		returnUrl: extra.returnUrl ?? null,
		stateValidationErrors: extra.stateValidationErrors ?? null,
		signature: '',
	};
}

export function jsonReply(
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): Reply {
	return {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
		body: Buffer.from(JSON.stringify(body)),
	};
}

/** 200 with errorCode 0 and message 'Success'. */
export function ok(data: unknown, extra: { returnUrl?: string | null } = {}): Reply {
	return jsonReply(200, wrapper(data, 0, 'Success', extra));
}

/** What ok(list) answers, written a batch of elements at a time as the receiver reads it. */
export function okStreamed(list: Iterable<unknown>, batchSize = 500): Reply {
	return {
		status: 200,
		headers: { 'content-type': 'application/json; charset=utf-8' },
		body: listInBatches(list, batchSize),
	};
}

async function* listInBatches(list: Iterable<unknown>, batchSize: number): AsyncGenerator<Buffer> {
	const empty = JSON.stringify(wrapper([]));
	const open = empty.indexOf('[]') + 1;
	yield Buffer.from(empty.slice(0, open));
	let batch: string[] = [];
	let separator = '';
	for (const element of list) {
		batch.push(JSON.stringify(element) ?? 'null');
		if (batch.length < batchSize) continue;
		yield Buffer.from(separator + batch.join(','));
		separator = ',';
		batch = [];
	}
	if (batch.length > 0) yield Buffer.from(separator + batch.join(','));
	yield Buffer.from(empty.slice(open));
}

/** A wrapper error. The service sends most errors with HTTP 200, so that is the default. */
export function fail(
	errorCode: number,
	message: string,
	opts: { status?: number; data?: unknown; stateValidationErrors?: Record<string, string[]> } = {},
): Reply {
	return jsonReply(
		opts.status ?? 200,
		wrapper(opts.data ?? null, errorCode, message, {
			stateValidationErrors: opts.stateValidationErrors,
		}),
	);
}

export function htmlReply(status: number, page: string): Reply {
	return {
		status,
		headers: { 'content-type': 'text/html; charset=utf-8' },
		body: Buffer.from(page),
	};
}

/** 303 See Other: after a form's POST the browser GETs `location`, so a reload does not post again. */
export function seeOther(location: string): Reply {
	return { status: 303, headers: { location }, body: Buffer.alloc(0) };
}

export function emptyReply(status: number): Reply {
	return { status, headers: {}, body: Buffer.alloc(0) };
}

export function binaryReply(data: Buffer, contentType: string, fileName: string): Reply {
	// Quotes and non-ASCII would break the quoted-string form; filename* carries the exact name.
	const ascii = fileName.replace(/[^\x20-\x7e]|"/g, '_');
	return {
		status: 200,
		headers: {
			'content-type': contentType,
			'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
			'content-length': String(data.length),
		},
		body: data,
	};
}

/** Thrown by handlers and validators; the server turns it into its reply. */
export class ApiError extends Error {
	constructor(readonly reply: Reply) {
		super(`API error ${reply.status}`);
	}
}

export function raise(
	errorCode: number,
	message: string,
	opts: { status?: number; data?: unknown } = {},
): never {
	throw new ApiError(fail(errorCode, message, opts));
}

/** errorCode 8: what ASP.NET model binding produces for missing or unparsable fields. */
export function validationReply(errors: Record<string, string[]>): Reply {
	return fail(8, 'ValidationError', { status: 400, stateValidationErrors: errors });
}

export function invalid(field: string, problem: string): never {
	throw new ApiError(validationReply({ [field]: [problem] }));
}

/** A refused token: by default the contract's HTTP 401; the form can be switched (Emulator.refuseTokensAs). */
export const unauthorizedReply = (
	{ httpStatus, errorCode } = { httpStatus: 401, errorCode: 401 },
): Reply =>
	jsonReply(
		httpStatus,
		wrapper(null, errorCode, 'Unauthorized'),
		httpStatus === 401 ? { 'www-authenticate': 'Bearer' } : {},
	);

// ---------------------------------------------------------------------------
// Body parsing
// ---------------------------------------------------------------------------

export interface UploadedFile {
	field: string;
	fileName: string;
	contentType: string;
	data: Buffer;
}

export type BodyType = 'empty' | 'json' | 'form' | 'multipart' | 'other';

export interface ParsedBody {
	type: BodyType;
	body: unknown;
	files: UploadedFile[];
	/** Set when the declared content type could not be parsed (bad JSON, broken multipart). */
	error?: string;
}

export function mediaType(contentType: string | undefined): string {
	return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

export const isJsonType = (ct: string | undefined): boolean => {
	const media = mediaType(ct);
	return media === 'application/json' || media.endsWith('+json') || media === 'text/json';
};

/** Adds a field, turning repeated names into arrays (like a browser form post). */
function addField(target: Record<string, unknown>, name: string, value: string): void {
	const existing = target[name];
	if (existing === undefined) target[name] = value;
	else if (Array.isArray(existing)) existing.push(value);
	else target[name] = [existing, value];
}

export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
	const media = mediaType(contentType);
	if (raw.length === 0) {
		return {
			type: isJsonType(contentType)
				? 'json'
				: media === 'multipart/form-data'
					? 'multipart'
					: media === 'application/x-www-form-urlencoded'
						? 'form'
						: 'empty',
			body: undefined,
			files: [],
		};
	}
	if (isJsonType(contentType)) {
		try {
			return { type: 'json', body: JSON.parse(raw.toString('utf8')), files: [] };
		} catch (error) {
			return {
				type: 'json',
				body: undefined,
				files: [],
				error: `Invalid JSON: ${(error as Error).message}`,
			};
		}
	}
	if (media === 'application/x-www-form-urlencoded') {
		const fields: Record<string, unknown> = {};
		for (const [name, value] of new URLSearchParams(raw.toString('utf8')))
			addField(fields, name, value);
		return { type: 'form', body: fields, files: [] };
	}
	if (media === 'multipart/form-data') {
		try {
			const form = await new Response(raw, {
				headers: { 'content-type': contentType ?? '' },
			}).formData();
			const fields: Record<string, unknown> = {};
			const files: UploadedFile[] = [];
			for (const [name, value] of form.entries()) {
				if (typeof value === 'string') {
					addField(fields, name, value);
				} else {
					files.push({
						field: name,
						fileName: value.name,
						contentType: value.type || 'application/octet-stream',
						data: Buffer.from(await value.arrayBuffer()),
					});
				}
			}
			return { type: 'multipart', body: fields, files };
		} catch (error) {
			return {
				type: 'multipart',
				body: undefined,
				files: [],
				error: `Invalid multipart body: ${(error as Error).message}`,
			};
		}
	}
	return { type: 'other', body: undefined, files: [] };
}

// ---------------------------------------------------------------------------
// Field access and validation (binding is case-insensitive, as in ASP.NET)
// ---------------------------------------------------------------------------

export type Fields = Record<string, unknown>;

export const isObject = (value: unknown): value is Fields =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Case-insensitive property lookup, so `DocumentId` and `documentId` both bind. */
export function pick(source: unknown, name: string): unknown {
	if (!isObject(source)) return undefined;
	if (name in source) return source[name];
	const lower = name.toLowerCase();
	for (const key of Object.keys(source)) if (key.toLowerCase() === lower) return source[key];
	return undefined;
}

/** The JSON body as an object, or errorCode 8 if it is something else. */
export function objectBody(body: unknown): Fields {
	if (!isObject(body)) invalid('$', 'A JSON object is required.');
	return body;
}

export function arrayBody(body: unknown): unknown[] {
	if (!Array.isArray(body)) invalid('$', 'A JSON array is required.');
	return body;
}

const absent = (value: unknown): boolean => value === undefined || value === null;

export function requiredString(source: unknown, name: string): string {
	const value = pick(source, name);
	if (absent(value) || (typeof value === 'string' && value.trim() === ''))
		invalid(name, `The ${name} field is required.`);
	if (typeof value !== 'string') invalid(name, `The ${name} field must be a string.`);
	return value;
}

export function optionalString(source: unknown, name: string): string | undefined {
	const value = pick(source, name);
	if (absent(value)) return undefined;
	if (typeof value !== 'string') invalid(name, `The ${name} field must be a string.`);
	return value;
}

/** Present-but-not-a-GUID (empty string included) fails binding: that is the service's behaviour. */
export function optionalGuid(source: unknown, name: string): string | undefined {
	const value = pick(source, name);
	if (absent(value)) return undefined;
	if (!isGuid(value)) invalid(name, `The value '${String(value)}' is not valid for ${name}.`);
	return value.toLowerCase();
}

export function requiredGuid(source: unknown, name: string): string {
	if (absent(pick(source, name))) invalid(name, `The ${name} field is required.`);
	return optionalGuid(source, name) as string;
}

export function guidParam(value: string, name: string): string {
	if (!isGuid(value)) invalid(name, `The value '${value}' is not valid for ${name}.`);
	return value.toLowerCase();
}

export function optionalBool(source: unknown, name: string): boolean | undefined {
	const value = pick(source, name);
	if (absent(value) || value === '') return undefined;
	if (typeof value === 'boolean') return value;
	if (typeof value === 'string' && /^(true|false)$/i.test(value))
		return value.toLowerCase() === 'true';
	invalid(name, `The value '${String(value)}' is not valid for ${name}.`);
}

export function optionalInt(source: unknown, name: string): number | undefined {
	const value = pick(source, name);
	if (absent(value) || value === '') return undefined;
	const n = typeof value === 'string' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isInteger(n))
		invalid(name, `The value '${String(value)}' is not valid for ${name}.`);
	return n;
}

export function optionalDate(source: unknown, name: string): Date | undefined {
	const value = pick(source, name);
	if (absent(value) || value === '') return undefined;
	const date = typeof value === 'string' ? new Date(value) : undefined;
	if (!date || Number.isNaN(date.getTime()))
		invalid(name, `The value '${String(value)}' is not a valid date.`);
	return date;
}

export function requiredDate(source: unknown, name: string): Date {
	const date = optionalDate(source, name);
	if (!date) invalid(name, `The ${name} field is required.`);
	return date;
}

export function optionalArray(source: unknown, name: string): unknown[] | undefined {
	const value = pick(source, name);
	if (absent(value)) return undefined;
	if (!Array.isArray(value)) invalid(name, `The ${name} field must be an array.`);
	return value;
}

/**
 * Whether every character is of the Base64 alphabet, with at most two "=" at the end. A loop rather than a regular
 * expression, which V8 can fail with "Maximum call stack size exceeded" on text of megabytes
 * (docs/n8n-notes.md#large-files).
 */
function isBase64Text(compact: string): boolean {
	let end = compact.length;
	for (let padding = 0; padding < 2 && end > 0 && compact[end - 1] === '='; padding++) end--;
	for (let index = 0; index < end; index++) {
		const code = compact.charCodeAt(index);
		const ok =
			(code >= 65 && code <= 90) ||
			(code >= 97 && code <= 122) ||
			(code >= 48 && code <= 57) ||
			code === 43 ||
			code === 47;
		if (!ok) return false;
	}
	return true;
}

/** Strict Base64 decoding (Buffer.from silently skips junk, the service does not). */
export function decodeBase64(value: string, field: string): Buffer {
	const compact = value.replace(/\s/g, '');
	if (compact.length % 4 !== 0 || !isBase64Text(compact))
		invalid(field, 'The file is not valid Base64.');
	return Buffer.from(compact, 'base64');
}

export const isPdf = (data: Buffer): boolean => data.subarray(0, 5).toString('latin1') === '%PDF-';

export function requirePdf(data: Buffer, field: string, fileName: string): void {
	if (!isPdf(data)) invalid(field, `The file '${fileName}' is not a PDF document.`);
}
