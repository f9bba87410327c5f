import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fileIdField, referenceNumberField, workflowIdField } from '../../fields/envelope';
import { simplifyOutput, unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildCreateForm, sayWhereEventsGo } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Create From Files',
	value: 'create',
	action: 'Create an envelope from files',
	description:
		'Create an envelope from one or more documents uploaded as files (binary fields or Base64 text), ' +
		"with File ID, PDF password and the service's workflow as options",
	routing: {
		request: { method: 'POST', url: '/api/v1/envelopes/initiate' },
		send: { preSend: [pairedWithItem(buildCreateForm)] },
		output: { postReceive: [unwrapResponse, sayWhereEventsGo, simplifyOutput] },
	},
};

/** File Input and Webhook are shared (sharedFields.ts); then these, then Simplify and Options. */
export const description: INodeProperties[] = [];

export const additionalFields: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		fileIdField,
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Password that protects the uploaded PDF',
		},
		referenceNumberField,
		{
			displayName: 'Service External Workflow',
			name: 'isForExternalWorkFlow',
			type: 'boolean',
			default: false,
			description:
				'Whether the envelope follows the external workflow of the E-Signature service ' +
				"(the service's IsForExternalWorkFlow; not an n8n workflow)",
		},
		workflowIdField,
	],
	displayOptions: { show: { resource: ['envelope'], operation: ['create'] } },
};
