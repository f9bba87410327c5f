import { createHash, timingSafeEqual } from 'crypto';
import type { IBinaryKeyData, IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { decodeBase64, detectMimeType, fileNameFor, isBase64 } from '../ESignature/shared/binary';
import { CALLBACK_STATUSES, toNumber } from '../ESignature/shared/enums';

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
function presentedToken(header: string | string[] | undefined): string | undefined {
	const value = Array.isArray(header) ? header[0] : header;
	const token = value?.trim().replace(/^Bearer\s+/i, '');
	return token ? token : undefined;
}

/** Constant-time comparison; hashing first makes both sides the same length, so the length leaks nothing either. */
export function isAuthorized(header: string | string[] | undefined, expectedToken: unknown): boolean {
	const token = presentedToken(header);
	if (!token || typeof expectedToken !== 'string' || expectedToken === '') return false;
	const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
	return timingSafeEqual(digest(token), digest(expectedToken));
}

function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/**
 * The callback payload, or why it cannot be used. n8n parses JSON bodies itself; a body of another content type
 * arrives as text or as an empty object, with the received bytes in rawBody, so those are read too.
 */
export function readPayload(body: unknown, rawBody: Buffer | string | undefined): { payload?: IDataObject; problem?: string } {
	let candidate: unknown = body;
	if (!isPlainObject(body) || Object.keys(body).length === 0) {
		const text = typeof body === 'string' && body !== '' ? body : rawBody === undefined ? '' : rawBody.toString();
		if (text.trim() === '') return { problem: 'The callback has no body' };
		try {
			candidate = JSON.parse(text);
		} catch {
			return { problem: 'The callback body is not valid JSON' };
		}
	}
	if (!isPlainObject(candidate)) return { problem: 'The callback body must be a JSON object' };
	if (typeof candidate.RequestId !== 'string' || candidate.RequestId.trim() === '') {
		return { problem: 'The callback has no RequestId' };
	}
	return { payload: candidate };
}

/** "completed", "rejected", or "unknown" for a Status code the service has not published. */
export function eventOf(payload: IDataObject): string {
	const status = toNumber(payload.Status);
	return (status !== undefined && CALLBACK_STATUSES[status]) || 'unknown';
}

/** An empty selection lets everything through rather than silently dropping every callback. */
export function isWanted(events: string[], event: string): boolean {
	return events.length === 0 || events.includes(ANY_EVENT) || events.includes(event);
}

/** The service's own misspellings, corrected in the friendly names. */
const SIGNATORY_NAMES: Record<string, string> = { Nationlity: 'nationality' };

function camelCase(key: string): string {
	return SIGNATORY_NAMES[key] ?? key.charAt(0).toLowerCase() + key.slice(1);
}

function friendlySignatories(raw: unknown): IDataObject[] {
	if (!Array.isArray(raw)) return [];
	return raw.filter(isPlainObject).map((signatory) =>
		Object.fromEntries(Object.entries(signatory).map(([key, value]) => [camelCase(key), value])),
	);
}

interface ReceivedFile {
	index: number;
	fileName?: string;
	base64?: string;
}

function receivedFiles(payload: IDataObject): ReceivedFile[] {
	const files = Array.isArray(payload.Files) ? payload.Files : [];
	return files.map((file, index) => {
		const entry = isPlainObject(file) ? file : {};
		return {
			index,
			fileName: typeof entry.FileName === 'string' ? entry.FileName : undefined,
			base64: typeof entry.File === 'string' && entry.File !== '' ? entry.File : undefined,
		};
	});
}

/** Files that are not valid Base64, named so the sender can fix them; checked before anything is emitted. */
export function undecodableFiles(payload: IDataObject): string[] {
	return receivedFiles(payload)
		.filter((file) => file.base64 !== undefined && !isBase64(file.base64))
		.map((file) => `Files[${file.index}]${file.fileName ? ` (${file.fileName})` : ''}`);
}

/** The raw payload as received, without the Base64 file contents unless the user keeps them. */
function rawFields(payload: IDataObject, keepBase64: boolean): IDataObject {
	if (keepBase64 || !Array.isArray(payload.Files)) return { ...payload };
	const files = payload.Files.map((file) => {
		if (!isPlainObject(file)) return file;
		const { File: _base64, ...rest } = file;
		return rest;
	});
	return { ...payload, Files: files };
}

/** The property a received file goes to: file_0, file_1, ... in the order of Files. */
function binaryPropertyOf(index: number): string {
	return `file_${index}`;
}

/**
 * One item per callback: the payload's own fields, with friendly names alongside (requestId, status and statusName,
 * referenceNumber, signatories, files, webhookId; they win over a raw field of the same name), and the signed files
 * as binary properties.
 */
export async function callbackItem(
	context: IWebhookFunctions,
	payload: IDataObject,
	webhookId: string | undefined,
	options: CallbackOptions,
): Promise<INodeExecutionData> {
	const binary: IBinaryKeyData = {};
	const files: IDataObject[] = [];
	for (const file of receivedFiles(payload)) {
		const summary: IDataObject = { fileName: file.fileName ?? null };
		const bytes = file.base64 !== undefined && options.downloadFiles ? decodeBase64(file.base64) : undefined;
		if (bytes) {
			// The signed file is a PDF by the spec, but the live service has been seen sending ZIPs: trust the bytes.
			const detected = detectMimeType(bytes);
			const known = detected.mimeType !== 'application/octet-stream';
			const mimeType = known ? detected.mimeType : 'application/pdf';
			const fileName = known
				? fileNameFor(file.fileName, `signed-document-${file.index + 1}`, detected.extension)
				: (file.fileName ?? `signed-document-${file.index + 1}.pdf`);
			const property = binaryPropertyOf(file.index);
			binary[property] = await context.helpers.prepareBinaryData(bytes, fileName, mimeType);
			Object.assign(summary, { fileName, mimeType, fileSize: bytes.length, binaryProperty: property });
		}
		files.push(summary);
	}

	const status = toNumber(payload.Status);
	const reference = payload.ReferencNumber ?? payload.ReferenceNumber;
	// The raw PascalCase fields come first so that the friendly names always win.
	const json: IDataObject = {
		...rawFields(payload, options.keepBase64),
		requestId: payload.RequestId,
		status: status ?? null,
		statusName: eventOf(payload),
		referenceNumber: typeof reference === 'string' ? reference : null,
		signatories: friendlySignatories(payload.Signatory),
		fields: Array.isArray(payload.Fields) ? payload.Fields : [],
		files,
		webhookId: webhookId ?? null,
	};
	return Object.keys(binary).length ? { json, binary } : { json };
}
