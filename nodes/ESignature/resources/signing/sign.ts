import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkDocumentId } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildSignerList, signerFields } from './shared';
import { documentId, options } from '../shared';

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

export const description: INodeProperties[] = [documentId, ...signerFields, options];
