import { addedToBody, buildDestinations, documentId, options, routing, sendsId } from '../kit';
import { SIGNERS_OF_A_DOCUMENT, signerFields } from './shared';

// The v1 endpoint spells its fields in PascalCase.
const buildSignerList = addedToBody('Destinations', (context) => buildDestinations(context, 'v1'));

export const option = {
	name: 'Send for Document',
	value: 'send',
	action: 'Send invitations for a document',
	description: 'Invite signers to one document by e-mail or SMS',
	routing: routing(
		{ method: 'POST', url: '/api/v1/invitations' },
		{
			preSend: [sendsId(documentId, { body: 'DocumentId' }), buildSignerList],
			idField: documentId,
			keepsInputIds: 'documentId',
		},
	),
};

export const builderHint = SIGNERS_OF_A_DOCUMENT;

export const description = [documentId, ...signerFields, options];
