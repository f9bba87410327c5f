import { availableTo, options, routing, sentIdField } from '../kit';
import { SIGNERS_OF_A_DOCUMENT } from './shared';

const INVITATION_ID_SOURCE =
	"destinationId is the ID of one signer's invitation: Invitation → Get Signing Links and Send and Get Links " +
	'output it as id, one item per signer. It is a GUID, not the document or envelope ID.';

const invitationId = sentIdField(
	'Invitation ID',
	'destinationId',
	INVITATION_ID_SOURCE,
	"ID of the signer's invitation: the ID that Invitation → Get Signing Links or Send and Get Links " +
		'outputs for each signer, one item per signer (match them by signOrder or destination). Send for ' +
		'Document, Send for Several Documents and Send for Envelope answer only true, so they give no ID.',
);

export const option = {
	name: 'Extend',
	value: 'extend',
	action: 'Extend an invitation',
	description: "Move a signer's invitation expiry to a later date",
	routing: routing({ method: 'PUT', url: '/api/v1/invitations/extend' }, { idField: invitationId }),
};

export const builderHint = SIGNERS_OF_A_DOCUMENT;

export const description = [
	invitationId,
	availableTo('New expiry of the invitation; must be in the future'),
	options,
];
