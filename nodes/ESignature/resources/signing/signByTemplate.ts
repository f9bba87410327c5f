import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions } from '../../fields/common';
import { signersProperties } from '../../fields/signers';

const properties: INodeProperties[] = [
	{
		displayName: 'Template ID',
		name: 'templateId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
		description:
			"ID of the template to sign, as shown in the service's template list. Templates with fields the recipient must fill cannot be signed directly.",
	},
	...signersProperties(),
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: 'Values of the fields the template creator fills in',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name',
						name: 'fieldName',
						type: 'string',
						default: '',
						description: 'Name of the field as defined in the template',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
					},
				],
			},
		],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Document Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Password that protects the signed PDF',
			},
			{
				displayName: 'Reference Number',
				name: 'referenceNumber',
				type: 'string',
				default: '',
				description:
					'Your own reference for the new envelope; must be unique in the account. When empty, the node sends one derived from the execution and item (n8n-…), so that a retried run cannot sign twice.',
			},
		],
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['signing'], operation: ['signByTemplate'] } };

export const description = updateDisplayOptions(displayOptions, properties);
