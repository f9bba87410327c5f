import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';
import { destinationsProperties } from '../../fields/recipients';

const BULK_JSON_EXAMPLE =
	'[{"documentId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "destinations": [{"destinationName": "Jane Doe", "destinationEmail": "jane@example.com"}]}]';

const properties: INodeProperties[] = [
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
			'IDs of the documents to send, separated by commas (or an expression giving a list). Every document gets the signers below.',
		displayOptions: { show: { bulkInput: ['fields'] } },
	},
	// The signers fields have their own input selector; they show only with the same signers for several documents.
	...updateDisplayOptions({ show: { bulkInput: ['fields'] } }, destinationsProperties('v1Camel')),
	{
		displayName: 'Invitations (JSON)',
		name: 'bulkJson',
		type: 'json',
		default: '',
		placeholder: BULK_JSON_EXAMPLE,
		hint: `A list of documents and their signers, e.g. ${BULK_JSON_EXAMPLE}`,
		description: `Array of documents such as ${BULK_JSON_EXAMPLE}. Each has documentId and its destinations (signers with the API field names, e.g. destinationName, destinationEmail, signeOrder).`,
		displayOptions: { show: { bulkInput: ['json'] } },
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['sendBulk'] } };

export const description = updateDisplayOptions(displayOptions, properties);
