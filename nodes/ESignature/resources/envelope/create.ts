import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, simplifyProperty } from '../../fields/common';
import { SEVERAL_FILES, fileInputProperties } from '../../fields/fileInput';
import {
	fileIdField,
	optionalWebhookProperty,
	referenceNumberField,
	workflowIdField,
} from '../../fields/envelope';

const properties: INodeProperties[] = [
	...fileInputProperties(SEVERAL_FILES),
	optionalWebhookProperty(),
	{
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
					"Whether the envelope follows the external workflow of the E-Signature service (the service's IsForExternalWorkFlow; not an n8n workflow)",
			},
			workflowIdField,
		],
	},
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);
