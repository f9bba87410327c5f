import {
	ENVELOPE_ID_SOURCE,
	options,
	requiredIdField,
	requireEmail,
	requireGuid,
	routing,
	sentField,
} from '../kit';
import { SIGNERS_OF_A_DOCUMENT, signerEmail } from './shared';

const requestId = sentField(
	{
		...requiredIdField('Envelope ID', 'requestId', ENVELOPE_ID_SOURCE),
		description:
			'ID of the envelope (request) the signer was invited to; callbacks call it RequestId',
	},
	requireGuid,
);

export const option = {
	name: 'Remind Signer',
	value: 'sendReminder',
	action: 'Remind a signer',
	description: 'Remind one signer through the channel of the original invitation',
	routing: routing(
		{ method: 'POST', url: '/api/v1/invitations/reminders/send' },
		{ idField: requestId },
	),
};

export const builderHint = SIGNERS_OF_A_DOCUMENT;

export const description = [
	requestId,
	sentField(
		{
			...signerEmail,
			description:
				'E-mail address of the signer to remind. The reminder goes out the way the invitation did.',
		},
		requireEmail,
	),
	options,
];
