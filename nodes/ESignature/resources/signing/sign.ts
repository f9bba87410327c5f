import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { requireGuid } from '../../fields/validation';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildSignerList, signerFields } from './shared';
import { documentId, options, sendsField } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a document',
	description: 'Sign a document directly with the given signer details',
	routing: {
		request: { method: 'POST', url: '/api/v2/sign' },
		send: {
			preSend: [
				sendsField(documentId, requireGuid, { body: 'documentId' }),
				pairedWithItem(buildSignerList),
			],
		},
		output: { postReceive: [unwrapResponse] },
	},
};

export const description: INodeProperties[] = [documentId, ...signerFields, options];
