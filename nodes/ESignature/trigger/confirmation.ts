import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { Callback } from './callback';
import { isFailedAnswer, isServiceWrapper } from '../service/errors';
import { decodeBase64 } from '../files/bytes';
import {
	type ServiceAnswer,
	type ServiceContext,
	callService,
	isNotFound,
} from '../service/transport';

/*
 * A callback's header token proves little: any API client of the account can read it (the webhook list returns it),
 * so a callback is confirmed with the service before it starts anything (docs/security.md#callbacks): the envelope's
 * status must agree with the callback's, and its signed files must be the ones the service holds where the service
 * says which documents the envelope has. Costs one call per event, plus one download per signed document checked
 * (docs/delivery-guarantees.md#what-a-callback-costs).
 */

/**
 * What the service says about a callback: it agrees, it does not (why), or it cannot tell now (why: it is down,
 * overloaded, or refused our token), in which case the callback must be re-sent, never dropped.
 */
export type Confirmation =
	| { outcome: 'agrees'; filesChecked: boolean }
	| { outcome: 'disagrees'; reason: string }
	| { outcome: 'unavailable'; reason: string };

/**
 * The envelope statuses that agree with each callback event: the spec's text ("Completed") and the published numbers
 * of document statuses (2 Completed, 4 Rejected, docs/service-api.md#enumerations), compared without case or dashes.
 */
const AGREEING_STATUSES: Record<string, string[]> = {
	completed: ['completed', '2'],
	rejected: ['rejected', '4'],
};

const normalised = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number'
		? String(value)
				.toLowerCase()
				.replace(/[^a-z0-9]/g, '')
		: '';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The data of an answer (null when the service does not know the ID in this account), or why it cannot tell. */
type Read = { data: unknown } | { unavailable: string };

/** One GET to the service, read: never throws. */
async function read(context: ServiceContext, path: string, what: string): Promise<Read> {
	let answer: ServiceAnswer;
	try {
		answer = await callService(context, { method: 'GET', path });
	} catch (error) {
		return {
			unavailable: `the service could not be reached for ${what} (${(error as Error).message})`,
		};
	}
	const { statusCode, body } = answer;
	if (statusCode >= 500 || [401, 403, 429].includes(statusCode))
		return { unavailable: `the service answered HTTP ${statusCode} to ${what}` };
	// An ID the account does not own: errorCode 0 and data null, 404, or errorCode 14 (docs/service-api.md#decisions).
	if (isNotFound(answer) || (isServiceWrapper(body) && Number(body.errorCode) === 14))
		return { data: null };
	if (isFailedAnswer(body, statusCode)) {
		return {
			unavailable:
				`the service answered error ${String(isServiceWrapper(body) ? body.errorCode : statusCode)} ` +
				`to ${what}`,
		};
	}
	return { data: (isServiceWrapper(body) ? body.data : body) ?? null };
}

/** The IDs of the envelope's documents, where the status answer lists them (the live form: documents[].id). */
function documentIdsOf(status: IDataObject): string[] {
	const documents = Array.isArray(status.documents) ? (status.documents as unknown[]) : [];
	return documents
		.map((document) =>
			typeof document === 'object' && document !== null ? (document as IDataObject).id : undefined,
		)
		.filter((id): id is string => typeof id === 'string' && id !== '')
		.slice(0, 50);
}

/** The SHA-256 of each signed document the service holds, from its completed download, or why it cannot tell. */
async function signedDigests(
	context: ServiceContext,
	documentIds: string[],
): Promise<Set<string> | string> {
	const digests = new Set<string>();
	for (const id of documentIds) {
		const answer = await read(
			context,
			`/api/v1/documents/${encodeURIComponent(id)}/completed/base64`,
			'the signed download',
		);
		if ('unavailable' in answer) return answer.unavailable;
		const file =
			typeof answer.data === 'object' && answer.data !== null
				? (answer.data as IDataObject).file
				: undefined;
		const bytes = typeof file === 'string' ? decodeBase64(file) : undefined;
		if (bytes) digests.add(sha256(bytes));
	}
	return digests;
}

/**
 * Confirms a callback with the service: Get Status of its envelope, and for a completion, the signed downloads of
 * the envelope's documents (`documentIds`, else the ones the status answer lists) against the callback's files.
 */
export async function confirmCallback(
	context: ServiceContext,
	callback: Callback,
	documentIds?: string[],
): Promise<Confirmation> {
	const path = `/api/v1/envelopes/${encodeURIComponent(callback.requestId)}/status`;
	const status = await read(context, path, 'Get Status');
	if ('unavailable' in status) return { outcome: 'unavailable', reason: status.unavailable };
	if (typeof status.data !== 'object' || status.data === null) {
		return { outcome: 'disagrees', reason: 'the service knows no such envelope in this account' };
	}
	const record = status.data as IDataObject;
	const agreeing = AGREEING_STATUSES[callback.event];
	// A Status code the service has not published: its envelope exists, which is all that can be compared.
	if (agreeing && !agreeing.includes(normalised(record.status))) {
		const held = normalised(record.status) || 'of no status';
		return {
			outcome: 'disagrees',
			reason: `the envelope is ${held} at the service, not ${callback.event}`,
		};
	}
	const ids = documentIds?.length ? documentIds : documentIdsOf(record);
	if (callback.event !== 'completed' || ids.length === 0 || callback.files.length === 0) {
		return { outcome: 'agrees', filesChecked: false };
	}
	const held = await signedDigests(context, ids);
	if (typeof held === 'string') return { outcome: 'unavailable', reason: held };
	for (const file of callback.files) {
		const bytes = file.base64 === undefined ? undefined : decodeBase64(file.base64);
		if (!bytes || !held.has(sha256(bytes))) {
			return {
				outcome: 'disagrees',
				reason: `Files[${file.index}] is not a signed document the service holds for the envelope`,
			};
		}
	}
	return { outcome: 'agrees', filesChecked: true };
}
