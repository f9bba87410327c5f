import type {
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	PostReceiveAction,
} from 'n8n-workflow';

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

/** Invitation records can come back out of order: they are output in signing order. */
export const sortBySigneOrder: PostReceiveAction = async function (items) {
	const order = (item: INodeExecutionData) => {
		const value = Number(item.json.signeOrder);
		return Number.isFinite(value) ? value : Number.MAX_SAFE_INTEGER;
	};
	// The sort is stable: records of the same order keep theirs.
	return [...items].sort((a, b) => order(a) - order(b));
};

/** The v2 invitation: the signers get links, nothing is sent. */
export const option: INodePropertyOptions = {
	name: 'Get Signing Links',
	value: 'getSigningLinks',
	action: 'Get signing links',
	description:
		'Add signers to a document and return their signing links, without sending them anything',
	routing: {
		request: {
			method: 'POST',
			url: '/api/v2/invitations/send',
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
