import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkDocumentId } from '../../fields/common';
import { simplifyOutput, unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import {
	SIGNERS_OF_A_DOCUMENT,
	buildLinkSignerList,
	invitationMessage,
	invitationSubject,
	linkSigners,
	signersInput,
	signersJson,
} from './shared';
import { documentId, options, simplify } from '../shared';
import { sortBySigneOrder } from './getSigningLinks';

/** The v3 invitation: the signers are invited and get links. */
export const option: INodePropertyOptions = {
	name: 'Send and Get Links',
	value: 'sendWithLinks',
	action: 'Send invitations and get signing links',
	description: 'Invite signers to a document by e-mail or SMS and also return their signing links',
	routing: {
		request: {
			method: 'POST',
			url: '/api/v3/invitations/send',
			body: { documentId: '={{ String($parameter.documentId).trim() }}' },
		},
		send: { preSend: [pairedWithItem(checkDocumentId), pairedWithItem(buildLinkSignerList)] },
		output: { postReceive: [unwrapResponse, sortBySigneOrder, simplifyOutput] },
	},
};

/** Its fields, in the order the editor shows them (resources/index.ts shows each for the operations listing it). */
export const description: INodeProperties[] = [
	documentId,
	signersInput,
	linkSigners,
	signersJson,
	invitationSubject,
	invitationMessage,
	simplify,
	options,
];

/** As an AI tool its answer keeps the signing links: handing them out is what it is for. */
export const handsOutSigningLinks = true;

/** What n8n's AI builders read in this operation's type (docs/n8n-notes.md#builder-hints). */
export const builderHint = SIGNERS_OF_A_DOCUMENT;
