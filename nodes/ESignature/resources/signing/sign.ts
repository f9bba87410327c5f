import { requireGuid } from '../../fields/validation';
import { buildSignerList, signerFields } from './shared';
import { documentId, options } from '../shared';
import { routing, sendsField } from '../../routing/itemRequest';

export const option = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a document',
	description: 'Sign a document directly with the given signer details',
	routing: routing({ method: 'POST', url: '/api/v2/sign' }, [
		sendsField(documentId, requireGuid, { body: 'documentId' }),
		buildSignerList,
	]),
};

export const description = [documentId, ...signerFields, options];
