import type { INodeProperties } from 'n8n-workflow';

import { buildDestinations } from '../../fields/recipientList';
import { requireGuid } from '../../fields/validation';
import { ENVELOPE_ID_SOURCE } from '../../fields/builderHints';
import { invitationMessage, signers, signersInput, signersJson } from './shared';
import { addedToBody, envelopeId, options } from '../shared';
import { routing, sendsField } from '../../routing/itemRequest';

/** No further signers (in either input mode) is sent as [], not left out, for "nobody else". */
const buildFurtherSignerList = addedToBody('destinations', (context) =>
	buildDestinations(context, 'v1Camel', { allowEmpty: true }),
);

export const option = {
	name: 'Send for Envelope',
	value: 'sendForEnvelope',
	action: 'Send invitations for an envelope',
	description: 'Invite the pending signers of an envelope, optionally adding more',
	routing: routing({ method: 'POST', url: '/api/v1/invitations/envelope' }, [
		// In the query and in the body, as the interface has it.
		sendsField(envelopeId, requireGuid, { qs: 'envelopeId', body: 'envelopeId' }),
		buildFurtherSignerList,
	]),
};

export const builderHint = ENVELOPE_ID_SOURCE;

export const keepsInputIds = 'envelopeId';

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
