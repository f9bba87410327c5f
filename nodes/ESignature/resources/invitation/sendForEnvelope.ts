import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkEnvelopeId } from '../../fields/common';
import { buildDestinations } from '../../fields/recipientList';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { ENVELOPE_ID_SOURCE } from '../../fields/builderHints';
import { invitationMessage, signers, signersInput, signersJson } from './shared';
import { addedToBody, envelopeId, options } from '../shared';

/** Signers besides the pending ones: none (in either input mode) is sent as [], not left out, for "nobody else". */
const buildFurtherSignerList = addedToBody('destinations', (context) =>
	buildDestinations(context, 'v1Camel', { allowEmpty: true }),
);

/** The envelope's ID goes in the query and in the body, as the interface has it. */
export const option: INodePropertyOptions = {
	name: 'Send for Envelope',
	value: 'sendForEnvelope',
	action: 'Send invitations for an envelope',
	description: 'Invite the pending signers of an envelope, optionally adding more',
	routing: {
		request: {
			method: 'POST',
			url: '/api/v1/invitations/envelope',
			qs: { envelopeId: '={{ String($parameter.envelopeId).trim() }}' },
			body: { envelopeId: '={{ String($parameter.envelopeId).trim() }}' },
		},
		send: { preSend: [pairedWithItem(checkEnvelopeId), pairedWithItem(buildFurtherSignerList)] },
		output: { postReceive: [unwrapResponse] },
	},
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const description: INodeProperties[] = [
	envelopeId,
	{
		displayName:
			'Every pending signer of the envelope is invited. Add signers below only to invite further people; ' +
			'leave the list empty to invite just the pending signers.',
		name: 'sendForEnvelopeNotice',
		type: 'notice',
		default: '',
	},
	signersInput,
	signers,
	signersJson,
	invitationMessage,
	options,
];
