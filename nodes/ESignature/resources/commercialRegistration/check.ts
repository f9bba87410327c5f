import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, simplifyProperty } from '../../fields/common';

const properties: INodeProperties[] = [
	{
		displayName: 'Commercial Registration Number',
		name: 'commercialNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1010010101',
		description: 'The CR number of the company to look up',
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		options: [
			{ name: 'Arabic', value: 'ar' },
			{ name: 'English', value: 'en' },
		],
		default: 'ar',
		description: 'Language of the names in the record',
	},
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['commercialRegistration'], operation: ['check'] } };

export const description = updateDisplayOptions(displayOptions, properties);
