import type { INodeProperties } from 'n8n-workflow';

import { unwrapResponse } from '../../shared/hooks';
import { configureDescription } from './configure';
import { buildSmsProviderBody } from './hooks';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['smsProvider'] } },
		options: [
			{
				name: 'Configure',
				value: 'configure',
				action: 'Configure the SMS provider',
				description: 'Set the SMS gateway the account sends invitations and one-time passwords through',
				routing: {
					request: { method: 'PUT', url: '/api/v1/configuration/sms-provider' },
					send: { preSend: [buildSmsProviderBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'configure',
	},
	...configureDescription,
];
