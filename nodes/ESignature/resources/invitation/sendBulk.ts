import { updateDisplayOptions } from 'n8n-workflow';

import {
	buildDestinations,
	destinationsProperties,
	eachEntry,
	type INodeProperties,
	inputError,
	isPlainObject,
	jsonListParameter,
	normaliseDestinations,
	options,
	pick,
	type PreSendAction,
	requireGuid,
	routing,
	textOf,
} from '../kit';

const buildInvitationList: PreSendAction = async function (requestOptions) {
	if (this.getNodeParameter('bulkInput', 'fields') === 'json') {
		const listLabel = 'Invitations (JSON)';
		const entries = jsonListParameter(this, 'bulkJson', listLabel, 'documents');
		requestOptions.body = eachEntry(this, entries, listLabel, 'document', (entry, label) => {
			if (!isPlainObject(entry))
				throw inputError(this, `${label} must be an object with documentId and destinations`);
			const destinations = pick(entry, 'destinations');
			if (!Array.isArray(destinations) || !destinations.length)
				throw inputError(this, `${label}: destinations must be a non-empty array of signers`);
			return {
				documentId: requireGuid(this, pick(entry, 'documentId'), `${label}: documentId`),
				destinations: normaliseDestinations(this, destinations, 'v1Camel', {
					label: `${label}: destinations`,
				}),
			};
		});
		return requestOptions;
	}
	// A list from an expression, or text separating them by commas, semicolons or spaces.
	const value = this.getNodeParameter('documentIds', '');
	const list = Array.isArray(value)
		? value
		: textOf(this, value, 'Document IDs', Number.MAX_SAFE_INTEGER).split(/[\s,;]+/);
	const ids = list.filter((id) => (id ?? '') !== '');
	if (!ids.length) throw inputError(this, 'Document IDs: enter at least one document ID');
	const documentIds = ids.map((id, index) =>
		requireGuid(this, id, `Document IDs, ID ${index + 1}`),
	);
	const destinations = buildDestinations(this, 'v1Camel');
	requestOptions.body = documentIds.map((documentId) => ({ documentId, destinations }));
	return requestOptions;
};

export const option = {
	name: 'Send for Several Documents',
	value: 'sendBulk',
	action: 'Send invitations for several documents',
	description: 'Invite the same signers to several documents in one request',
	routing: routing(
		{ method: 'POST', url: '/api/v1/invitations/bulk/send' },
		{ preSend: [buildInvitationList] },
	),
};

const BULK_JSON_EXAMPLE =
	'[{"documentId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", ' +
	'"destinations": [{"destinationName": "Jane Doe", "destinationEmail": "jane@example.com"}]}]';

export const description: INodeProperties[] = [
	{
		displayName: 'Input',
		name: 'bulkInput',
		type: 'options',
		options: [
			{
				name: 'Same Signers for Several Documents',
				value: 'fields',
				description: 'Invite one list of signers to each of the given documents',
			},
			{
				name: 'JSON',
				value: 'json',
				description:
					'Give the whole list of documents and their signers as JSON, e.g. from an expression',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Document IDs',
		name: 'documentIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301, 6fa459ea-ee8a-3ca4-894e-db77e160355e',
		description:
			'IDs of the documents to send, separated by commas (or an expression giving a list). ' +
			'Every document gets the signers below.',
		displayOptions: { show: { bulkInput: ['fields'] } },
	},
	...updateDisplayOptions({ show: { bulkInput: ['fields'] } }, destinationsProperties('v1Camel')),
	{
		displayName: 'Invitations (JSON)',
		name: 'bulkJson',
		type: 'json',
		default: '',
		placeholder: BULK_JSON_EXAMPLE,
		hint: `A list of documents and their signers, e.g. ${BULK_JSON_EXAMPLE}`,
		description:
			`Array of documents such as ${BULK_JSON_EXAMPLE}. Each has documentId and its destinations ` +
			'(signers with the API field names, e.g. destinationName, destinationEmail, signeOrder).',
		displayOptions: { show: { bulkInput: ['json'] } },
	},
	options,
];
