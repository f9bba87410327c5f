import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { baseUrlOf, CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { isFailedAnswer, serviceErrorFor } from '../shared/errors';

/** Webhooks of the account for the Webhook pickers; the API has no search, so the filter is applied here. */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const response = (await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, {
		method: 'GET',
		url: `${baseUrlOf(credentials)}/api/v1/webhooks`,
		json: true,
	})) as { data?: IDataObject[] | null };
	// Errors arrive with HTTP 200: show them instead of an empty list.
	if (isFailedAnswer(response, 200)) throw serviceErrorFor(this.getNode(), response, 200);
	const needle = (filter ?? '').toLowerCase();
	const results = (response.data ?? [])
		.map((webhook) => ({
			name: `${String(webhook.webhookUrl)}${webhook.isDefault ? ' (default)' : ''}`,
			value: String(webhook.id),
		}))
		.filter((result) => !needle || result.name.toLowerCase().includes(needle) || result.value.includes(needle));
	return { results };
}
