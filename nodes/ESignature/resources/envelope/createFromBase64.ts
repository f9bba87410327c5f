import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';
import { fileInputProperties } from '../../shared/fileInput';
import { fileIdField, optionalWebhookProperty, referenceNumberField, workflowIdField } from './fields';

const displayOptions = { show: { resource: ['envelope'], operation: ['createFromBase64'] } };

export const createFromBase64Description: INodeProperties[] = [
	...fileInputProperties(displayOptions),
	optionalWebhookProperty(displayOptions),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [fileIdField, referenceNumberField, workflowIdField],
	},
	responseOptions(displayOptions),
];
