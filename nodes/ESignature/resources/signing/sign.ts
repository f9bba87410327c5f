import { documentId, options, routing, sendsId } from '../kit';
import { buildSignerList, signerFields } from './shared';

export const option = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a document',
	description: 'Sign a document directly with the given signer details',
	routing: routing(
		{ method: 'POST', url: '/api/v2/sign' },
		{
			preSend: [sendsId(documentId, { body: 'documentId' }), buildSignerList],
			idField: documentId,
		},
	),
};

export const description = [documentId, ...signerFields, options];
