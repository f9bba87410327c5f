import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchWebhooks } from './methods/listSearch';
import * as webhook from './resources/webhook';

export class ESignature implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature',
		name: 'eSignature',
		icon: { light: 'file:../../icons/esignature.svg', dark: 'file:../../icons/esignature.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create envelopes, invite signers, sign and download documents with the E-Signature service',
		defaults: { name: 'E-Signature' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'eSignatureApi', required: true }],
		requestDefaults: {
			baseURL:
				'={{ ($credentials.environment === "sandbox" ? $credentials.sandboxBaseUrl : $credentials.baseUrl).replace(/\\/+$/, "") }}',
			headers: { Accept: 'application/json' },
			json: true,
			// Service errors often come with HTTP 200 and are read from the body (see shared/errors.ts); other statuses
			// are read the same way. 401 must still throw: that is what makes n8n renew the token and retry.
			ignoreHttpStatusErrors: { ignore: true, except: [401] },
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Webhook', value: 'webhook' },
				],
				default: 'webhook',
			},
			...webhook.description,
		],
	};

	methods = {
		listSearch: { searchWebhooks },
	};
}
