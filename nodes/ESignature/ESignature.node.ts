import { type INodeType, type INodeTypeDescription, NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { actionBuilderHint } from './fields/builderHints';
import { searchWebhooks } from './methods/listSearch';
import { operationBuilderHints, operationDeclarations, properties } from './resources';
import { codexWithActions, resourceOperationSubtitle } from './fields/common';
import codex from './ESignature.node.json';
import { sendEachItem } from './routing/itemRequest';
import { customApiCallRefused } from './routing/customApiCall';

export class ESignature implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature',
		name: 'eSignature',
		icon: {
			light: 'file:../../icons/esignature.svg',
			dark: 'file:../../icons/esignature.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: resourceOperationSubtitle(properties),
		codex: codexWithActions(codex, properties),
		documentationUrl: 'https://github.com/esignature-n8n/n8n-nodes-esignature#operations',
		description:
			'Create envelopes, invite signers, sign and download documents with the E-Signature service',
		defaults: { name: 'E-Signature' },
		usableAsTool: true,
		builderHint: actionBuilderHint(operationBuilderHints),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		// No baseURL: the credential sends each request to its environment.
		requestDefaults: {
			headers: { Accept: 'application/json' },
			json: true,
			// Service errors come with HTTP 200 too; 401 throws, so that n8n renews the token and retries.
			ignoreHttpStatusErrors: { ignore: true, except: [401] },
		},
		// The only hook of n8n's routing engine that decides whether and how a request is sent.
		requestOperations: { pagination: sendEachItem(operationDeclarations) },
		properties,
	};

	methods = { listSearch: { searchWebhooks } };

	customOperations = customApiCallRefused(properties);
}
