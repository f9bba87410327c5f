import { createHash, timingSafeEqual } from 'crypto';
import type {
	IBinaryKeyData,
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { isPlainObject, PROTOTYPE_KEYS } from '../fields/json';
import { EMPTY_GUID, isGuid } from '../fields/validation';
import { decodeBase64, detectMimeType, fileNameFor, isBase64 } from '../files/bytes';
import {
	CALLBACK_AUTHENTICATION_NAMES,
	CALLBACK_STATUSES,
	CORRECTED_FIELD_NAMES,
	toNumber,
} from '../fields/enums';

/** The parts of n8n's (Express) request the trigger reads; rawBody holds the bytes n8n received. */
export interface CallbackRequest {
	method?: string;
	rawBody?: Buffer | string;
}

interface CallbackResponse {
	status(code: number): CallbackResponse;
	json(body: unknown): unknown;
}

export interface CallbackOptions {
	downloadFiles: boolean;
	keepBase64: boolean;
	/** The simplified item (camelCase, named) instead of the callback as sent. */
	simplify: boolean;
}

/** Value of `events` that lets every callback through, including Status codes the service adds later. */
export const ANY_EVENT = '*';

/**
 * Writes the answer itself and tells n8n not to answer nor start an execution: n8n's own answer to a webhook is
 * always 200, while the service must see 401 for a forged call and 4xx for a broken one (it logs those as failed
 * deliveries that can be re-sent with recall).
 */
export function answerWithoutExecution(
	context: IWebhookFunctions,
	statusCode: number,
	message: string,
): IWebhookResponseData {
	const response = context.getResponseObject() as unknown as CallbackResponse;
	response.status(statusCode).json({ message });
	return { noWebhookResponse: true };
}

/** The service sends the stored token as is; a proxy or a manual re-send may prefix it with "Bearer ". */
export function presentedToken(header: string | string[] | undefined): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	const token = value?.trim().replace(/^Bearer\s+/i, '');
	return token ? token : undefined;
}

/** What static data keeps of a header token: its SHA-256 (hex), so a copy of the workflow does not hold the token. */
export function headerTokenDigest(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of the presented token's digest with the stored digest (both the same length). */
export function isAuthorized(
	header: string | string[] | undefined,
	expectedDigest: unknown,
): boolean {
	const token = presentedToken(header);
	if (!token || typeof expectedDigest !== 'string' || !/^[0-9a-f]{64}$/.test(expectedDigest))
		return false;
	return timingSafeEqual(
		Buffer.from(headerTokenDigest(token), 'hex'),
		Buffer.from(expectedDigest, 'hex'),
	);
}

/** A file of a callback, as sent: its name and Base64 content (checked, not decoded). */
export interface ReceivedFile {
	index: number;
	fileName?: string;
	base64?: string;
}

/** A callback read once: the payload as received and what the trigger needs of it. */
export interface Callback {
	payload: IDataObject;
	requestId: string;
	status?: number;
	/** "completed", "rejected", or "unknown" for a Status code the service has not published. */
	event: string;
	files: ReceivedFile[];
}

/** The body as a JSON object. n8n parses JSON bodies itself; other content types leave the bytes in rawBody. */
function bodyObject(
	body: unknown,
	rawBody: Buffer | string | undefined,
): { object?: IDataObject; problem?: string } {
	if (isPlainObject(body) && Object.keys(body).length > 0) return { object: body };
	const text =
		typeof body === 'string' && body !== ''
			? body
			: rawBody === undefined
				? ''
				: rawBody.toString();
	if (text.trim() === '') return { problem: 'The callback has no body' };
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return { problem: 'The callback body is not valid JSON' };
	}
	return isPlainObject(parsed)
		? { object: parsed }
		: { problem: 'The callback body must be a JSON object' };
}

/** The service's callbacks nest a few levels (a signer in a list in the body); far deeper is no callback of its. */
const MAX_CALLBACK_DEPTH = 32;

/** Whether a JSON value nests deeper than `max` levels; iterative, so a hostile body cannot exhaust the stack. */
function nestsDeeperThan(value: unknown, max: number): boolean {
	const pending: Array<[unknown, number]> = [[value, 0]];
	while (pending.length) {
		const [current, depth] = pending.pop()!;
		if (typeof current !== 'object' || current === null) continue;
		if (depth > max) return true;
		for (const child of Object.values(current)) pending.push([child, depth + 1]);
	}
	return false;
}

const isNothing = (value: unknown) => value === undefined || value === null;

/**
 * What in a callback's shape keeps it from being delivered whole, or undefined. The contract's shape
 * (docs/service-api.md#webhook-callbacks): RequestId a GUID that names an envelope, Status a whole number, Files a
 * list of { FileName, File } with File the Base64 text of the signed document, Signatory a list of objects. A callback
 * that is not so would start an execution without its signed file, or with a path as its ID: it is refused instead.
 */
function shapeProblem(payload: IDataObject): string | undefined {
	const requestId = payload.RequestId;
	if (typeof requestId !== 'string' || requestId.trim() === '')
		return 'The callback has no RequestId';
	if (!isGuid(requestId.trim()) || requestId.trim() === EMPTY_GUID)
		return "The callback's RequestId is not the ID of an envelope";
	const status = payload.Status;
	// Without a Status the callback cannot be confirmed with the service (confirmation.ts): it is malformed.
	if (isNothing(status)) return 'The callback has no Status';
	if (!(
		(typeof status === 'number' || typeof status === 'string') &&
		Number.isInteger(toNumber(status))
	)) {
		return "The callback's Status is not a number";
	}
	const files = payload.Files;
	if (!isNothing(files)) {
		if (!Array.isArray(files)) return "The callback's Files is not a list";
		const broken = files.findIndex(
			(file) =>
				!isPlainObject(file) ||
				typeof file.File !== 'string' ||
				file.File === '' ||
				!(isNothing(file.FileName) || typeof file.FileName === 'string'),
		);
		if (broken !== -1)
			return `The callback's Files[${broken}] is not a file ({ FileName, File } with File as Base64 text)`;
	}
	const signatories = payload.Signatory;
	if (
		!isNothing(signatories) &&
		!(Array.isArray(signatories) && signatories.every(isPlainObject))
	) {
		return "The callback's Signatory is not a list of signers";
	}
	return undefined;
}

function receivedFiles(payload: IDataObject): ReceivedFile[] {
	const files = Array.isArray(payload.Files) ? (payload.Files as IDataObject[]) : [];
	return files.map((file, index) => ({
		index,
		fileName: typeof file.FileName === 'string' ? file.FileName : undefined,
		base64: file.File as string,
	}));
}

/**
 * Reads a callback, or says why it cannot be used: no JSON object, nested too deep, not the contract's shape
 * (shapeProblem), or a file that is not valid Base64 (checked without decoding it: a signed file can be tens of
 * megabytes). The trigger answers those 400, so that the service logs them failed and catch-up reports them as
 * unreadable rather than re-sending them (trigger/catchUp.ts).
 */
export function readCallback(
	body: unknown,
	rawBody: Buffer | string | undefined,
): { callback?: Callback; problem?: string } {
	const { object: payload, problem } = bodyObject(body, rawBody);
	if (!payload) return { problem };
	if (nestsDeeperThan(payload, MAX_CALLBACK_DEPTH))
		return { problem: `The callback nests more than ${MAX_CALLBACK_DEPTH} levels deep` };
	const wrongShape = shapeProblem(payload);
	if (wrongShape) return { problem: wrongShape };
	const requestId = (payload.RequestId as string).trim();
	const files = receivedFiles(payload);
	const broken = files
		.filter((file) => file.base64 !== undefined && !isBase64(file.base64))
		.map((file) => `Files[${file.index}]`);
	if (broken.length) return { problem: `Not valid Base64: ${broken.join(', ')}` };
	const status = toNumber(payload.Status);
	return {
		callback: {
			payload,
			requestId,
			status,
			event: (status !== undefined && CALLBACK_STATUSES[status]) || 'unknown',
			files,
		},
	};
}

/** An empty selection lets everything through rather than silently dropping every callback. */
export function isWanted(events: string[], event: string): boolean {
	return events.length === 0 || events.includes(ANY_EVENT) || events.includes(event);
}

/** The service's own misspellings, corrected in the simplified item (docs/service-api.md#webhook-callbacks). */
const FRIENDLY_NAMES: Record<string, string> = {
	...CORRECTED_FIELD_NAMES,
	Signatory: 'signatories',
};

function camelCase(key: string): string {
	return Object.hasOwn(FRIENDLY_NAMES, key)
		? FRIENDLY_NAMES[key]
		: key.charAt(0).toLowerCase() + key.slice(1);
}

/** A signer's verification by the action node's name for it ("None"); text the node has no name for stays. */
function authenticationName(value: unknown): unknown {
	return typeof value === 'string'
		? Object.hasOwn(CALLBACK_AUTHENTICATION_NAMES, value)
			? CALLBACK_AUTHENTICATION_NAMES[value]
			: value
		: value;
}

/** Keys in camelCase (the service's misspellings corrected), nulls and prototype keys left out, at every depth. */
function friendly(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(friendly);
	if (!isPlainObject(value)) return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(
				([key, entry]) =>
					entry !== null && entry !== undefined && !PROTOTYPE_KEYS.has(camelCase(key)),
			)
			.map(([key, entry]) => [
				camelCase(key),
				key === 'AuthenticationType' ? authenticationName(entry) : friendly(entry),
			]),
	);
}

/** A value with every prototype key left out, at every depth (the raw item keeps the service's spellings otherwise). */
function withoutPrototypeKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
	if (!isPlainObject(value)) return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([key]) => !PROTOTYPE_KEYS.has(key))
			.map(([key, entry]) => [key, withoutPrototypeKeys(entry)]),
	);
}

/** The raw payload as received, without prototype keys, and without the Base64 file contents unless kept. */
function rawFields(payload: IDataObject, keepBase64: boolean): IDataObject {
	return withoutPrototypeKeys(rawPayload(payload, keepBase64)) as IDataObject;
}

function rawPayload(payload: IDataObject, keepBase64: boolean): IDataObject {
	if (keepBase64 || !Array.isArray(payload.Files)) return { ...payload };
	const files = payload.Files.map((file) => {
		if (!isPlainObject(file)) return file;
		const rest = { ...file };
		delete rest.File;
		return rest;
	});
	return { ...payload, Files: files };
}

/** The property a received file goes to: file_0, file_1, ... in the order of Files. */
function binaryPropertyOf(index: number): string {
	return `file_${index}`;
}

/** Fields of the payload the simplified item names itself; any other field is kept, in camelCase. */
const NAMED_FIELDS = new Set([
	'RequestId',
	'Status',
	'ReferencNumber',
	'ReferenceNumber',
	'Signatory',
	'Fields',
	'Files',
]);

/**
 * The simplified item: camelCase names only, the service's misspellings corrected (referenceNumber, nationality),
 * the status named, the files described (where their binary went), nulls left out. Fields the service may add later
 * are kept, in camelCase.
 */
function simplifiedItem(
	callback: Callback,
	webhookId: string | undefined,
	files: IDataObject[],
): IDataObject {
	const { payload } = callback;
	const reference = payload.ReferencNumber ?? payload.ReferenceNumber;
	const others = Object.entries(payload).filter(([key]) => !NAMED_FIELDS.has(key));
	return friendly({
		requestId: callback.requestId,
		referenceNumber: typeof reference === 'string' ? reference : null,
		status: callback.status ?? null,
		statusName: callback.event,
		webhookId: webhookId ?? null,
		signatories: Array.isArray(payload.Signatory) ? payload.Signatory.filter(isPlainObject) : [],
		fields: Array.isArray(payload.Fields) ? payload.Fields : [],
		files,
		...Object.fromEntries(others.map(([key, value]) => [camelCase(key), value])),
	}) as IDataObject;
}

/**
 * One item per callback, and the signed files as binary properties. Simplified (the default): see simplifiedItem.
 * Raw (Simplify off): the callback as the service sent it (PascalCase, its own spellings), plus the trigger's
 * webhookId.
 */
export async function callbackItem(
	context: IWebhookFunctions,
	callback: Callback,
	webhookId: string | undefined,
	options: CallbackOptions,
): Promise<INodeExecutionData> {
	const { payload } = callback;
	const binary: IBinaryKeyData = {};
	const files: IDataObject[] = [];
	for (const file of callback.files) {
		// A safe base name everywhere the name appears: no path (which a workflow writing files by it would follow).
		const fallback = `signed-document-${file.index + 1}`;
		const summary: IDataObject = {
			fileName: file.fileName === undefined ? null : fileNameFor(file.fileName, fallback),
		};
		const bytes =
			file.base64 !== undefined && options.downloadFiles ? decodeBase64(file.base64) : undefined;
		if (bytes) {
			// The signed file is a PDF by the spec, but the live service has been seen sending ZIPs: trust the bytes.
			const detected = detectMimeType(bytes);
			const known = detected.mimeType !== 'application/octet-stream';
			const mimeType = known ? detected.mimeType : 'application/pdf';
			const fileName = fileNameFor(
				file.fileName,
				fallback,
				known ? detected.extension : undefined,
				'pdf',
			);
			const property = binaryPropertyOf(file.index);
			binary[property] = await context.helpers.prepareBinaryData(bytes, fileName, mimeType);
			Object.assign(summary, {
				fileName,
				mimeType,
				fileSize: bytes.length,
				binaryProperty: property,
			});
		}
		if (options.keepBase64 && file.base64 !== undefined) summary.file = file.base64;
		files.push(summary);
	}

	const json: IDataObject = options.simplify
		? simplifiedItem(callback, webhookId, files)
		: { ...rawFields(payload, options.keepBase64), webhookId: webhookId ?? null };
	return Object.keys(binary).length ? { json, binary } : { json };
}
