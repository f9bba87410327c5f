import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { checkDocumentId } from '../../fields/common';
import { buildDestinations, destinationsProperties } from '../../fields/recipients';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';

export const option: INodePropertyOptions = {
	name: 'Send for Document',
	value: 'send',
	action: 'Send invitations for a document',
	description: 'Invite signers to one document by e-mail or SMS',
	routing: {
		request: {
			method: 'POST',
			url: '/api/v1/invitations',
			body: { DocumentId: '={{ String($parameter.documentId).trim() }}' },
		},
		send: { preSend: [pairedWithItem(checkDocumentId), pairedWithItem(buildSignerList)] },
		output: { postReceive: [unwrapResponse] },
	},
};

/** The signers, as the v1 endpoint spells them (PascalCase). */
export async function buildSignerList(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const Destinations = buildDestinations(this, 'v1');
	requestOptions.body = { ...(requestOptions.body as object), Destinations };
	return requestOptions;
}

const displayOptions = { show: { resource: ['invitation'], operation: ['send'] } };

/** Shown after the Document ID (shared.ts). */
export const description: INodeProperties[] = updateDisplayOptions(displayOptions, [
	...destinationsProperties('v1'),
]);
