import type { INodeProperties } from 'n8n-workflow';

import { simplifyOutput, unwrapFoundResponse } from '../../routing/answers';
import * as check from './check';
import { setCommercialNumberPath, setLanguageQuery } from './hooks';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['commercialRegistration'] } },
		options: [
			{
				name: 'Check',
				value: 'check',
				action: 'Check a commercial registration',
				description: 'Look up a company by its commercial registration (CR) number',
				routing: {
					request: { method: 'GET', url: '/api/v2/kyb/check-cr/{commercialNumber}' },
					send: { preSend: [setCommercialNumberPath, setLanguageQuery] },
					output: { postReceive: [unwrapFoundResponse, simplifyOutput] },
				},
			},
		],
		default: 'check',
	},
	...check.description,
];
