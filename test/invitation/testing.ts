/**
 * What the tests of the Invitation resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/invitation/): the emulator and harness of the test file (invitationSuite), envelopes made
 * straight in the emulator's state, and the signers the tests invite.
 */
import { type EmulatedEnvelope, newSigner } from '../emulator/state';
import { emulatorSuite } from '../harness';

export { UNKNOWN_GUID } from '../harness';

export const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const jane = { name: 'Jane Doe', email: 'jane@example.com' };
export const omar = { name: 'Omar Ali', email: 'omar@example.com' };

/**
 * Registers the hooks of a test file (one emulator and harness for all its tests; before each test the recorded
 * requests and notifications are forgotten and the latency is back to none) and gives what its tests use: `run` runs
 * the node with resource Invitation, `newEnvelope` makes an envelope of the demo account with these signers.
 */
export function invitationSuite() {
	const suite = emulatorSuite();
	const { apiRequests } = suite;

	beforeEach(() => {
		suite.emulator.setLatency(0);
		suite.emulator.notifications.length = 0;
	});

	function newEnvelope(
		signers: Array<{ name: string; email: string; phone?: string }> = [],
	): EmulatedEnvelope {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const envelope = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		});
		envelope.signers.push(
			...signers.map((signer, index) => newSigner({ ...signer, signeOrder: index + 1 })),
		);
		return envelope;
	}

	const run = suite.runner('invitation');

	return { suite, run, apiRequests, newEnvelope };
}
