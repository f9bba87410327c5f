import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';
import { destinationsProperties } from '../../shared/destinations';

const displayOptions = { show: { resource: ['invitation'], operation: ['sendBulk'] } };
const showFields = { show: { ...displayOptions.show, bulkInput: ['fields'] } };
const BULK_JSON_EXAMPLE =
	'[{"documentId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "destinations": [{"destinationName": "Jane Doe", "destinationEmail": "jane@example.com"}]}]';

export const sendBulkDescription: INodeProperties[] = [
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
				description: 'Give the whole list of documents and their signers as JSON, e.g. from an expression',
			},
		],
		default: 'fields',
		displayOptions,
	},
	{
		displayName: 'Document IDs',
		name: 'documentIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301, 6fa459ea-ee8a-3ca4-894e-db77e160355e',
		description:
			'IDs of the documents to send, separated by commas (or an expression giving a list). Every document gets the signers below.',
		displayOptions: showFields,
	},
	...destinationsProperties('v1Camel', showFields),
	{
		displayName: 'Invitations (JSON)',
		name: 'bulkJson',
		type: 'json',
		default: '[]',
		placeholder: BULK_JSON_EXAMPLE,
		description: `Array of documents such as ${BULK_JSON_EXAMPLE}. Each has documentId and its destinations (signers with the API field names, e.g. destinationName, destinationEmail, signeOrder).`,
		displayOptions: { show: { ...displayOptions.show, bulkInput: ['json'] } },
	},
	responseOptions(displayOptions),
];
