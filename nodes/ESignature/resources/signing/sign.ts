import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { checkDocumentId, documentIdProperty } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildSignerList } from './shared';

export const option: INodePropertyOptions = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a document',
	description: 'Sign a document directly with the given signer details',
	routing: {
		request: {
			method: 'POST',
			url: '/api/v2/sign',
			body: { documentId: '={{ String($parameter.documentId).trim() }}' },
		},
		send: { preSend: [pairedWithItem(checkDocumentId), pairedWithItem(buildSignerList)] },
		output: { postReceive: [unwrapResponse] },
	},
};

const displayOptions = { show: { resource: ['signing'], operation: ['sign'] } };

/** Then the signer details and options both signing operations show (shared.ts). */
export const description: INodeProperties[] = updateDisplayOptions(displayOptions, [
	documentIdProperty(),
]);
