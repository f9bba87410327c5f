/**
 * Document → Get Content: the Base64 content of a document (nodes/ESignature/resources/document/getContent.ts).
 */
import { emulatorCredentials } from '../harness';
import { documentSuite, expectDownloadRequest } from './testing';

const { suite, run, apiCalls, annexPdf } = documentSuite();

describe('document: getContent (Base64 answer)', () => {
	it('turns the Base64 content into a binary', async () => {
		const envelope = suite.seedEnvelope({ files: [{ fileName: 'draft.pdf', data: annexPdf() }] });
		const result = await run({ operation: 'getContent', documentId: envelope.documentId });

		expect(result.error).toBeUndefined();
		expectDownloadRequest(apiCalls()[0], `/api/v1/documents/${envelope.documentId}/content-base64`);
		expect(result.items[0].json).toMatchObject({
			documentId: envelope.documentId,
			fileName: 'draft.pdf',
			mimeType: 'application/pdf',
		});
		expect((await result.binary(0, 'data')).equals(annexPdf())).toBe(true);
	});

	it('reports a document of another account (error 14) when read with that account’s credential', async () => {
		const other = suite.emulator.addAccount();
		suite.harness.setCredentials(
			emulatorCredentials(suite.emulator, 'integration', {
				clientId: other.clientId,
				clientSecret: other.clientSecret,
				username: other.username,
				password: other.password,
				accountId: other.accountId,
				accountSecret: other.accountSecret,
			}),
			'cred-2',
		);
		const demoDocument = suite.seedEnvelope();
		const ownDocument = suite.seedEnvelope({
			files: [{ fileName: 'mine.pdf', data: suite.emulator.samplePdf }],
			accountId: other.accountId,
		});

		const denied = await run(
			{ operation: 'getContent', documentId: demoDocument.documentId },
			undefined,
			{
				credentialId: 'cred-2',
			},
		);
		expect(denied.error?.message).toBe(
			`Document ID "${demoDocument.documentId}" was not found (error 14)`,
		);
		expect(denied.error?.description).toMatch(/^Service message: The user is unauthorized\n/);
		expect((denied.error as unknown as { httpCode: string }).httpCode).toBe('14');

		const allowed = await run(
			{ operation: 'getContent', documentId: ownDocument.documentId },
			undefined,
			{
				credentialId: 'cred-2',
			},
		);
		expect(allowed.error).toBeUndefined();
		expect(allowed.items[0].json.fileName).toBe('mine.pdf');
		// Both calls went out with the second credential, as the second account.
		const tokens = new Set(apiCalls().map((r) => r.headers.authorization));
		expect(tokens.size).toBe(1);
		expect(apiCalls().every((r) => r.account === other.accountId)).toBe(true);
	});

	it('continues on fail with one unauthorized and one readable document', async () => {
		const other = suite.emulator.addAccount();
		const foreign = suite.seedEnvelope({ accountId: other.accountId });
		const mine = suite.seedEnvelope({
			files: [{ fileName: 'mine.pdf', data: suite.emulator.samplePdf }],
		});
		const result = await run(
			{ operation: 'getContent', documentId: '={{ $json.doc }}' },
			[{ json: { doc: mine.documentId } }, { json: { doc: foreign.documentId } }],
			{ continueOnFail: true },
		);
		expect(result.items).toHaveLength(2);
		expect(result.items[0]).toMatchObject({
			pairedItem: { item: 0 },
			json: { fileName: 'mine.pdf' },
		});
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
		expect(result.items[1].json.error).toBe(
			`Document ID "${foreign.documentId}" was not found (error 14)`,
		);
	});
});
