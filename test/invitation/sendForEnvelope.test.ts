/**
 * Invitation → sendForEnvelope (nodes/ESignature/resources/invitation/sendForEnvelope.ts).
 */
import { invitationSuite, jane, omar } from './testing';

const { suite, run, apiRequests } = invitationSuite();

describe('invitation: sendForEnvelope', () => {
	it('invites only the pending signers when no signers are given', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane, omar] });
		const result = await run({
			operation: 'sendForEnvelope',
			envelopeId: envelope.envelopeId,
			invitationMessage: 'Please sign',
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/invitations/envelope');
		expect(request.query).toEqual({ envelopeId: envelope.envelopeId });
		expect(request.body).toEqual({
			envelopeId: envelope.envelopeId,
			destinations: [],
			invitationMessage: 'Please sign',
		});
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.notifications.map((n) => [n.to, n.message])).toEqual([
			['jane@example.com', 'Please sign'],
			['omar@example.com', 'Please sign'],
		]);
	});

	it('adds the given signers in camelCase and omits an empty message', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const result = await run({
			operation: 'sendForEnvelope',
			envelopeId: envelope.envelopeId,
			destinations: { destination: [{ ...omar, signOrder: 2 }] },
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			envelopeId: envelope.envelopeId,
			destinations: [
				{
					destinationName: 'Omar Ali',
					destinationEmail: 'omar@example.com',
					signeOrder: 2,
					authenticationType: 0,
				},
			],
		});
		expect(suite.emulator.notifications.map((n) => n.to)).toEqual([
			'jane@example.com',
			'omar@example.com',
		]);
	});

	it.each([
		['an empty JSON list', { destinationsJson: '[]' }],
		['the JSON field left at its default', {}],
		['an empty JSON field', { destinationsJson: '' }],
	])('treats %s as no further signers', async (_case, parameters) => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const result = await run({
			operation: 'sendForEnvelope',
			envelopeId: envelope.envelopeId,
			destinationsInput: 'json',
			...parameters,
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({ envelopeId: envelope.envelopeId, destinations: [] });
		expect(suite.emulator.notifications.map((n) => n.to)).toEqual(['jane@example.com']);
	});

	it('adds signers given as JSON, checked like the fields', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const added = await run({
			operation: 'sendForEnvelope',
			envelopeId: envelope.envelopeId,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify([
				{ DestinationName: 'Omar Ali', DestinationEmail: 'omar@example.com' },
			]),
		});
		expect(added.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			envelopeId: envelope.envelopeId,
			destinations: [
				{ destinationName: 'Omar Ali', destinationEmail: 'omar@example.com', signeOrder: 1 },
			],
		});
		suite.emulator.clearRequests();
		const refused = await run({
			operation: 'sendForEnvelope',
			envelopeId: envelope.envelopeId,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify([
				{ destinationName: 'Omar Ali', destinationEmail: 'omar@' },
			]),
		});
		expect(refused.error?.message).toBe(
			'Signers, signer 1: Email must be an e-mail address, got "omar@"',
		);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('refuses a malformed envelope ID before sending', async () => {
		const result = await run({ operation: 'sendForEnvelope', envelopeId: 'abc' });
		expect(result.error?.message).toMatch(/Envelope ID must be an ID/);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports an envelope without pending signers (error 100)', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({ operation: 'sendForEnvelope', envelopeId: envelope.envelopeId });
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
	});
});
