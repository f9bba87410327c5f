/**
 * What the tests of the Signing resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/signing/): the emulator and harness of the test file (signingSuite) and the signer
 * details the tests sign with (Identity Provider Signing's too).
 */
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
 * each test) and gives what its tests use: `run` runs the node with resource Signing.
 */
export function signingSuite() {
	const suite = emulatorSuite();
	const { apiRequests } = suite;

	const run = suite.runner('signing');

	return { suite, run, apiRequests };
}
