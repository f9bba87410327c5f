import {
	addedToBody,
	buildDestinations,
	ENVELOPE_ID_SOURCE,
	envelopeId,
	type INodeProperties,
	options,
	routing,
	sendsId,
} from '../kit';
import { invitationMessage, signerFields } from './shared';

/** No further signers (in either input mode) is sent as [], not left out, for "nobody else". */
const buildFurtherSignerList = addedToBody('destinations', (context) =>
	buildDestinations(context, 'v1Camel', { allowEmpty: true }),
);

export const option = {
	name: 'Send for Envelope',
	value: 'sendForEnvelope',
	action: 'Send invitations for an envelope',
	description: 'Invite the pending signers of an envelope, optionally adding more',
	routing: routing(
		{ method: 'POST', url: '/api/v1/invitations/envelope' },
		{
			preSend: [
				// In the query and in the body, as the interface has it.
				sendsId(envelopeId, { qs: 'envelopeId', body: 'envelopeId' }),
				buildFurtherSignerList,
			],
			idField: envelopeId,
			keepsInputIds: 'envelopeId',
		},
	),
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
	...signerFields,
	invitationMessage,
	options,
];
