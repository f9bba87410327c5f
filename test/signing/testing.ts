/**
 * What the tests of the Signing resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/signing/): the emulator and harness of the test file (signingSuite), envelopes made
 * straight in the emulator's state, and the signer details the tests sign with (Identity Provider Signing's too).
 */
import type { EmulatedEnvelope } from '../emulator';
import { newSigner } from '../emulator/state';
import { emulatorSuite } from '../harness';

export const jane = {
	firstNameEnglish: 'Jane',
	familyNameEnglish: 'Doe',
	emailAddress: 'jane@example.com',
};
export const janeFull = {
	...jane,
	secondNameEnglish: 'Mary',
	firstNameArabic: 'جين',
	familyNameArabic: 'دو',
	nationalId: '1000000001',
	mobileNumber: '+966500000001',
	authType: 'SMS',
};

/**
 * Registers the hooks of a test file (one emulator and harness for all its tests, recorded requests forgotten before
 * each test) and gives what its tests use: `run` runs the node with resource Signing, `newEnvelope` makes an envelope
 * of the demo account with signers of these e-mail addresses.
 */
export function signingSuite() {
	const suite = emulatorSuite();
	const { apiRequests } = suite;

	function newEnvelope(emails: string[] = []): EmulatedEnvelope {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const envelope = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		});
		envelope.signers.push(
			...emails.map((email, index) => newSigner({ name: email, email, signeOrder: index + 1 })),
		);
		return envelope;
	}

	const run = suite.runner('signing');

	return { suite, run, apiRequests, newEnvelope };
}
