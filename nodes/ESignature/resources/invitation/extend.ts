import { requireGuid } from '../../fields/validation';
import { SIGNERS_OF_A_DOCUMENT } from './shared';
import { availableTo, options } from '../shared';
import { routing, sentField } from '../../routing/itemRequest';
import { requiredIdField } from '../../fields/common';
import { INVITATION_ID_SOURCE } from '../../fields/builderHints';

export const option = {
	name: 'Extend',
	value: 'extend',
	action: 'Extend an invitation',
	description: "Move a signer's invitation expiry to a later date",
	routing: routing({ method: 'PUT', url: '/api/v1/invitations/extend' }),
};

export const builderHint = SIGNERS_OF_A_DOCUMENT;

export const description = [
	sentField(
		{
			...requiredIdField('Invitation ID', 'destinationId', INVITATION_ID_SOURCE),
			description:
				"ID of the signer's invitation: the ID that Invitation → Get Signing Links or Send and Get Links " +
				'outputs for each signer, one item per signer (match them by signOrder or destination). Send for ' +
				'Document, Send for Several Documents and Send for Envelope answer only true, so they give no ID.',
		},
		requireGuid,
	),
	availableTo('New expiry of the invitation; must be in the future'),
	options,
];
