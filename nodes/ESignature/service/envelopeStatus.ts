import type { IDataObject } from 'n8n-workflow';

/*
 * An envelope's status record in the spec's names, whichever form the service answered
 * (docs/service-api.md#spec-and-live-service): Get Status outputs it, and the trigger and Send and Wait build their
 * items from it, since the service, not a callback, is the record of what happened (docs/security.md#callbacks).
 */

/** Signer states as the live service's status answer spells them, in the spec's words (service-api.md#get-status). */
const SIGNER_STATUS_WORDS: Record<string, string> = {
	PENDING: 'Pending',
	SIGNED: 'Signed',
	REJECTED: 'Rejected',
	EXPIRED: 'Expired',
};

/** One signer of the live shape in the spec's names, keeping what only the live shape has (id, order, fresh link). */
function specSigner(signatory: IDataObject): IDataObject {
	const { fullName, email, status, lastActionDate, ...liveOnly } = signatory;
	const word = signerStatusWord(status);
	return {
		name: fullName ?? null,
		email: email ?? null,
		status: word ?? null,
		signedAt: word === 'Signed' ? (lastActionDate ?? null) : null,
		...liveOnly,
		lastActionDate: lastActionDate ?? null,
	};
}

/**
 * The status in the spec's names (credentials/dialects.ts has the other differences; this one needs no memory): the
 * live `{id, signatories[{fullName, ...}], documents}` becomes `{envelopeId, signers[{name, ...}], documents}`.
 */
export function specStatus(data: IDataObject): IDataObject {
	if (!Array.isArray(data.signatories) || data.envelopeId !== undefined) return data;
	const { id, status, signatories, ...liveOnly } = data;
	return {
		envelopeId: id ?? null,
		status: status ?? null,
		signers: (signatories as unknown[]).map((entry) =>
			typeof entry === 'object' && entry !== null ? specSigner(entry as IDataObject) : entry,
		) as IDataObject[],
		...liveOnly,
	};
}

/** A signer's state in the spec's word: the live `SIGNED` reads `Signed`; a word the spec has no name for stays. */
export function signerStatusWord(status: unknown): unknown {
	return typeof status === 'string'
		? (SIGNER_STATUS_WORDS[status.toUpperCase()] ?? status)
		: status;
}

/** The account itself, which the live form lists as a signatory of sign order 0 (the package never sends order 0). */
export function isAccountSigner(signer: unknown): boolean {
	return typeof signer === 'object' && signer !== null && (signer as IDataObject).signOrder === 0;
}

/** The live form's documents with each `id` read `documentId`, as every simplified output names a document. */
export function withDocumentIds(record: IDataObject): IDataObject {
	if (!Array.isArray(record.documents)) return record;
	const documents = (record.documents as unknown[]).map((entry) => {
		if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
		const { id, ...rest } = entry as IDataObject;
		return id === undefined ? entry : { documentId: id, ...rest };
	});
	return { ...record, documents: documents as IDataObject[] };
}

/** Envelope statuses (docs/service-api.md#enumerations) by the event a final one is; the others are still open. */
const FINAL_STATUSES: Record<string, string> = {
	completed: 'completed',
	'2': 'completed',
	rejected: 'rejected',
	'4': 'rejected',
	cancelled: 'cancelled',
	canceled: 'cancelled',
	'3': 'cancelled',
	expired: 'expired',
	'5': 'expired',
};

/** The event a status is ("completed", "rejected", "cancelled", "expired"), or undefined while the envelope is open. */
export function finalEventOf(status: unknown): string | undefined {
	if (typeof status !== 'string' && typeof status !== 'number') return undefined;
	const key = String(status)
		.toLowerCase()
		.replace(/[^a-z0-9]/g, '');
	return Object.hasOwn(FINAL_STATUSES, key) ? FINAL_STATUSES[key] : undefined;
}
