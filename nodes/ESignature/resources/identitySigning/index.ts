import type { INodeProperties } from 'n8n-workflow';

import { base64ResponseToBinary } from '../../routing/answers';
import { buildSignRequest, buildSignWithSignersRequest, nameSignedFile } from './hooks';
import * as sign from './sign';
import * as signWithSigners from './signWithSigners';

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
					send: { preSend: [buildSignRequest] },
					output: { postReceive: [base64ResponseToBinary, nameSignedFile] },
				},
			},
			{
				name: 'Sign With Signer Details',
				value: 'signWithSigners',
				action: 'Sign a PDF with signer details',
				description: 'Like Sign, also giving the service the details of the signers',
				routing: {
					request: { method: 'POST', url: '/api/v2/esign/idp/sign' },
					send: { preSend: [buildSignWithSignersRequest] },
					output: { postReceive: [base64ResponseToBinary, nameSignedFile] },
				},
			},
		],
		default: 'sign',
	},
	...sign.description,
	...signWithSigners.description,
];
