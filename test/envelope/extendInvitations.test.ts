/**
 * Extend Invitations (extendInvitations.ts): a new Available To date for the envelope's pending signers.
 */
import { envelopeSuite, expectJson } from './testing';

const { suite, run, envelopeCalls, pdfItem } = envelopeSuite();

describe('envelope: extendInvitations', () => {
	async function invitedEnvelope(): Promise<string> {
		const result = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
			},
			[pdfItem()],
		);
		suite.emulator.clearRequests();
		return result.items[0].json.envelopeId as string;
	}

	it('puts {envelopeId, availableTo} with the date in ISO 8601 UTC', async () => {
		const envelopeId = await invitedEnvelope();
		const result = await run({
			operation: 'extendInvitations',
			envelopeId,
			availableTo: '2099-01-31T20:00:00+03:00',
		});

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/api/v1/envelopes/extend-invitations');
		expectJson(request);
		expect(request.body).toEqual({ envelopeId, availableTo: '2099-01-31T17:00:00Z' });
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.envelope(envelopeId)!.signers[0].availableTo?.toISOString()).toBe(
			'2099-01-31T17:00:00.000Z',
		);
	});

	it("reads a date without offset (as n8n's date picker gives it) in the workflow's timezone", async () => {
		const envelopeId = await invitedEnvelope();
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'extendInvitations',
				envelopeId,
				availableTo: '2099-01-31T20:00:00',
			},
			timezone: 'Asia/Riyadh',
		});
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ envelopeId, availableTo: '2099-01-31T17:00:00Z' });
	});

	it('sends a date an expression gives as a date (not text) in ISO 8601 UTC too', async () => {
		const envelopeId = await invitedEnvelope();
		const result = await run({
			operation: 'extendInvitations',
			envelopeId,
			availableTo: "={{ DateTime.fromISO('2099-01-31T20:00:00', { zone: 'Asia/Riyadh' }) }}",
		});
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ envelopeId, availableTo: '2099-01-31T17:00:00Z' });
	});

	it('refuses a past date and a date that is not one, before sending', async () => {
		const envelopeId = await invitedEnvelope();
		const past = await run({
			operation: 'extendInvitations',
			envelopeId,
			availableTo: '2020-01-01T00:00:00Z',
		});
		expect(past.error?.message).toBe(
			'Available To is in the past (2020-01-01T00:00:00.000Z): choose a future date',
		);
		const invalid = await run({
			operation: 'extendInvitations',
			envelopeId,
			availableTo: 'next week',
		});
		expect(invalid.error?.message).toBe('Available To is not a valid date: "next week"');
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports error 16 when the date has passed by the time the service reads it (HTTP 200, data false)', async () => {
		const envelopeId = await invitedEnvelope();
		const soon = new Date(Date.now() + 1500).toISOString();
		suite.emulator.setLatency(2500);
		try {
			const result = await run({ operation: 'extendInvitations', envelopeId, availableTo: soon });
			expect(envelopeCalls()).toHaveLength(1);
			expect(result.error?.message).toBe('The "Available To" date is in the past (error 16)');
			expect(result.error?.description).toBe('Service message: AvailableTo is in the past');
			expect((result.error as unknown as { httpCode: string }).httpCode).toBe('16');
		} finally {
			suite.emulator.setLatency(0);
		}
	});
});
