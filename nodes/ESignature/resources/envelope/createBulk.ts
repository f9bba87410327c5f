import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, simplifyProperty } from '../../fields/common';
import { SEVERAL_FILES, fileInputProperties } from '../../fields/fileInput';
import {
	optionalWebhookProperty,
	referenceNumberField,
	workflowIdField,
} from '../../fields/envelope';

const properties: INodeProperties[] = [
	{
		displayName:
			'One envelope holding several documents. The output has one item per document, each with the envelope ID.',
		name: 'createBulkNotice',
		type: 'notice',
		default: '',
	},
	...fileInputProperties(SEVERAL_FILES),
	optionalWebhookProperty(),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [referenceNumberField, workflowIdField],
	},
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['envelope'], operation: ['createBulk'] } };

export const description = updateDisplayOptions(displayOptions, properties);
