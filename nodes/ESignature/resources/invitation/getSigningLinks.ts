import { SIGNERS_OF_A_DOCUMENT, linksDescription, linksRouting } from './shared';

export const option = {
	name: 'Get Signing Links',
	value: 'getSigningLinks',
	action: 'Get signing links',
	description:
		'Add signers to a document and return their signing links, without sending them anything',
	routing: linksRouting('/api/v2/invitations/send'),
};

export const description = linksDescription;

export const builderHint = SIGNERS_OF_A_DOCUMENT;
