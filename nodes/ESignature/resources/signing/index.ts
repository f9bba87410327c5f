import type { INodeProperties } from 'n8n-workflow';

import { unwrapResponse } from '../../routing/answers';
import { buildSignByTemplateRequest, buildSignRequest } from './hooks';
import * as sign from './sign';
import * as signByTemplate from './signByTemplate';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['signing'] } },
		options: [
			{
				name: 'Sign',
				value: 'sign',
				action: 'Sign a document',
				description: 'Sign a document directly with the given signer details',
				routing: {
					request: { method: 'POST', url: '/api/v2/sign' },
					send: { preSend: [buildSignRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Sign From Template',
				value: 'signByTemplate',
				action: 'Sign a document from a template',
				description: 'Create a document from a template and sign it in one step',
				routing: {
					request: { method: 'POST', url: '/api/v2/sign/by-template' },
					send: { preSend: [buildSignByTemplateRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'sign',
	},
	...sign.description,
	...signByTemplate.description,
];
