import { SIGNERS_OF_A_DOCUMENT, linksDescription, linksRouting } from './shared';

export const option = {
	name: 'Send and Get Links',
	value: 'sendWithLinks',
	action: 'Send invitations and get signing links',
	description: 'Invite signers to a document by e-mail or SMS and also return their signing links',
	routing: linksRouting('/api/v3/invitations/send'),
};

export const description = linksDescription;

export const builderHint = SIGNERS_OF_A_DOCUMENT;
