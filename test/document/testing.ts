/**
 * What the tests of the Document resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/document/, and file-name.test.ts for the option all four share): the emulator and
 * harness of the test file (documentSuite) and the check of a download request.
 */
import type { RecordedRequest } from '../emulator';
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

	const { apiRequests: apiCalls, otherPdf: annexPdf } = suite;
	const run = suite.runner('document');

	return { suite, run, apiCalls, annexPdf };
}
