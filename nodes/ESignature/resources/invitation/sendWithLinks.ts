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

export const handsOutSigningLinks = true;

export const builderHint = SIGNERS_OF_A_DOCUMENT;
