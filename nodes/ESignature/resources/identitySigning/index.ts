import type { INodeProperties } from 'n8n-workflow';

import { base64ResponseToBinary } from '../../shared/hooks';
import { buildIdentitySignBody, buildIdentitySignWithSignersBody, nameSignedFile } from './hooks';
import { signDescription } from './sign';
import { signWithSignersDescription } from './signWithSigners';

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['identitySigning'] } },
		options: [
			{
				name: 'Sign',
				value: 'sign',
				action: 'Sign a PDF with the identity provider',
				description:
					'Sign a PDF for a signer who authenticated with the national identity provider, and get the signed file',
				routing: {
					request: { method: 'POST', url: '/api/v1/esign/idp/sign' },
					send: { preSend: [buildIdentitySignBody] },
					output: { postReceive: [base64ResponseToBinary, nameSignedFile] },
				},
			},
			{
				name: 'Sign With Signers',
				value: 'signWithSigners',
				action: 'Sign a PDF with the identity provider and signer details',
				description: 'Like Sign, also giving the service the details of the signers',
				routing: {
					request: { method: 'POST', url: '/api/v2/esign/idp/sign' },
					send: { preSend: [buildIdentitySignWithSignersBody] },
					output: { postReceive: [base64ResponseToBinary, nameSignedFile] },
				},
			},
		],
		default: 'sign',
	},
	...signDescription,
	...signWithSignersDescription,
];
