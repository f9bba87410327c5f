/**
 * Callback delivery (events.ts): which webhook an envelope's callback goes to, and deliveries that fail. The callback
 * of a signing is tested with POST /api/v2/sign (routes/signing.test.ts), logs and recall in routes/webhooks.test.ts.
 */
import {
	call,
	createEnvelope,
	createWebhook,
	emu,
	getWithBody,
	invite,
	receiverForEachTest,
	startReceiver,
	useEmulator,
} from './testing';

useEmulator();

describe('callback delivery', () => {
	const receiver = receiverForEachTest();

	it("uses the envelope's webhook over the default, and the first-created default otherwise", async () => {
		const other = await startReceiver();
		try {
			await createWebhook(receiver.url, 'default-1', true);
			await createWebhook(other.url, 'default-2', true);
			const plain = await createEnvelope();
			await emu.sign(plain.envelopeId);
			expect(receiver.received).toHaveLength(1);
			expect(other.received).toHaveLength(0);
			const ownId = await createWebhook(other.url, 'own', false);
			const own = await createEnvelope({ webhookId: ownId });
			await emu.sign(own.envelopeId);
			expect(other.received).toHaveLength(1);
			expect(other.received[0].headers.authorization).toBe('own');
			// deleting the envelope's webhook falls back to the default
			const fallback = await createEnvelope({ webhookId: ownId });
			await call('DELETE', `/api/v1/webhooks/${ownId}`);
			await invite(fallback.documentId, 'x@example.com');
			await emu.reject(fallback.envelopeId, 'x@example.com', 'Wrong amount');
			expect(receiver.received).toHaveLength(2);
			expect(receiver.received[1].body).toMatchObject({
				Status: 2,
				Signatory: [expect.objectContaining({ Status: 'REJECTED', RejectReason: 'Wrong amount' })],
			});
			expect(emu.envelope(fallback.envelopeId)!.status).toBe('Rejected');
		} finally {
			await other.close();
		}
	});

	it('sends a signer as given: what the invitation did not say (gender, nationality, Arabic name, phone) is null', async () => {
		await createWebhook(receiver.url, 'token');
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'x@example.com');
		await emu.sign(envelopeId);
		expect(receiver.received).toHaveLength(1);
		const [signer] = receiver.received[0].body.Signatory;
		expect(signer).toMatchObject({ Email: 'x@example.com', SignOrder: 1, Status: 'SIGNED' });
		expect(signer).toMatchObject({
			FullNameAr: null,
			NationalId: null,
			PhoneNumber: null,
			Gender: null,
			Nationlity: null,
			RejectReason: null,
		});
	});

	it('logs network failures with httpStatusCode 0', async () => {
		await receiver.close();
		await createWebhook(receiver.url, '');
		const { envelopeId } = await createEnvelope();
		await emu.sign(envelopeId);
		expect(emu.deliveries[0]).toMatchObject({ ok: false, httpStatusCode: 0 });
		expect(emu.deliveries[0].headers).not.toHaveProperty('authorization');
		const logs = await getWithBody('/api/v1/webhooks/logs', { requestId: envelopeId });
		expect(logs.json.data[0]).toMatchObject({
			webhookStatus: 'FAILEDFROMCLIENT (4)',
			httpStatusCode: 0,
			reasons: expect.stringMatching(/.+/),
		});
	});
});
