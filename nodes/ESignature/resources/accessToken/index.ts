import type { INodeProperties } from 'n8n-workflow';

import { buildRevokeRequest, revocationResult } from './hooks';
import * as revoke from './revoke';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['accessToken'] } },
		options: [
			{
				name: 'Revoke',
				value: 'revoke',
				action: 'Revoke the access token',
				description: 'Revoke the access token the credential currently uses',
				routing: {
					request: { method: 'POST', url: '/connect/revocation' },
					send: { preSend: [buildRevokeRequest] },
					output: { postReceive: [revocationResult] },
				},
			},
		],
		default: 'revoke',
	},
	...revoke.description,
];
