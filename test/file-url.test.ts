/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { createServer, type IncomingHttpHeaders, type Server } from 'http';

import { MAX_DOWNLOAD_BYTES } from '../nodes/ESignature/fields/fileInput';
import { MAX_DOWNLOAD_REDIRECTS } from '../nodes/ESignature/files/download';
import { emulatorSuite } from './harness';
import { closeServers, listenOnFreePort } from './harness/servers';

/**
 * File Input → URL (files/download.ts) through n8n-core's routing engine: the node downloads the document from
 * a file server this test starts on 127.0.0.1, with n8n's HTTP helper, and sends it to the emulator. Each safety
 * property of docs/ai-agents.md#documents-from-a-url is shown by what the file server and the emulator received.
 */

const suite = emulatorSuite();
const { apiRequests } = suite;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** What the file server was asked for, with the headers of each request. */
const downloads: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
let server: Server;
let base: string;

beforeAll(async () => {
	server = createServer((req, res) => {
		const path = req.url ?? '/';
		downloads.push({ path, headers: req.headers });
		const redirect = /^\/hop\/(\d+)$/.exec(path);
		if (redirect) {
			const left = Number(redirect[1]);
			res.writeHead(302, { Location: left > 1 ? `/hop/${left - 1}` : '/files/contract.pdf' }).end();
		} else if (
			path === '/files/contract.pdf' ||
			path === '/files/annex.pdf' ||
			path.startsWith('/named/')
		) {
			res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(suite.emulator.samplePdf);
		} else if (path === '/files/logo.png') {
			// Said to be a PDF: the bytes decide.
			res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(PNG);
		} else if (path === '/files/declared-huge.pdf') {
			res.writeHead(200, {
				'Content-Type': 'application/pdf',
				'Content-Length': String(MAX_DOWNLOAD_BYTES + 1),
			});
			res.write(suite.emulator.samplePdf);
			// Never ends: the node must not wait for the rest.
		} else if (path === '/files/endless.pdf') {
			// No Content-Length: only counting the bytes can stop it.
			res.writeHead(200, { 'Content-Type': 'application/pdf' });
			const chunk = Buffer.alloc(1024 * 1024, 0x20);
			res.write(suite.emulator.samplePdf);
			const more = () => {
				while (!res.destroyed && res.write(chunk));
				if (!res.destroyed) res.once('drain', more);
			};
			more();
		} else if (path === '/to-file') {
			res.writeHead(302, { Location: 'file:///etc/passwd' }).end();
		} else {
			res.writeHead(404).end('not here');
		}
	});
	base = `http://127.0.0.1:${await listenOnFreePort(server)}`;
});

afterAll(async () => await closeServers(server));

beforeEach(() => {
	downloads.length = 0;
});

const signers = {
	destinations: { destination: [{ name: 'Jane Doe', email: 'jane@example.com' }] },
};

async function createAndInvite(fileUrls: string, extra: { asTool?: boolean } = {}) {
	return await suite.harness.run({
		...extra,
		parameters: {
			resource: 'envelope',
			operation: 'createAndInvite',
			fileInput: 'url',
			fileUrls,
			...signers,
		},
	});
}

describe('File Input → URL', () => {
	it('downloads each linked PDF and sends it, named after its path, to the service', async () => {
		const result = await createAndInvite(`${base}/files/contract.pdf, ${base}/files/annex.pdf`);
		expect(result.error).toBeUndefined();
		expect(downloads.map((download) => download.path)).toEqual([
			'/files/contract.pdf',
			'/files/annex.pdf',
		]);
		const [request] = apiRequests();
		expect(request.path).toBe('/api/v1/envelopes/bulk/initiate-and-invite');
		const pdf = suite.emulator.samplePdf.toString('base64');
		expect((request.body as { Files: unknown }).Files).toEqual([
			{ File: pdf, fileName: 'contract.pdf' },
			{ File: pdf, fileName: 'annex.pdf' },
		]);
		expect(result.items[0].json).toMatchObject({ envelopeId: expect.any(String) });
	});

	it('takes one link for the single-file operations, with File Name winning over the path', async () => {
		const result = await suite.harness.run({
			parameters: {
				resource: 'envelope',
				operation: 'createFromBase64',
				fileInput: 'url',
				fileUrl: `${base}/files/contract.pdf`,
				fileName: 'Lease 2027.pdf',
			},
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({
			files: { fileName: 'Lease 2027.pdf', file: suite.emulator.samplePdf.toString('base64') },
		});
	});

	it('names a download by its path as a safe base name: no escaped path or control character, no crash on a bad escape', async () => {
		const result = await createAndInvite(
			`${base}/named/..%2F..%2Fetc%2Fpasswd.pdf, ${base}/named/a%0Ab.pdf, ${base}/named/bad%E0%A4%A.pdf`,
		);
		expect(result.error).toBeUndefined();
		const files = (apiRequests()[0].body as { Files: Array<{ fileName: string }> }).Files;
		expect(files.map((file) => file.fileName)).toEqual(['passwd.pdf', 'ab.pdf', 'document.pdf']);
	});

	it('never sends the credential to the link', async () => {
		await createAndInvite(`${base}/files/contract.pdf`);
		const token = String(suite.harness.credentials().accessToken);
		expect(token.length).toBeGreaterThan(10);
		expect(downloads).toHaveLength(1);
		expect(downloads[0].headers.authorization).toBeUndefined();
		expect(JSON.stringify(downloads[0].headers)).not.toContain(token);
		// The service got it, as always.
		expect(apiRequests()[0].headers.authorization).toBe(`Bearer ${token}`);
	});

	it(`follows at most ${MAX_DOWNLOAD_REDIRECTS} redirects`, async () => {
		const followed = await createAndInvite(`${base}/hop/${MAX_DOWNLOAD_REDIRECTS}`);
		expect(followed.error).toBeUndefined();
		expect(apiRequests()).toHaveLength(1);
		suite.emulator.clearRequests();
		downloads.length = 0;

		const refused = await createAndInvite(`${base}/hop/${MAX_DOWNLOAD_REDIRECTS + 1}`);
		expect(refused.error?.message).toBe(
			`File URLs: the download from ${base} was redirected more than ${MAX_DOWNLOAD_REDIRECTS} times`,
		);
		expect(downloads.map((download) => download.path)).not.toContain('/files/contract.pdf');
		expect(apiRequests()).toHaveLength(0);
	});

	it('refuses links that are not http(s), and a redirect to one, before anything reaches the service', async () => {
		const fileLink = await createAndInvite('file:///etc/passwd');
		expect(fileLink.error?.message).toBe(
			'File URLs must be an http:// or https:// URL, got one starting with "file:"',
		);
		const redirected = await createAndInvite(`${base}/to-file`);
		expect(redirected.error?.message).toMatch(
			new RegExp(`^File URLs: the (document could not be downloaded from|download from) ${base}`),
		);
		expect(apiRequests()).toHaveLength(0);
	});

	it('accepts only a PDF, whatever the server calls it', async () => {
		const result = await createAndInvite(`${base}/files/logo.png`);
		expect(result.error?.message).toBe(
			'File URLs: the file "logo.png" is not a PDF: it is a PNG image',
		);
		expect(apiRequests()).toHaveLength(0);
	});

	it('refuses a document over the size limit, declared or counted, without reading it all', async () => {
		const declared = await createAndInvite(`${base}/files/declared-huge.pdf`);
		expect(declared.error?.message).toBe(
			`File URLs: the document at ${base} is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB`,
		);
		const endless = await createAndInvite(`${base}/files/endless.pdf`);
		expect(endless.error?.message).toBe(
			`File URLs: the document at ${base} is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB`,
		);
		expect(apiRequests()).toHaveLength(0);
	}, 60_000);

	it('names the status of a failed download, and shows no more of the link than its origin', async () => {
		const result = await createAndInvite(`${base}/files/missing.pdf?token=s3cret`);
		expect(result.error?.message).toBe(`File URLs: the download from ${base} failed with HTTP 404`);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain('s3cret');
		expect(apiRequests()).toHaveLength(0);
	});
});

describe('a tool given no file', () => {
	it('says to use URL or Base64 instead of naming a missing binary property', async () => {
		const result = await suite.harness.run({
			asTool: true,
			// Saved with Binary File, which a new tool no longer offers (File Input starts at URL as a tool).
			parameters: {
				resource: 'envelope',
				operation: 'createAndInvite',
				fileInput: 'binary',
				inputDataFieldName: 'data',
				...signers,
			},
			items: [{ json: { query: 'send the contract' } }],
		});
		expect(result.error?.message).toBe(
			"Input Binary Fields: an AI tool gets no files, only the model's arguments: set File Input to URL or Base64 Text. With URL the model gives a link to the PDF; with Base64 Text, the content.",
		);
		expect(apiRequests()).toHaveLength(0);
	});
});
