/**
 * Callbacks the E-Signature Trigger accepts, for the figures that send them (4 and 5): a completed envelope's, as the
 * service sends it. The trigger confirms every callback with the service (the envelope's status and its signed file,
 * docs/security.md#callbacks), so a made-up RequestId is answered 409 and starts nothing.
 */
import type { Emulator } from '../emulator';
import { newSigner } from '../emulator/state';

/** A new envelope with this document, signed at the emulator without any webhook called: its callback's body. */
export async function completedCallback(emulator: Emulator, pdf: Buffer, reference: string): Promise<string> {
	const account = emulator.state.account(emulator.demo.accountId)!;
	const envelope = emulator.state.createEnvelope(account, { files: [{ fileName: 'contract.pdf', data: pdf }], referenceNumber: reference });
	if (emulator.state.callbackTarget(envelope)) throw new Error('The account has a default webhook: it would receive the bench envelopes too');
	envelope.signers.push(newSigner({ name: 'Jane Doe', email: 'jane@example.com', signeOrder: 1, invited: true }));
	envelope.invitationsSent = true;
	await emulator.sign(envelope.envelopeId);
	return JSON.stringify(envelope.lastCallback);
}
