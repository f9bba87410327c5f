import type { IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { MAX_LENGTH } from '../../../../credentials/text';
import { invitationMessageProperty, invitationSubjectProperty } from '../../fields/invitation';
import {
	signersInputProperty,
	signersJsonProperty,
	signersProperty,
} from '../../fields/recipients';
import { buildDestinations } from '../../fields/recipientList';
import { jsonListParameter } from '../../fields/json';
import { checkParameter, inputError, optionalText } from '../../fields/validation';
import { DOCUMENT_ID_SOURCE } from '../../fields/builderHints';
import { addedToBody, sentInBody } from '../shared';

/** The Invitation Message and Subject, checked: an empty one is left out for the service default. */
const checkInvitationMessage = checkParameter(
	'invitationMessage',
	(context, value, fieldLabel) =>
		optionalText(context, value, fieldLabel, MAX_LENGTH.longText, 'multi'),
	'Invitation Message',
);
const checkInvitationSubject = checkParameter(
	'invitationSubject',
	(context, value, fieldLabel) => optionalText(context, value, fieldLabel, MAX_LENGTH.subject),
	'Invitation Subject',
);

/** A text field sent trimmed, and left out when empty (the check, on the same field, refuses what is not text). */
const TRIMMED_OR_LEFT_OUT = '={{ String($value ?? "").trim() || undefined }}';

/** The signers of Get Signing Links and Send and Get Links, as the v2 and v3 endpoints spell them. */
export const buildLinkSignerList = addedToBody('destinations', (context) =>
	buildDestinations(context, 'v2'),
);

/**
 * The signers fields as the endpoints take them (the links' v2 and v3 have more). Like the IDs (../shared.ts), no
 * routing: each operation builds its list.
 */
export const signersInput: INodeProperties = signersInputProperty();
export const linkSigners: INodeProperties = signersProperty('v2');
export const signers: INodeProperties = signersProperty('v1');
export const signersJson: INodeProperties = signersJsonProperty();

export const invitationSubject: INodeProperties = {
	...invitationSubjectProperty(),
	routing: sentInBody('invitationSubject', TRIMMED_OR_LEFT_OUT, checkInvitationSubject),
};

export const invitationMessage: INodeProperties = {
	...invitationMessageProperty(),
	routing: sentInBody('invitationMessage', TRIMMED_OR_LEFT_OUT, checkInvitationMessage),
};

/** A non-empty JSON list parameter. */
export function nonEmptyJsonList(
	context: IExecuteSingleFunctions,
	name: string,
	fieldLabel: string,
	what: string,
): unknown[] {
	const list = jsonListParameter(context, name, fieldLabel, what);
	if (!list.length)
		throw inputError(context, `${fieldLabel}: add at least one ${what.replace(/s$/, '')}`);
	return list;
}

/** The builder hint of the operations that invite or remind the signers of one document. */
export const SIGNERS_OF_A_DOCUMENT =
	`${DOCUMENT_ID_SOURCE} Signers sign in signOrder; ` + '0 means their position in the list.';
