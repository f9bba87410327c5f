import { createHash, timingSafeEqual } from 'crypto';
import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { isPlainObject } from '../fields/json';
import { EMPTY_GUID, isGuid } from '../fields/validation';
import { isBase64 } from '../files/bytes';
import { CALLBACK_STATUSES } from '../fields/enums';
import { nestedDeeperThan } from '../service/depth';

export const ANY_EVENT = '*';

function toNumber(value: unknown) {
	if ((value ?? '') === '') return undefined;
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	return Number.isFinite(number) ? number : undefined;
}

// n8n's own answer is always 200; the service must see 4xx or 5xx to log a delivery failed.
export const answerWithoutExecution =
	(context: IWebhookFunctions) =>
	(statusCode: number, message: string): IWebhookResponseData => {
		context.getResponseObject().status(statusCode).json({ message });
		return { noWebhookResponse: true };
	};

// The service sends the stored token as is; a proxy or a manual re-send may prefix it with "Bearer ".
export function presentedToken(header: string | string[] | undefined) {
	const value = Array.isArray(header) ? header[0] : header;
	return value?.trim().replace(/^Bearer\s+/i, '') || undefined;
}

// Static data goes with copies of the workflow: it keeps only the token's digest.
export function headerTokenDigest(token: string) {
	return createHash('sha256').update(token, 'utf8').digest('hex');
}

// In constant time; only a SHA-256 digest in lowercase hex is expected.
export function sameDigest(digest: string, expected: unknown) {
	if (typeof expected !== 'string' || !/^[0-9a-f]{64}$/.test(expected)) return false;
	return timingSafeEqual(Buffer.from(digest, 'hex'), Buffer.from(expected, 'hex'));
}

export function isAuthorized(header: string | string[] | undefined, expected: unknown) {
	const token = presentedToken(header);
	return !!token && sameDigest(headerTokenDigest(token), expected);
}

export interface Callback {
	payload: IDataObject;
	requestId: string;
	status?: number;
	// The event its Status claims, undefined for a code the service has not published.
	event?: string;
	files: { index: number; fileName?: string; base64: string }[];
}

// n8n parses JSON bodies itself; other content types leave the bytes in rawBody.
function bodyObject(context: IWebhookFunctions): IDataObject | string {
	const body: unknown = context.getBodyData();
	if (isPlainObject(body) && Object.keys(body).length > 0) return body;
	const rawBody = context.getRequestObject().rawBody as Buffer | string | undefined;
	const text = typeof body === 'string' && body !== '' ? body : (rawBody?.toString() ?? '');
	if (text.trim() === '') return 'The callback has no body';
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return 'The callback body is not valid JSON';
	}
	return isPlainObject(parsed) ? parsed : 'The callback body must be a JSON object';
}

const MAX_CALLBACK_DEPTH = 32;

const isNothing = (value: unknown) => value === undefined || value === null;

// The callback, or what is wrong with it: such a callback would start an execution without its signed file, or with
// a path as its ID. Base64 is checked without decoding: a signed file can be tens of MB.
export function readCallback(context: IWebhookFunctions): Callback | string {
	const payload = bodyObject(context);
	if (typeof payload === 'string') return payload;
	if (nestedDeeperThan(payload, MAX_CALLBACK_DEPTH + 1))
		return `The callback nests more than ${MAX_CALLBACK_DEPTH} levels deep`;
	const requestId = typeof payload.RequestId === 'string' ? payload.RequestId.trim() : '';
	if (requestId === '') return 'The callback has no RequestId';
	if (!isGuid(requestId) || requestId === EMPTY_GUID)
		return "The callback's RequestId is not the ID of an envelope";
	const status = toNumber(payload.Status);
	if (isNothing(payload.Status)) return 'The callback has no Status';
	if (!['number', 'string'].includes(typeof payload.Status) || !Number.isInteger(status))
		return "The callback's Status is not a number";
	const files = payload.Files ?? [];
	if (!Array.isArray(files)) return "The callback's Files is not a list";
	const wrong = files.findIndex(
		(file) =>
			!isPlainObject(file) ||
			typeof file.File !== 'string' ||
			file.File === '' ||
			!(isNothing(file.FileName) || typeof file.FileName === 'string'),
	);
	if (wrong !== -1)
		return `The callback's Files[${wrong}] is not a file ({ FileName, File } with File as Base64 text)`;
	const signatories = payload.Signatory ?? [];
	if (!Array.isArray(signatories) || !signatories.every(isPlainObject))
		return "The callback's Signatory is not a list of signers";
	const broken = (files as IDataObject[]).flatMap((file, index) =>
		isBase64(file.File as string) ? [] : [`Files[${index}]`],
	);
	if (broken.length) return `Not valid Base64: ${broken.join(', ')}`;
	return {
		payload,
		requestId,
		status,
		event: status === undefined ? undefined : CALLBACK_STATUSES[status],
		files: (files as IDataObject[]).map((file, index) => ({
			index,
			fileName: typeof file.FileName === 'string' ? file.FileName : undefined,
			base64: file.File as string,
		})),
	};
}

// An empty selection lets everything through rather than silently dropping every callback.
export function isWanted(events: string[], event: string) {
	return events.length === 0 || events.includes(ANY_EVENT) || events.includes(event);
}
