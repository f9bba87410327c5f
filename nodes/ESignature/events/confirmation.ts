import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Callback } from './callback';
import { isFailedAnswer, isServiceWrapper } from '../service/errors';
import { decodeBase64 } from '../files/bytes';
import { isPlainObject } from '../fields/json';
import { finalEventOf, specStatus } from '../service/envelopeStatus';
import { deliveredTo } from './deliveryLog';
import { keptRecent } from './memory';
import type { ServiceContext } from '../service/itemFunctions';
import { type ServiceAnswer, callService, isNotFound } from '../service/transport';

// A callback is a notice, the service is the record (docs/security.md#callbacks).

export interface ConfirmedFile {
	index: number;
	fileName?: string;
	documentId: string;
	bytes: Buffer;
}

export interface ServiceEvent {
	envelopeId: string;
	event: string;
	record: IDataObject;
	// Undefined when the service names no documents to compare with.
	files?: ConfirmedFile[];
	lastActionAt?: number;
}

type Confirmation =
	| { outcome: 'confirmed'; event: ServiceEvent }
	| { outcome: 'refused'; reason: string }
	| { outcome: 'stale'; reason: string }
	| { outcome: 'resend'; reason: string };

interface ConfirmOptions {
	// The trigger, or the waiting execution: caches are never shared across credentials.
	scope: string;
	documentIds?: string[];
	webhookUrl?: string;
	// Events older than this are replays, epoch ms.
	notBefore?: number;
}

// So that a callback cannot make the node read an account's archive.
const MAX_DOCUMENTS_COMPARED = 20;

const ANSWER_ENVELOPE_BYTES = 64 * 1024;

const MAX_REMEMBERED = 1000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// accountWide: the service or the account failed (not reached, 401, 403, 429), not this envelope.
export type Unavailable = { unavailable: string; accountWide?: boolean };

type Read = { data: unknown; cut?: true } | Unavailable;

async function read(
	context: ServiceContext,
	path: string,
	what: string,
	maxAnswerBytes?: number,
): Promise<Read> {
	let answer: ServiceAnswer;
	try {
		answer = await callService(context, { method: 'GET', path, maxAnswerBytes });
		if (answer.cut) return { data: undefined, cut: true };
	} catch (error) {
		return {
			unavailable: `the service could not be reached for ${what} (${(error as Error).message})`,
			accountWide: true,
		};
	}
	const { statusCode, body } = answer;
	if (statusCode >= 500 || [401, 403, 429].includes(statusCode))
		return {
			unavailable: `the service answered HTTP ${statusCode} to ${what}`,
			accountWide: statusCode < 500,
		};
	// An ID the account does not own: errorCode 0 and data null, 404, or errorCode 14.
	if (isNotFound(answer) || (isServiceWrapper(body) && Number(body.errorCode) === 14))
		return { data: null };
	if (isFailedAnswer(body, statusCode))
		return {
			unavailable:
				`the service answered error ${String(isServiceWrapper(body) ? body.errorCode : statusCode)} ` +
				`to ${what}`,
		};
	return { data: (isServiceWrapper(body) ? body.data : body) ?? null };
}

type StatusRead = { record: IDataObject; event?: string } | Unavailable | { unknown: true };

// A burst of callbacks for one envelope asks once.
const statusInFlight = new Map<string, Promise<StatusRead>>();

export function finalStatus(context: ServiceContext, key: string, envelopeId: string) {
	const pending = statusInFlight.get(key);
	if (pending) return pending;
	const path = `/api/v1/envelopes/${encodeURIComponent(envelopeId)}/status`;
	const asked = read(context, path, 'Get Status')
		.then((status): StatusRead => {
			if ('unavailable' in status) return status;
			if (!isPlainObject(status.data)) return { unknown: true };
			const record = specStatus(status.data);
			return { record, event: finalEventOf(record.status) };
		})
		.finally(() => statusInFlight.delete(key));
	statusInFlight.set(key, asked);
	return asked;
}

// Only the live service's status answer lists documents[].id.
export function documentIdsOf(record: IDataObject) {
	return (Array.isArray(record.documents) ? (record.documents as unknown[]) : [])
		.map((document) => (document as IDataObject | null | undefined)?.id)
		.filter((id): id is string => typeof id === 'string' && id !== '');
}

// The live service says lastActionDate, the spec signedAt.
function lastActionOf(record: IDataObject) {
	const signers = Array.isArray(record.signers) ? (record.signers as unknown[]) : [];
	let latest: number | undefined;
	for (const signer of signers) {
		const { signedAt, lastActionDate } = (signer ?? {}) as IDataObject;
		const at = Date.parse(String(lastActionDate ?? signedAt ?? ''));
		if (Number.isFinite(at)) latest = Math.max(latest ?? at, at);
	}
	return latest;
}

// Per scope and envelope: document ID → SHA-256 of its signed download ('' if none), which never changes.
const signedDigests = new Map<string, Map<string, string>>();

async function confirmFiles(
	context: ServiceContext,
	callback: Callback,
	key: string,
	documentIds: string[],
) {
	const refused = (what: string) => ({ refused: `${what} the service holds for the envelope` });
	if (callback.files.length === 0) return refused('it carries none of the signed documents');
	const digests = keptRecent(
		signedDigests,
		key,
		signedDigests.get(key) ?? new Map(),
		MAX_REMEMBERED,
	);
	const held = documentIds.slice(0, MAX_DOCUMENTS_COMPARED);
	// A download longer than every file of the callback cannot match one: it is not read past that.
	const longest = Math.max(...callback.files.map((file) => file.base64.length));
	const maxAnswerBytes = Math.ceil(longest * 1.05) + ANSWER_ENVELOPE_BYTES;
	for (const id of held) {
		if (digests.has(id)) continue;
		const answer = await signedDownload(context, id, maxAnswerBytes);
		if ('unavailable' in answer) return answer;
		// Not remembered: the genuine callback, with the larger file, must still be compared.
		if (answer.cut) return refused(`it leaves out the signed document ${id}`);
		digests.set(id, answer.bytes ? sha256(answer.bytes) : '');
	}
	const documentOf = (digest: string) =>
		held.find((id) => digest !== '' && digests.get(id) === digest);
	const files: ConfirmedFile[] = [];
	for (const file of callback.files) {
		const bytes = decodeBase64(file.base64);
		const documentId = bytes ? documentOf(sha256(bytes)) : undefined;
		if (!bytes || !documentId) return refused(`Files[${file.index}] is not a signed document`);
		files.push({ index: file.index, fileName: file.fileName, documentId, bytes });
	}
	const sent = new Set(files.map((file) => sha256(file.bytes)));
	const missing = held.find((id) => !sent.has(digests.get(id) ?? ''));
	if (missing) return refused(`it leaves out the signed document ${missing}`);
	return { files };
}

export async function confirmCallback(
	context: ServiceContext,
	callback: Callback,
	options: ConfirmOptions,
): Promise<Confirmation> {
	const resend = (reason: string) => ({ outcome: 'resend' as const, reason });
	const refuse = (reason: string) => ({ outcome: 'refused' as const, reason });
	const envelopeId = callback.requestId;
	const key = `${options.scope}|${envelopeId.toLowerCase()}`;
	const status = await finalStatus(context, key, envelopeId);
	if ('unavailable' in status) return resend(status.unavailable);
	if ('unknown' in status) return refuse('the service knows no such envelope in this account');
	const { record, event } = status;
	if (!event)
		return resend(`the envelope is still ${String(record.status ?? 'open')} at the service`);
	const claimed = callback.event;
	// A code the service has not published may only name an end the published codes do not (cancelled, expired).
	if (claimed ? claimed !== event : event === 'completed' || event === 'rejected')
		return refuse(
			`the envelope is ${event} at the service, which callback Status ${String(callback.status)} is not`,
		);
	const lastActionAt = lastActionOf(record);
	if (lastActionAt !== undefined && lastActionAt < (options.notBefore ?? -Infinity))
		return {
			outcome: 'stale',
			reason: `the envelope was ${event} on ${new Date(lastActionAt).toISOString()}`,
		};
	const serviceEvent: ServiceEvent = { envelopeId, event, record, lastActionAt };
	const documentIds = options.documentIds?.length ? options.documentIds : documentIdsOf(record);
	const [delivered, files] = await Promise.all([
		options.webhookUrl ? deliveredTo(context, envelopeId, options.webhookUrl) : 'ours',
		event === 'completed' && documentIds.length > 0
			? confirmFiles(context, callback, key, documentIds)
			: undefined,
	]);
	if (delivered === 'others')
		return refuse("the service delivers the envelope's events to another webhook");
	// The service calls back only for completions and rejections: another end is this trigger's only if logged to it.
	if (delivered === 'unlogged' && event !== 'completed' && event !== 'rejected')
		return refuse(`the service logged no delivery of the ${event} envelope to this trigger`);
	if (!files) return { outcome: 'confirmed', event: serviceEvent };
	if ('unavailable' in files) return resend(files.unavailable);
	if ('refused' in files) return refuse(files.refused);
	return { outcome: 'confirmed', event: { ...serviceEvent, files: files.files } };
}

const MAX_SIGNED_DOWNLOAD_BYTES = 96 * 1024 * 1024;

async function signedDownload(
	context: ServiceContext,
	documentId: string,
	maxAnswerBytes = MAX_SIGNED_DOWNLOAD_BYTES,
) {
	const path = `/api/v1/documents/${encodeURIComponent(documentId)}/completed/base64`;
	const answer = await read(context, path, 'the signed download', maxAnswerBytes);
	if ('unavailable' in answer) return answer;
	const data = answer.data as IDataObject | null | undefined;
	return {
		cut: answer.cut,
		bytes: typeof data?.file === 'string' ? decodeBase64(data.file) : undefined,
		fileName: typeof data?.fileName === 'string' ? data.fileName : undefined,
	};
}

export async function signedFiles(
	context: ServiceContext,
	documentIds: string[],
): Promise<{ files: ConfirmedFile[] } | Unavailable> {
	const files: ConfirmedFile[] = [];
	for (const [index, documentId] of documentIds.slice(0, MAX_DOCUMENTS_COMPARED).entries()) {
		const answer = await signedDownload(context, documentId);
		if ('unavailable' in answer) return answer;
		const { bytes, fileName } = answer;
		if (!bytes)
			return { unavailable: `the service gave no signed file for document ${documentId}` };
		files.push({ index, fileName, documentId, bytes });
	}
	return { files };
}
