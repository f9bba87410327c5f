/**
 * What the tests of the Invitation resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/invitation/): the emulator and harness of the test file (invitationSuite), envelopes made
 * straight in the emulator's state (suite.seedEnvelope), and the signers the tests invite.
 */
import { emulatorSuite } from '../harness';

export { UNKNOWN_GUID } from '../harness';

export const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export const jane = { name: 'Jane Doe', email: 'jane@example.com' };
export const omar = { name: 'Omar Ali', email: 'omar@example.com' };

/**
 * Registers the hooks of a test file (one emulator and harness for all its tests; before each test the recorded
 * requests and notifications are forgotten and the latency is back to none) and gives what its tests use: `run` runs
 * the node with resource Invitation.
 */
export function invitationSuite() {
	const suite = emulatorSuite();
	const { apiRequests } = suite;

	beforeEach(() => {
		suite.emulator.setLatency(0);
		suite.emulator.notifications.length = 0;
	});

	const run = suite.runner('invitation');

	return { suite, run, apiRequests };
}
