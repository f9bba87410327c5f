/**
 * Invitation → sendBulkReminders (nodes/ESignature/resources/invitation/sendBulkReminders.ts).
 */
import { invitationSuite, jane, UNKNOWN_GUID } from './testing';

const { suite, run, apiRequests } = invitationSuite();

describe('invitation: sendBulkReminders', () => {
	it('sends the reminders as one list, with a null phone where none is given', async () => {
		const first = suite.seedEnvelope({ signers: [jane] });
		const second = suite.seedEnvelope({
			signers: [{ name: 'Sara', email: 'sara@example.com', phone: '+966500000009' }],
		});
		const result = await run({
			operation: 'sendBulkReminders',
			reminders: {
				reminder: [
					{ requestId: first.envelopeId, destinationEmail: 'jane@example.com' },
					{
						requestId: second.envelopeId,
						destinationEmail: ' sara@example.com ',
						destinationPhone: ' +966500000009 ',
					},
				],
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/invitations/bulk/reminders/send');
		expect(request.body).toEqual([
			{
				requestId: first.envelopeId,
				destinationEmail: 'jane@example.com',
				destinationPhone: null,
			},
			{
				requestId: second.envelopeId,
				destinationEmail: 'sara@example.com',
				destinationPhone: '+966500000009',
			},
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.notifications.map((n) => n.to)).toEqual([
			'jane@example.com',
			'sara@example.com',
		]);
	});

	it('takes the list as JSON', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const result = await run({
			operation: 'sendBulkReminders',
			remindersInput: 'json',
			remindersJson: JSON.stringify([
				{ RequestId: envelope.envelopeId, destinationEmail: 'jane@example.com' },
			]),
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual([
			{
				requestId: envelope.envelopeId,
				destinationEmail: 'jane@example.com',
				destinationPhone: null,
			},
		]);
	});

	it('makes error 121 an error although the service answers HTTP 200 with data true', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const result = await run({
			operation: 'sendBulkReminders',
			reminders: {
				reminder: [{ requestId: envelope.envelopeId, destinationEmail: 'stranger@example.com' }],
			},
		});
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(
			'The e-mail address does not belong to a signer of this envelope (error 121)',
		);
		expect(result.error?.description).toContain('The email does not belong to this envelope');
	});

	it.each([
		['no reminders', { reminders: {} }, /Reminders: add at least one reminder/],
		// The interface makes only destinationPhone nullable: a phone alone is not enough.
		[
			'a reminder with a phone but no e-mail',
			// An expression that gives nothing: n8n itself stops an empty required field typed in.
			{
				reminders: {
					reminder: [
						{
							requestId: UNKNOWN_GUID,
							destinationEmail: '={{ $json.missing }}',
							destinationPhone: '+966500000009',
						},
					],
				},
			},
			/^Reminders, reminder 1: Signer Email is required$/,
		],
		[
			'a JSON reminder with a phone but no e-mail',
			{
				remindersInput: 'json',
				remindersJson: JSON.stringify([
					{ requestId: UNKNOWN_GUID, destinationPhone: '+966500000009' },
				]),
			},
			/^Reminders \(JSON\), reminder 1: destinationEmail is required$/,
		],
		[
			'JSON left at its default',
			{ remindersInput: 'json' },
			/^Reminders \(JSON\): add at least one reminder$/,
		],
		[
			'a malformed envelope ID',
			{ reminders: { reminder: [{ requestId: 'x', destinationEmail: 'a@b.co' }] } },
			/Reminders, reminder 1: Envelope ID must be an ID/,
		],
		[
			'a malformed e-mail',
			{ reminders: { reminder: [{ requestId: UNKNOWN_GUID, destinationEmail: 'a@' }] } },
			/Reminders, reminder 1: Signer Email must be an e-mail address/,
		],
		[
			'JSON that is not a list',
			{ remindersInput: 'json', remindersJson: '"x"' },
			/Reminders \(JSON\) must be an array/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'sendBulkReminders', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});
});
