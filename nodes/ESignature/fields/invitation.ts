import type { INodeProperties } from 'n8n-workflow';

import { MAX_LENGTH } from '../../../credentials/text';
import { textField } from './common';
import { type Rule, optionalText } from './validation';

export const invitationSubjectText = ((context, value, label) =>
	optionalText(context, value, label, MAX_LENGTH.subject)) satisfies Rule;

export const invitationMessageText = ((context, value, label) =>
	optionalText(context, value, label, MAX_LENGTH.longText, 'multi')) satisfies Rule;

export const invitationMessageProperty = (): INodeProperties => ({
	displayName: 'Invitation Message',
	name: 'invitationMessage',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	description:
		'Message shown to the signers in the invitation. Leave empty for the service default.',
});

export const invitationSubjectProperty = () =>
	textField('Invitation Subject', 'invitationSubject', {
		description: 'Subject of the invitation. Leave empty for the service default.',
	});
