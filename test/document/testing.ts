/**
 * What the tests of the Document resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/document/, and file-name.test.ts for the option all four share): the emulator and
 * harness of the test file (documentSuite), envelopes made straight in the emulator's state, and the check of a
 * download request.
 */
import type { EmulatedEnvelope, RecordedRequest } from '../emulator';
import { emulatorSuite } from '../harness';

export function expectDownloadRequest(request: RecordedRequest, path: string) {
	expect(request.method).toBe('GET');
	expect(request.path).toBe(path);
	expect(request.query).toEqual({});
	expect(request.rawBody.length).toBe(0);
	expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
}

/**
 * Registers the hooks of a test file (one emulator and harness for all its tests, recorded requests forgotten before
 * each test) and gives what its tests use: `run` runs the node with resource Document, `apiCalls` lists the requests
 * to the API.
 */
export function documentSuite() {
	const suite = emulatorSuite();

	/** A PDF that differs from the sample, so files can be told apart by their bytes. */
	const annexPdf = () => Buffer.concat([suite.emulator.samplePdf, Buffer.from('\n% annex\n')]);

	/** An envelope of an account, with the given files and signers, straight in the emulator's state. */
	function seedEnvelope(
		files: Array<{ fileName: string; data: Buffer }> = [
			{ fileName: 'contract.pdf', data: suite.emulator.samplePdf },
		],
		accountId = suite.emulator.demo.accountId,
	): EmulatedEnvelope {
		return suite.emulator.state.createEnvelope(suite.emulator.state.account(accountId)!, { files });
	}

	const { apiRequests: apiCalls } = suite;
	const run = suite.runner('document');

	return { suite, run, apiCalls, seedEnvelope, annexPdf };
}
