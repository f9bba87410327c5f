/**
 * Cancel (cancel.ts).
 */
import { envelopeSuite, expectJson } from './testing';

const { suite, run, envelopeCalls, createEnvelope } = envelopeSuite();

describe('envelope: cancel', () => {
	it('posts {envelopId} (spelled so) to the envelope path and outputs success', async () => {
		const { envelopeId } = await createEnvelope();
		const result = await run({ operation: 'cancel', envelopeId });

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(`/api/v1/envelopes/${envelopeId}/cancel`);
		expectJson(request);
		expect(request.body).toEqual({ envelopId: envelopeId });
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.envelope(envelopeId)!.status).toBe('Cancelled');
	});

	it('reports cancelling a completed envelope (error 100, HTTP 400)', async () => {
		const { envelopeId } = await createEnvelope();
		await suite.emulator.sign(envelopeId);
		const result = await run({ operation: 'cancel', envelopeId });
		expect(result.error?.message).toBe(
			'The service could not cancel the envelope: a completed envelope cannot be cancelled (error 100)',
		);
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('100');
	});

	it("words error 100 in cancel.ts's routing only: Get Status keeps the service's general meaning", async () => {
		const { envelopeId } = await createEnvelope();
		const answer = { data: null, errorCode: 100, message: 'Failed', returnUrl: null };
		suite.emulator.failNext(1, 200, answer);
		const getStatus = await run({ operation: 'getStatus', envelopeId });
		expect(getStatus.error?.message).toBe(
			'The service could not complete the operation (error 100)',
		);
		suite.emulator.failNext(1, 200, answer);
		const cancel = await run({ operation: 'cancel', envelopeId });
		expect(cancel.error?.message).toBe(
			'The service could not cancel the envelope: a completed envelope cannot be cancelled (error 100)',
		);
	});

	it('cancels several envelopes, one per item, and reports the bad one with continue on fail', async () => {
		const a = await createEnvelope();
		const b = await createEnvelope();
		const result = await run(
			{ operation: 'cancel', envelopeId: '={{ $json.id }}' },
			[{ json: { id: a.envelopeId } }, { json: { id: 'nope' } }, { json: { id: b.envelopeId } }],
			true,
		);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toEqual({ success: true, message: 'Success' });
		expect(result.items[1].json.error).toMatch(/^Envelope ID must be an ID like/);
		expect(result.items[2].json).toEqual({ success: true, message: 'Success' });
		expect(envelopeCalls()).toHaveLength(2);
		expect(suite.emulator.envelope(b.envelopeId)!.status).toBe('Cancelled');
	});
});
