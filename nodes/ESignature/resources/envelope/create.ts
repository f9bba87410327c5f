import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';
import { fileInputProperties } from '../../shared/fileInput';
import { SEVERAL_FILES, fileIdField, optionalWebhookProperty, referenceNumberField, workflowIdField } from './fields';

const displayOptions = { show: { resource: ['envelope'], operation: ['create'] } };

export const createDescription: INodeProperties[] = [
	...fileInputProperties(displayOptions, SEVERAL_FILES),
	optionalWebhookProperty(displayOptions),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [
			fileIdField,
			{
				displayName: 'Is for External Workflow',
				name: 'isForExternalWorkFlow',
				type: 'boolean',
				default: false,
				description: 'Whether the envelope is handled by an external workflow',
			},
			{
				displayName: 'Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Password that protects the uploaded PDF',
			},
			referenceNumberField,
			workflowIdField,
		],
	},
	responseOptions(displayOptions),
];
