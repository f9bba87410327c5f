import type { IDataObject } from 'n8n-workflow';

// The live service's Get Status in the spec's names (docs/service-api.md#spec-and-live-service, point 6).
const SIGNER_STATUS_WORDS: Record<string, string> = {
	PENDING: 'Pending',
	SIGNED: 'Signed',
	REJECTED: 'Rejected',
	EXPIRED: 'Expired',
};

function specSigner(signatory: IDataObject) {
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

export function specStatus(data: IDataObject) {
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

export function signerStatusWord(status: unknown) {
	return typeof status === 'string'
		? (SIGNER_STATUS_WORDS[status.toUpperCase()] ?? status)
		: status;
}

// The live form lists the account itself as a signer of order 0, which the package never sends.
export function isAccountSigner(signer: unknown) {
	return typeof signer === 'object' && signer !== null && (signer as IDataObject).signOrder === 0;
}

export function withDocumentIds(record: IDataObject) {
	if (!Array.isArray(record.documents)) return record;
	const documents = (record.documents as unknown[]).map((entry) => {
		if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry;
		const { id, ...rest } = entry as IDataObject;
		return id === undefined ? entry : { documentId: id, ...rest };
	});
	return { ...record, documents: documents as IDataObject[] };
}

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

export function finalEventOf(status: unknown) {
	if (typeof status !== 'string' && typeof status !== 'number') return undefined;
	const key = String(status)
		.toLowerCase()
		.replace(/[^a-z0-9]/g, '');
	return Object.hasOwn(FINAL_STATUSES, key) ? FINAL_STATUSES[key] : undefined;
}
