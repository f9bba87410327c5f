/**
 * What the tests of the Envelope resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/envelope/, and the tests that span several operations): the emulator and harness of the
 * test file (envelopeSuite), input items, and checks of the recorded requests.
 */
import type { RecordedRequest } from '../emulator';
import { emulatorSuite, type InputItem } from '../harness';

export { UNKNOWN_GUID, byId } from '../harness';

let referenceCounter = 0;
/** Reference numbers are unique per account: every test takes fresh ones. */
export const reference = (label = 'REF') => `${label}-${Date.now()}-${++referenceCounter}`;

export function expectBearer(request: RecordedRequest) {
	expect(request.headers.authorization).toMatch(/^Bearer \S+$/);
}

export function expectJson(request: RecordedRequest) {
	expect(request.headers['content-type']).toMatch(/^application\/json/);
	expectBearer(request);
}

export function expectMultipart(request: RecordedRequest) {
	expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
	expectBearer(request);
}

/**
 * Registers the hooks of a test file (one emulator and harness for all its tests, recorded requests forgotten before
 * each test) and gives what its tests use: `run` runs the node with resource Envelope, `envelopeCalls` lists the
 * requests to the API.
 */
export function envelopeSuite() {
	const suite = emulatorSuite();

	const { pdfItem, otherPdf } = suite;

	const { apiRequests: envelopeCalls } = suite;

	async function createWebhook(): Promise<string> {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://example.com/esign-hook',
			},
		});
		expect(result.error).toBeUndefined();
		return result.items[0].json.id as string;
	}

	/** An envelope of the demo account, made through the node's own Create operation. */
	async function createEnvelope(files = 1): Promise<{ envelopeId: string; documentId: string }> {
		const binary: InputItem['binary'] = {};
		const names: string[] = [];
		for (let i = 0; i < files; i++) {
			names.push(`file${i}`);
			binary[`file${i}`] = {
				data: suite.emulator.samplePdf,
				fileName: `doc-${i}.pdf`,
				mimeType: 'application/pdf',
			};
		}
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'create',
				inputDataFieldName: names.join(','),
			},
			items: [{ binary }],
		});
		expect(result.error).toBeUndefined();
		suite.emulator.clearRequests();
		return result.items[0].json as { envelopeId: string; documentId: string };
	}

	const run = suite.runner('envelope');

	return { suite, run, envelopeCalls, pdfItem, otherPdf, createWebhook, createEnvelope };
}
