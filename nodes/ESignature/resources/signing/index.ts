import type { INodeProperties } from 'n8n-workflow';

import { unwrapResponse } from '../../shared/hooks';
import { buildSignBody, buildSignByTemplateBody } from './hooks';
import { signDescription } from './sign';
import { signByTemplateDescription } from './signByTemplate';

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
					send: { preSend: [buildSignBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Sign by Template',
				value: 'signByTemplate',
				action: 'Sign a template',
				description: 'Create a document from a template and sign it in one step',
				routing: {
					request: { method: 'POST', url: '/api/v2/sign/by-template' },
					send: { preSend: [buildSignByTemplateBody] },
					output: { postReceive: [unwrapResponse] },
				},
			},
		],
		default: 'sign',
	},
	...signDescription,
	...signByTemplateDescription,
];
