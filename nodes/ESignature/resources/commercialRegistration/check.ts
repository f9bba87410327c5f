import type { INodeProperties } from 'n8n-workflow';

import { responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['commercialRegistration'], operation: ['check'] } };

export const checkDescription: INodeProperties[] = [
	{
		displayName: 'Commercial Registration Number',
		name: 'commercialNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1010010101',
		description: 'The CR number of the company to look up',
		displayOptions,
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
		displayOptions,
	},
	responseOptions(displayOptions),
];
