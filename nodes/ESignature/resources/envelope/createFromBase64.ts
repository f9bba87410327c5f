import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { fileIdField, referenceNumberField, workflowIdField } from '../../fields/envelope';
import { fileInputProperties } from '../../fields/fileInput';
import { simplifyOutput, unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildBase64DocumentBody, sayWhereEventsGo } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Create From Base64',
	value: 'createFromBase64',
	action: 'Create an envelope from one document sent as base64',
	description: 'Create an envelope from one document sent to the service as Base64 text in JSON',
	routing: {
		request: { method: 'POST', url: '/api/v1/envelopes/initiate-base64' },
		send: { preSend: [pairedWithItem(buildBase64DocumentBody)] },
		output: { postReceive: [unwrapResponse, sayWhereEventsGo, simplifyOutput] },
	},
};

const displayOptions = { show: { resource: ['envelope'], operation: ['createFromBase64'] } };

/** One document, where the other creates share a File Input for several; then the shared Webhook. */
export const description: INodeProperties[] = updateDisplayOptions(
	displayOptions,
	fileInputProperties(),
);

/** After the shared Webhook; then Simplify and Options. */
export const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [fileIdField, referenceNumberField, workflowIdField],
	displayOptions,
};
