import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { referenceNumberField, workflowIdField } from '../../fields/envelope';
import { simplifyOutput } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildBase64DocumentsBody, sayWhereEventsGo, splitBulkFileResponse } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Create From Base64 List',
	value: 'createBulk',
	action: 'Create an envelope from a list of documents sent as base64',
	description:
		'Create one envelope from several documents sent as Base64 text in one JSON request; ' +
		'outputs one item per document, with its document ID',
	routing: {
		request: { method: 'POST', url: '/api/v1/envelopes/bulk/initiate-base64' },
		send: { preSend: [pairedWithItem(buildBase64DocumentsBody)] },
		output: { postReceive: [splitBulkFileResponse, sayWhereEventsGo, simplifyOutput] },
	},
};

const displayOptions = { show: { resource: ['envelope'], operation: ['createBulk'] } };

/** Before the shared File Input and Webhook (sharedFields.ts). */
export const description: INodeProperties[] = [
	{
		displayName:
			'One envelope holding several documents. The output has one item per document, each with the envelope ID.',
		name: 'createBulkNotice',
		type: 'notice',
		default: '',
		displayOptions,
	},
];

/** After the shared Webhook; then Simplify and Options. */
export const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [referenceNumberField, workflowIdField],
	displayOptions,
};
