/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { createServer, type Server, type ServerResponse } from 'http';
import type { IWebhookFunctions } from 'n8n-workflow';

import { forgetAccessToken, obtainAccessToken, CREDENTIALS_KEPT } from '../credentials/accessToken';
import { MAX_ANSWER_DEPTH, TOO_DEEP } from '../nodes/ESignature/service/depth';
import { MAX_JSON_ANSWER_BYTES } from '../nodes/ESignature/routing/answers';
import { scrubbed } from '../nodes/ESignature/service/secrets';
import { eventItem } from '../nodes/ESignature/events/eventItem';
import { emulatorCredentials, emulatorSuite, Harness } from './harness';
import { preAuthenticationHelper } from './harness/credentials-helper';
import { closeServers, listenOnFreePort } from './harness/servers';

/**
 * A hostile service (docs/security.md#hostile-answers-from-the-service): a server on 127.0.0.1 stands in for the service's host and
 * answers what each test gives it, as raw bytes, to the node run by n8n-core's routing engine. Each answer crashed or
 * hung the node before, or reached a place it should not.
 */

const suite = emulatorSuite({ resetEach: 'reset' });

const GUID = '0b7a3c52-1d2e-4f60-8a9b-c0d1e2f3a4b5';

/** What the hostile service does with the next request. */
let answer: (res: ServerResponse) => void = (res) => res.writeHead(500).end();
let hostile: Server;
let hostileUrl: string;

beforeAll(async () => {
	hostile = createServer((req, res) => {
		req.resume();
		req.on('end', () => answer(res));
	});
	hostileUrl = `http://127.0.0.1:${await listenOnFreePort(hostile)}`;
});
afterAll(async () => await closeServers(hostile));

const json =
	(text: string, headers: Record<string, string> = {}) =>
	(res: ServerResponse) =>
		res.writeHead(200, { 'Content-Type': 'application/json', ...headers }).end(text);

/** The node against the hostile service, with a token already held (no token request). */
function hostileHarness(): Harness {
	const harness = new Harness(suite.emulator);
	harness.setCredentials(
		emulatorCredentials(suite.emulator, 'integration', {
			baseUrl: hostileUrl,
			accessToken: 'held-token-0123456789',
		}),
	);
	return harness;
}

/** JSON text nested `depth` arrays deep, built as text (JSON.stringify would recurse). */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('answers nested beyond any of the service', () => {
	it('a success answer 100,000 levels deep is refused with an error that says so', async () => {
		answer = json(
			`{"data":{"envelopeId":"${GUID}","status":${nestedArrays(100_000)}},"errorCode":0}`,
		);
		const result = await hostileHarness().run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: GUID },
		});
		expect(result.error?.message).toBe(
			`The service's answer is nested more than ${MAX_ANSWER_DEPTH} levels deep`,
		);
	});

	it('an error answer 100,000 levels deep (scrubbed before it is shown) is refused the same way', async () => {
		answer = json(
			`{"data":null,"errorCode":8,"message":"bad","stateValidationErrors":{"x":${nestedArrays(100_000)}}}`,
		);
		const result = await hostileHarness().run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: GUID },
		});
		expect(result.error?.message).toBe(
			`The service's answer is nested more than ${MAX_ANSWER_DEPTH} levels deep`,
		);
	});

	it('the scrubber stops at the limit on any value: deeper parts are left out, never shown unscrubbed', () => {
		let deep: unknown = 'deep-secret-value';
		for (let level = 0; level < 100_000; level++) deep = [deep];
		const shallow = { message: 'has deep-secret-value', deep };

		const result = scrubbed(shallow, ['deep-secret-value']);

		expect(result.message).toBe('has ••••');
		expect(JSON.stringify(result)).toContain(TOO_DEEP);
		expect(JSON.stringify(result)).not.toContain('deep-secret-value');
	});

	it.each([true, false])(
		'an event item stops at the limit too: a status record 100,000 levels deep (Simplify %s) is cut, not a crash',
		async (simplify) => {
			let deep: unknown = 'bottom';
			for (let level = 0; level < 100_000; level++) deep = [deep];
			const item = await eventItem(
				{} as IWebhookFunctions,
				{
					payload: { RequestId: GUID, Status: 1 },
					requestId: GUID,
					status: 1,
					event: 'completed',
					files: [],
				},
				{
					envelopeId: GUID,
					event: 'completed',
					record: { status: 'Completed', signers: [{ Extra: deep }] },
				},
				{},
				{ downloadFiles: true, keepBase64: false, simplify, acceptCallbackFiles: false },
			);
			expect(JSON.stringify(item.json)).toContain(TOO_DEEP);
			expect(JSON.stringify(item.json)).not.toContain('bottom');
		},
	);
});

describe('keys an object inherits', () => {
	it('"constructor" and "toString" in an answer are plain fields of the simplified item', async () => {
		answer = json(
			`{"data":{"envelopeId":"${GUID}","constructor":1,"toString":2,"destinationType":1},"errorCode":0}`,
		);
		const result = await hostileHarness().run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: GUID },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			envelopeId: GUID,
			constructor: 1,
			toString: 2,
			destinationType: 'Signer',
		});
	});

	it('an errorCode "constructor" is an unknown code, not a crash', async () => {
		answer = json('{"data":null,"errorCode":"constructor","message":"odd"}');
		const result = await hostileHarness().run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: GUID },
		});
		expect(result.error?.message).toMatch(/The service returned error/);
	});
});

describe('downloads', () => {
	it('a malformed %-escape in the file name of Content-Disposition names nothing: the file keeps its default name', async () => {
		answer = (res) =>
			res
				.writeHead(200, {
					'Content-Type': 'application/pdf',
					'Content-Disposition': "attachment; filename*=UTF-8''%E0%A4%A.pdf",
				})
				.end(suite.emulator.samplePdf);
		const result = await hostileHarness().run({
			parameters: { resource: 'document', operation: 'download', documentId: GUID },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ documentId: GUID, fileName: `${GUID}.pdf` });
	});

	it(`a JSON answer to a download that never ends is read up to ${MAX_JSON_ANSWER_BYTES / 1024 / 1024} MiB, then refused`, async () => {
		answer = (res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.write(`{"data":null,"errorCode":100,"message":"${'x'.repeat(MAX_JSON_ANSWER_BYTES)}`);
			// ... and nothing more, ever: the connection stays open.
		};
		const result = await hostileHarness().run({
			parameters: { resource: 'document', operation: 'download', documentId: GUID },
		});
		expect(result.error?.message).toMatch(
			/answered the download with JSON longer than 1 MiB instead of the file/,
		);
	});
});

describe('multipart uploads', () => {
	it('a MIME type with a line break cannot add a header to the part: it is sent as application/octet-stream', async () => {
		const harness = new Harness(suite.emulator);
		const binary = {
			data: {
				data: suite.emulator.samplePdf,
				fileName: 'a.pdf',
				mimeType: 'application/pdf\r\nX-Injected: yes',
			},
		};

		await harness.run({
			parameters: { resource: 'envelope', operation: 'create', inputDataFieldName: 'data' },
			items: [{ binary }],
		});

		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/initiate');
		const head = upload.rawBody.toString('latin1', 0, 2000);
		expect(head).not.toContain('X-Injected');
		expect(head).toContain('Content-Type: application/octet-stream\r\n');
	});
});

describe('the token cache', () => {
	it(`keeps at most ${CREDENTIALS_KEPT} credentials: the least recently used one fetches its token again`, async () => {
		const first = emulatorCredentials(suite.emulator);
		forgetAccessToken(first);
		await obtainAccessToken(preAuthenticationHelper, first);
		const before = suite.emulator.tokenRequests;
		await obtainAccessToken(preAuthenticationHelper, first);
		expect(suite.emulator.tokenRequests).toBe(before);

		// Other credentials (here refused ones) fill the cache.
		for (let batch = 0; batch < CREDENTIALS_KEPT / 100; batch++) {
			await Promise.all(
				Array.from({ length: 100 }, (_, index) =>
					obtainAccessToken(preAuthenticationHelper, {
						...first,
						accountSecret: `other-${batch}-${index}`,
					}).catch(() => undefined),
				),
			);
		}
		const filled = suite.emulator.tokenRequests;
		await obtainAccessToken(preAuthenticationHelper, first);
		expect(suite.emulator.tokenRequests).toBe(filled + 1);
	});
});
