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
	return items.map((item) => {
		if (isErrorItem(item)) return item;
		const { json } = item;
		return isPlainObject(json.data) && 'errorCode' in json
			? { ...item, json: { ...json, data: specStatus(json.data as IDataObject) } }
			: { ...item, json: specStatus(json) };
	});
};

const nameDocumentIds: PostReceiveAction = async function (items) {
	if (!simplifies(this)) return items;
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: withDocumentIds(item.json) },
	);
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
			postReceive: [unwrapFoundResponse, normalizeStatus, nameDocumentIds, simplifyOutput],
		},
	),
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description = [envelopeId, simplify, options];
