import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { baseUrlOf } from '../../../credentials/accessToken';

/** Webhooks of the account for the Webhook pickers; the API has no search, so the filter is applied here. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const credentials = await this.getCredentials('eSignatureApi');
	const response = (await this.helpers.httpRequestWithAuthentication.call(this, 'eSignatureApi', {
		method: 'GET',
		url: `${baseUrlOf(credentials)}/api/v1/webhooks`,
		json: true,
	})) as { data?: IDataObject[] | null };
	const needle = (filter ?? '').toLowerCase();
	const results = (response.data ?? [])
		.map((webhook) => ({
			name: `${String(webhook.webhookUrl)}${webhook.isDefault ? ' (default)' : ''}`,
			value: String(webhook.id),
		}))
		.filter((result) => !needle || result.name.toLowerCase().includes(needle) || result.value.includes(needle));
	return { results };
}
