/**
 * Bad input to the Invitation operations,
 * each refused with an error naming the field and nothing sent:
 * run by ./invitation.test.ts, counted by ./coverage.test.ts.
 */
import {
	FUTURE,
	GUID,
	long,
	type RefusedCase,
	signer,
	signersFields,
	signersJson,
	V,
	ZERO_GUID,
} from '../testing';

export const invitationCases: RefusedCase[] = [
	// Invitation
	[
		'send: the all-zero Document ID',
		{ operation: 'invitation:send', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	[
		'send: JSON signer Name as an object',
		{
			operation: 'invitation:send',
			parameters: signersJson(
				JSON.stringify([
					{ destinationName: { first: 'Jane' }, destinationEmail: 'jane@example.com' },
				]),
			),
		},
		/^Signers, signer 1: Name must be text, got an object/,
	],
	[
		'send: JSON signers that are not a list',
		{ operation: 'invitation:send', parameters: signersJson('{"destinationName": "Jane"}') },
		'Signers (JSON) must be an array of signers',
	],
	[
		'send: a JSON signer that is text',
		{ operation: 'invitation:send', parameters: signersJson('["Jane Doe"]') },
		'Signers, signer 1 must be an object',
	],
	[
		'send: a bad phone under the Fields mode label',
		{
			operation: 'invitation:send',
			parameters: signersJson(JSON.stringify([{ Name: 'Jane', 'Phone Number': 'none' }])),
		},
		/^Signers, signer 1: Phone Number must be a phone number/,
	],
	[
		'send: a Sign Order collision in JSON',
		{
			operation: 'invitation:send',
			parameters: signersJson(
				JSON.stringify([
					{ name: 'A', email: 'a@example.com' },
					{ name: 'B', email: 'b@example.com', 'Sign Order': 1 },
				]),
			),
		},
		'Signers, signer 1: Sign Order is 0, which means its position 1, but signer 2 was given Sign Order 1',
	],
	[
		'send: JSON that does not parse',
		{ operation: 'invitation:send', parameters: signersJson('[{"name": "Jane"') },
		/^Signers \(JSON\) is not valid JSON/,
	],
	[
		'sendBulk: Document IDs as an object',
		{ operation: 'invitation:sendBulk', parameters: { documentIds: V }, v: { id: GUID } },
		/^Document IDs must be text, got an object/,
	],
	[
		'sendBulk: the all-zero ID among Document IDs',
		{ operation: 'invitation:sendBulk', parameters: { documentIds: `${GUID}, ${ZERO_GUID}` } },
		/^Document IDs, ID 2 is the empty ID/,
	],
	[
		'sendBulk: a list of Document IDs with an object',
		{ operation: 'invitation:sendBulk', parameters: { documentIds: V }, v: [GUID, { id: GUID }] },
		/^Document IDs, ID 2 must be text, got an object/,
	],
	[
		'sendBulk: JSON entry without signers',
		{
			operation: 'invitation:sendBulk',
			parameters: {
				bulkInput: 'json',
				bulkJson: JSON.stringify([{ documentId: GUID, destinations: [] }]),
			},
		},
		'Invitations (JSON), document 1: destinations must be a non-empty array of signers',
	],
	[
		'sendForEnvelope: the all-zero Envelope ID',
		{ operation: 'invitation:sendForEnvelope', parameters: { envelopeId: ZERO_GUID } },
		/^Envelope ID is the empty ID/,
	],
	[
		'sendForEnvelope: a 5,000-character Invitation Message',
		{
			operation: 'invitation:sendForEnvelope',
			parameters: { invitationMessage: V },
			v: long(5000),
		},
		'Invitation Message is too long: 5,000 characters, at most 4,000',
	],
	[
		'extend: the all-zero Invitation ID',
		{ operation: 'invitation:extend', parameters: { destinationId: ZERO_GUID } },
		/^Invitation ID is the empty ID/,
	],
	[
		'extend: Available To as a list',
		{ operation: 'invitation:extend', parameters: { availableTo: V }, v: [FUTURE] },
		/^Available To must be a date, got a list/,
	],
	[
		'sendReminder: Signer Email as an object',
		{
			operation: 'invitation:sendReminder',
			parameters: { destinationEmail: V },
			v: { email: 'jane@example.com' },
		},
		/^Signer Email must be text, got an object/,
	],
	[
		'sendReminder: the all-zero Envelope ID',
		{ operation: 'invitation:sendReminder', parameters: { requestId: ZERO_GUID } },
		/^Envelope ID is the empty ID/,
	],
	[
		'sendBulkReminders: a Signer Phone of words',
		{
			operation: 'invitation:sendBulkReminders',
			parameters: {
				reminders: {
					reminder: [
						{ requestId: GUID, destinationEmail: 'jane@example.com', destinationPhone: 'unknown' },
					],
				},
			},
		},
		/^Reminders, reminder 1: Signer Phone must be a phone number/,
	],
	[
		'sendBulkReminders: a 300-character Signer Email',
		{
			operation: 'invitation:sendBulkReminders',
			parameters: {
				reminders: {
					reminder: [{ requestId: GUID, destinationEmail: `${long(290)}@example.com` }],
				},
			},
		},
		'Reminders, reminder 1: Signer Email is too long: 302 characters, at most 254',
	],
	[
		'sendBulkReminders: a JSON requestId that is a number',
		{
			operation: 'invitation:sendBulkReminders',
			parameters: {
				remindersInput: 'json',
				remindersJson: JSON.stringify([{ requestId: 42, destinationEmail: 'jane@example.com' }]),
			},
		},
		'Reminders (JSON), reminder 1: requestId must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got "42"',
	],
	[
		'getSigningLinks: Recipient Type -1',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, destinationType: V }),
			v: -1,
		},
		'Signers, signer 1: Recipient Type must be one of Creator (0), Signer (1), CC (2), Reviewer (3), Department (4), by name or number; got "-1"',
	],
	[
		'getSigningLinks: Invitation Language 1.5',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, invitationLanguage: V }),
			v: 1.5,
		},
		'Signers, signer 1: Invitation Language must be one of Arabic (1), English (2), by name or number; got "1.5"',
	],
	[
		'getSigningLinks: a Redirect URL that is not http',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, options: { redirectUrl: 'javascript:alert(1)' } }),
		},
		'Signers, signer 1: Redirect URL must be an http:// or https:// URL, got one starting with "javascript:"',
	],
	[
		'getSigningLinks: a 3,000-character Redirect URL',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, options: { redirectUrl: V } }),
			v: `https://example.com/${long(3000)}`,
		},
		'Signers, signer 1: Redirect URL is too long: 3,020 characters, at most 2,048',
	],
	[
		'getSigningLinks: a 300-character Invitation Subject',
		{ operation: 'invitation:getSigningLinks', parameters: { invitationSubject: V }, v: long(300) },
		'Invitation Subject is too long: 300 characters, at most 255',
	],
	[
		'getSigningLinks: Allow Adding Recipients as "x"',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, options: { allowUserToAddDestination: V } }),
			v: 'x',
		},
		'Signers, signer 1: Allow Adding Recipients must be true or false, got a string: x',
	],
	[
		'sendWithLinks: Consent Only as an object',
		{
			operation: 'invitation:sendWithLinks',
			parameters: signersFields({ ...signer, options: { consentOnly: V } }),
			v: { yes: true },
		},
		/^Signers, signer 1: Consent Only must be true or false, got an object/,
	],
	[
		'sendWithLinks: a 1,000,000-character JSON signer name',
		{
			operation: 'invitation:sendWithLinks',
			parameters: signersJson(
				JSON.stringify([
					{ destinationName: long(1_000_000), destinationEmail: 'jane@example.com' },
				]),
			),
		},
		'Signers, signer 1: Name is too long: 1,000,000 characters, at most 256',
	],
];
