import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { checkEnvelopeId, idInPath } from '../../fields/common';
import { isErrorItem } from '../../service/errors';
import { simplifyOutput, unwrapFoundResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';

export const option: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of an envelope',
	description: 'Get the status of an envelope and of each signer',
	routing: {
		request: {
			method: 'GET',
			url: `=/api/v1/envelopes/${idInPath('envelopeId')}/status`,
		},
		send: { preSend: [pairedWithItem(checkEnvelopeId)] },
		output: { postReceive: [unwrapFoundResponse, normalizeStatus, simplifyOutput] },
	},
};

/** Its fields are all shared (shared.ts): Envelope ID, Simplify, Options. */
export const description: INodeProperties[] = [];

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
	const word =
		typeof status === 'string' ? (SIGNER_STATUS_WORDS[status.toUpperCase()] ?? status) : status;
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
 * The status in the spec's names whichever shape the service answered (credentials/dialects.ts has the others; this
 * one needs no memory): the live `{id, signatories[{fullName, ...}], documents}` becomes
 * `{envelopeId, signers[{name, ...}]}`.
 */
function specStatus(data: IDataObject): IDataObject {
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

/** Get Status: one output shape for the spec's answer and the live service's (service-api.md#spec-and-live-service). */
export async function normalizeStatus(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		if (isErrorItem(item)) return item;
		const { json } = item;
		const wrapped =
			typeof json.data === 'object' &&
			json.data !== null &&
			!Array.isArray(json.data) &&
			'errorCode' in json;
		return wrapped
			? { ...item, json: { ...json, data: specStatus(json.data as IDataObject) } }
			: { ...item, json: specStatus(json) };
	});
}
