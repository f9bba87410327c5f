import {
	ENVELOPE_ID_SOURCE,
	envelopeId,
	type IDataObject,
	isErrorItem,
	isPlainObject,
	options,
	type PostReceiveAction,
	routing,
	sendsId,
	simplifies,
	simplify,
	simplifyOutput,
	specStatus,
	unwrapFoundResponse,
	withDocumentIds,
} from '../kit';

/** One output shape for the spec's answer and the live service's (docs/service-api.md#spec-and-live-service). */
const normalizeStatus: PostReceiveAction = async function (items) {
	const named = simplifies(this) ? withDocumentIds : (json: IDataObject) => json;
	return items.map((item) => {
		if (isErrorItem(item)) return item;
		const { json } = item;
		const status =
			isPlainObject(json.data) && 'errorCode' in json
				? { ...json, data: specStatus(json.data) }
				: specStatus(json);
		return { ...item, json: named(status) };
	});
};

export const option = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of an envelope',
	description: 'Get the status of an envelope and of each signer',
	routing: routing(
		{ method: 'GET', url: '/api/v1/envelopes/{envelopeId}/status' },
		{
			preSend: [sendsId(envelopeId)],
			idField: envelopeId,
			postReceive: [unwrapFoundResponse, normalizeStatus, simplifyOutput],
		},
	),
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description = [envelopeId, simplify, options];
