import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';
import { fileInputProperties } from '../../shared/fileInput';
import { SEVERAL_FILES, optionalWebhookProperty, referenceNumberField, workflowIdField } from './fields';

const displayOptions = { show: { resource: ['envelope'], operation: ['createBulk'] } };

export const createBulkDescription: INodeProperties[] = [
	{
		displayName: 'One envelope holding several documents. The output has one item per document, each with the envelope ID.',
		name: 'createBulkNotice',
		type: 'notice',
		default: '',
		displayOptions,
	},
	...fileInputProperties(displayOptions, SEVERAL_FILES),
	optionalWebhookProperty(displayOptions),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions,
		options: [referenceNumberField, workflowIdField],
	},
	responseOptions(displayOptions),
];
