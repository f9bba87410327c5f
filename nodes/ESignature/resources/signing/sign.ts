import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { checkDocumentId, documentIdProperty } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';

export const option: INodePropertyOptions = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a document',
	description: 'Sign a document directly with the given signer details',
	routing: {
		request: { method: 'POST', url: '/api/v2/sign' },
		output: { postReceive: [unwrapResponse] },
	},
};

const displayOptions = { show: { resource: ['signing'], operation: ['sign'] } };

/** Then the signer details and options both signing operations show (sharedFields.ts). */
export const description: INodeProperties[] = updateDisplayOptions(displayOptions, [
	{
		...documentIdProperty(),
		routing: {
			send: {
				type: 'body',
				property: 'documentId',
				value: '={{ String($value).trim() }}',
				preSend: [pairedWithItem(checkDocumentId)],
			},
		},
	},
]);
