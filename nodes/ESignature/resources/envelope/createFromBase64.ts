import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, simplifyProperty } from '../../fields/common';
import { fileInputProperties } from '../../fields/fileInput';
import {
	fileIdField,
	optionalWebhookProperty,
	referenceNumberField,
	workflowIdField,
} from '../../fields/envelope';

const properties: INodeProperties[] = [
	...fileInputProperties(),
	optionalWebhookProperty(),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [fileIdField, referenceNumberField, workflowIdField],
	},
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['createFromBase64'] } };

export const description = updateDisplayOptions(displayOptions, properties);
