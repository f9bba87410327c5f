/**
 * Invitation → sendReminder (nodes/ESignature/resources/invitation/sendReminder.ts).
 */
import { invitationSuite, jane, UNKNOWN_GUID } from './testing';

const { suite, run, apiRequests } = invitationSuite();

describe('invitation: sendReminder', () => {
	it('reminds a signer', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const result = await run({
			operation: 'sendReminder',
			requestId: envelope.envelopeId,
			destinationEmail: ' jane@example.com ',
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/invitations/reminders/send');
		expect(request.body).toEqual({
			requestId: envelope.envelopeId,
			destinationEmail: 'jane@example.com',
		});
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.notifications.map((n) => [n.kind, n.to])).toEqual([
			['reminder', 'jane@example.com'],
		]);
	});

	it.each([
		[
			'a malformed e-mail',
			{ requestId: UNKNOWN_GUID, destinationEmail: 'jane' },
			/Signer Email must be an e-mail address/,
		],
		[
			'a malformed envelope ID',
			{ requestId: '123', destinationEmail: 'jane@example.com' },
			/Envelope ID must be an ID/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'sendReminder', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports an e-mail that is not in the envelope (error 121)', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const result = await run({
			operation: 'sendReminder',
			requestId: envelope.envelopeId,
			destinationEmail: 'omar@example.com',
		});
		expect(result.error?.message).toBe(
			'The e-mail address does not belong to a signer of this envelope (error 121)',
		);
	});
});
