/**
 * Invitation → extend (nodes/ESignature/resources/invitation/extend.ts).
 */
import { inFuture, invitationSuite, jane, UNKNOWN_GUID } from './testing';

const { suite, run, apiRequests } = invitationSuite();

describe('invitation: extend', () => {
	it('sends the new expiry as ISO 8601 UTC', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		const [signer] = envelope.signers;
		const result = await run({
			operation: 'extend',
			destinationId: signer.destinationId,
			availableTo: '2099-03-01T10:00:00+03:00',
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/api/v1/invitations/extend');
		expect(request.body).toEqual({
			destinationId: signer.destinationId,
			availableTo: '2099-03-01T07:00:00Z',
		});
		expect(signer.availableTo?.toISOString()).toBe('2099-03-01T07:00:00.000Z');
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
	});

	it.each([
		[
			'a date in the past',
			{ destinationId: UNKNOWN_GUID, availableTo: '2020-01-01T00:00:00Z' },
			/Available To is in the past/,
		],
		// An expression that gives nothing: n8n itself stops an empty required field typed in.
		[
			'no date',
			{ destinationId: UNKNOWN_GUID, availableTo: '={{ $json.missing }}' },
			/Available To is required/,
		],
		[
			'a date that is not one',
			{ destinationId: UNKNOWN_GUID, availableTo: 'next tuesday' },
			/Available To is not a valid date/,
		],
		[
			'a malformed invitation ID',
			{ destinationId: 'x', availableTo: inFuture(1) },
			/Invitation ID must be an ID/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'extend', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports error 16 when the date has passed by the time the service reads it', async () => {
		const envelope = suite.seedEnvelope({ signers: [jane] });
		// Accepted by the node (still in the future) but past when the slowed-down service checks it.
		suite.emulator.setLatency(1500);
		const result = await run({
			operation: 'extend',
			destinationId: envelope.signers[0].destinationId,
			availableTo: new Date(Date.now() + 1000).toISOString(),
		});
		expect(apiRequests()).toHaveLength(1);
		expect(result.error?.message).toBe('The "Available To" date is in the past (error 16)');
		expect(result.error?.description).toContain('AvailableTo is in the past');
		expect(envelope.signers[0].availableTo).toBeNull();
	});

	it('reports an unknown invitation', async () => {
		const result = await run({
			operation: 'extend',
			destinationId: UNKNOWN_GUID,
			availableTo: inFuture(3),
		});
		expect(result.error?.message).toBe(`Invitation ID "${UNKNOWN_GUID}" was not found (error 404)`);
	});
});
