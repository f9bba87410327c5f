import type { INodeProperties } from 'n8n-workflow';

import { unwrapResponse } from '../../routing/answers';
import * as configure from './configure';
import { buildConfigureRequest } from './hooks';

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
				description:
					'Set the SMS gateway the account sends invitations and one-time passwords through',
				routing: {
					request: { method: 'PUT', url: '/api/v1/configuration/sms-provider' },
					send: { preSend: [buildConfigureRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'configure',
	},
	...configure.description,
];
