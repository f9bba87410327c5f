import { ENVELOPE_ID_SOURCE, options, requireEmail, routing, sentField, sentIdField } from '../kit';
import { SIGNERS_OF_A_DOCUMENT, signerEmail } from './shared';

const requestId = sentIdField(
	'Envelope ID',
	'requestId',
	ENVELOPE_ID_SOURCE,
	'ID of the envelope (request) the signer was invited to; callbacks call it RequestId',
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
