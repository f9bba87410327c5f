import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { simplifyOutput, unwrapFoundResponse } from '../../routing/answers';
import { checkCommercialNumber, checkLanguage } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Check',
	value: 'check',
	action: 'Check a commercial registration',
	description: 'Look up a company by its commercial registration (CR) number',
	routing: {
		request: {
			method: 'GET',
			url: '=/api/v2/kyb/check-cr/{{ encodeURIComponent(String($parameter.commercialNumber).trim()) }}',
		},
		output: { postReceive: [unwrapFoundResponse, simplifyOutput] },
	},
};

const displayOptions = { show: { resource: ['commercialRegistration'], operation: ['check'] } };

export const properties: INodeProperties[] = [
	{
		displayName: 'Commercial Registration Number',
		name: 'commercialNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1010010101',
		description: 'The CR number of the company to look up',
		displayOptions,
		// Checked before the URL takes it.
		routing: { send: { preSend: [pairedWithItem(checkCommercialNumber)] } },
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
		routing: {
			send: {
				type: 'query',
				property: 'language',
				value: "={{ (String($value ?? '').trim() || 'ar').toLowerCase() }}",
				preSend: [pairedWithItem(checkLanguage)],
			},
		},
	},
];
