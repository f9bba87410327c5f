import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildRevocationForm, revocationResult } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Revoke',
	value: 'revoke',
	action: 'Revoke the access token',
	description: 'Revoke the access token the credential currently uses',
	routing: {
		request: {
			method: 'POST',
			// At the authorization server, not the API (the credential signs requests to both; trailing slashes dropped).
			baseURL: "={{ String($credentials.authUrl ?? '').trim() }}",
			url: '/connect/revocation',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			json: false,
			// A 401 here means the client ID or secret was refused, not an expired access token: it must not make n8n
			// fetch a new token and retry, so every status reaches revocationResult.
			ignoreHttpStatusErrors: true,
			// Not followed: a redirect would carry the token and the client secret in the body to wherever it points.
			disableFollowRedirect: true,
		},
		send: { preSend: [pairedWithItem(buildRevocationForm)] },
		output: { postReceive: [revocationResult] },
	},
};

export const properties: INodeProperties[] = [
	{
		displayName:
			'Revokes the access token the credential currently uses, at the authorization server (Authorization ' +
			'Server URL of the credential). The next request fetches a new token.',
		name: 'revokeNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { resource: ['accessToken'], operation: ['revoke'] } },
	},
];
