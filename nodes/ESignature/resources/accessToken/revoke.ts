import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

const properties: INodeProperties[] = [
	{
		displayName:
			'Revokes the access token the credential currently uses, at the authorization server (Authorization Server URL of the credential). The next request fetches a new token.',
		name: 'revokeNotice',
		type: 'notice',
		default: '',
	},
];

const displayOptions = { show: { resource: ['accessToken'], operation: ['revoke'] } };

export const description = updateDisplayOptions(displayOptions, properties);
