/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { createServer, type Server, type ServerResponse } from 'http';
import { gzipSync } from 'zlib';

import type { INodeParameters } from 'n8n-workflow';

import { emulatorSuite, fromAI } from './harness';
import { stubNames } from './harness/names';
import { closeServers, listenOnFreePort } from './harness/servers';

/**
 * The attacks on File Input → URL of docs/security.md, each performed: an internal server on 127.0.0.1 holds a
 * document only n8n can reach, and an attacker's server (another port) gives links, redirects, compressed bombs and
 * trickles. A run as an AI tool (type eSignatureTool, the link from $fromAI) must refuse internal addresses; every run
 * must keep to the links, bytes and seconds of Download Options. What the internal server and the emulator received
 * shows that nothing was fetched or sent.
 */

const suite = emulatorSuite();
const { apiRequests } = suite;
/** What a model reads after a refusal: n8n hands a tool's error message only, so the explanation joins it. */
const REFUSED_HELP =
	'. An AI tool downloads only from public addresses. If the workflow must download from this network, its author can turn on Download Options → Allow Internal Addresses (AI Tool) in the node.';
const EXPRESSION_HELP =
	". A model can fill an expression of a tool; only the workflow's author sets the download limits.";

/** Requests each server received, by path. */
const internalHits: string[] = [];
const attackerHits: string[] = [];
/** Whether a trickled answer was cut before its end. */
let trickleCut = false;
let internal: Server;
let attacker: Server;
let internalPort: number;
let attackerBase: string;

/** A PDF of `size` bytes once unpacked, sent as a gzip answer a thousand times smaller. */
const gzipBomb = (size: number) => {
	const pdf = Buffer.alloc(size, 0x20);
	suite.emulator.samplePdf.copy(pdf);
	return gzipSync(pdf, { level: 9 });
};
let bomb2Mb: Buffer;
let bomb30Mb: Buffer;

function trickle(res: ServerResponse, bytes: number, everyMs: number) {
	res.writeHead(200, { 'Content-Type': 'application/pdf' });
	res.write(suite.emulator.samplePdf.subarray(0, 8));
	let sent = 0;
	const timer = setInterval(() => {
		if (res.destroyed) {
			clearInterval(timer);
			trickleCut = true;
			return;
		}
		res.write(' ');
		if (++sent === bytes) {
			clearInterval(timer);
			res.end();
		}
	}, everyMs);
	res.on('close', () => {
		if (!res.writableFinished) trickleCut = true;
		clearInterval(timer);
	});
}

beforeAll(async () => {
	bomb2Mb = gzipBomb(2 * 1024 * 1024);
	bomb30Mb = gzipBomb(30 * 1024 * 1024);
	internal = createServer((req, res) => {
		internalHits.push(req.url ?? '/');
		res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(suite.emulator.samplePdf);
	});
	attacker = createServer((req, res) => {
		// As an HTTP proxy the attacker is asked for whole URLs; as a server, for paths.
		const path = new URL(req.url ?? '/', 'http://attacker').pathname;
		attackerHits.push(path);
		if (path === '/to-internal') {
			res.writeHead(302, { Location: `http://127.0.0.1:${internalPort}/secret.pdf` }).end();
		} else if (path === '/to-internal-hex') {
			res.writeHead(307, { Location: `http://0x7f000001:${internalPort}/secret.pdf` }).end();
		} else if (path === '/to-metadata') {
			res.writeHead(301, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
		} else if (path.startsWith('/bomb-2mb')) {
			res
				.writeHead(200, {
					'Content-Type': 'application/pdf',
					'Content-Encoding': 'gzip',
					'Content-Length': String(bomb2Mb.length),
				})
				.end(bomb2Mb);
		} else if (path === '/bomb-30mb') {
			res
				.writeHead(200, {
					'Content-Type': 'application/pdf',
					'Content-Encoding': 'gzip',
					'Content-Length': String(bomb30Mb.length),
				})
				.end(bomb30Mb);
		} else if (path === '/trickle') {
			trickle(res, 40, 100);
		} else if (path === '/silent') {
			// Never answers: only a deadline ends the wait.
		} else {
			res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(suite.emulator.samplePdf);
		}
	});
	internalPort = await listenOnFreePort(internal);
	attackerBase = `http://127.0.0.1:${await listenOnFreePort(attacker)}`;
});

afterAll(async () => await closeServers(internal, attacker));

beforeEach(() => {
	internalHits.length = 0;
	attackerHits.length = 0;
	trickleCut = false;
});

/** Create From Base64 as a tool: the model gives the link. */
async function toolDownload(documentUrl: string, extra: INodeParameters = {}) {
	return await suite.harness.run({
		asTool: true,
		parameters: {
			resource: 'envelope',
			operation: 'createFromBase64',
			fileInput: 'url',
			fileUrl: fromAI('documentUrl'),
			...extra,
		},
		items: [{ json: { documentUrl } }],
	});
}

/** Create and Invite in a workflow (not a tool), with its File URLs and Download Options. */
async function workflowDownload(fileUrls: string, downloadOptions: INodeParameters = {}) {
	return await suite.harness.run({
		parameters: {
			resource: 'envelope',
			operation: 'createAndInvite',
			fileInput: 'url',
			fileUrls,
			downloadOptions,
			destinations: { destination: [{ name: 'Jane Doe', email: 'jane@example.com' }] },
		},
	});
}

describe('a link a model gives reaches no internal host (SSRF)', () => {
	const port = () => internalPort;
	it.each([
		['loopback', () => `http://127.0.0.1:${port()}/secret.pdf`, () => `http://127.0.0.1:${port()}`],
		[
			'loopback by name',
			() => `http://localhost:${port()}/secret.pdf`,
			() => `http://localhost:${port()}`,
		],
		[
			'hex IPv4',
			() => `http://0x7f000001:${port()}/secret.pdf`,
			() => `http://127.0.0.1:${port()}`,
		],
		[
			'decimal IPv4',
			() => `http://2130706433:${port()}/secret.pdf`,
			() => `http://127.0.0.1:${port()}`,
		],
		[
			'octal IPv4',
			() => `http://0177.0.0.1:${port()}/secret.pdf`,
			() => `http://127.0.0.1:${port()}`,
		],
		['IPv6 loopback', () => `http://[::1]:${port()}/secret.pdf`, () => `http://[::1]:${port()}`],
		[
			'IPv4-mapped IPv6',
			() => `http://[::ffff:127.0.0.1]:${port()}/secret.pdf`,
			() => `http://[::ffff:7f00:1]:${port()}`,
		],
		[
			'cloud metadata (link-local)',
			() => 'http://169.254.169.254/latest/meta-data/',
			() => 'http://169.254.169.254',
		],
		['private (RFC 1918)', () => 'http://10.0.0.5/contract.pdf', () => 'http://10.0.0.5'],
		['private 192.168', () => 'http://192.168.1.1/contract.pdf', () => 'http://192.168.1.1'],
		['carrier-grade NAT', () => 'http://100.64.0.1/contract.pdf', () => 'http://100.64.0.1'],
		['this network', () => `http://0.0.0.0:${port()}/secret.pdf`, () => `http://0.0.0.0:${port()}`],
		['IPv6 link-local', () => 'http://[fe80::1]/contract.pdf', () => 'http://[fe80::1]'],
		[
			'IPv6 unique local',
			() => 'http://[fd12:3456::1]/contract.pdf',
			() => 'http://[fd12:3456::1]',
		],
	])('%s: refused before any request, naming the link', async (_kind, link, origin) => {
		const result = await toolDownload(link());
		expect(result.error?.message).toBe(
			`File URL: refused: internal address ${origin()}${REFUSED_HELP}`,
		);
		expect(internalHits).toEqual([]);
		expect(apiRequests()).toHaveLength(0);
	});

	it('the author can allow internal addresses in the node; the model then reaches them', async () => {
		const result = await toolDownload(`http://127.0.0.1:${internalPort}/secret.pdf`, {
			downloadOptions: { allowInternalAddresses: true },
		});
		expect(result.error).toBeUndefined();
		expect(internalHits).toEqual(['/secret.pdf']);
		expect(apiRequests()).toHaveLength(1);
	});

	it('the allowance cannot come from the model: an expression there is refused before any download', async () => {
		const result = await toolDownload(`http://127.0.0.1:${internalPort}/secret.pdf`, {
			downloadOptions: { allowInternalAddresses: "={{ $fromAI('allowInternal', '', 'boolean') }}" },
		});
		expect(result.error?.message).toBe(
			'Download Options: Allow Internal Addresses (AI Tool) must be written in the node, not set by an expression, when the node runs as an AI tool' +
				EXPRESSION_HELP,
		);
		expect(internalHits).toEqual([]);
		expect(apiRequests()).toHaveLength(0);
	});

	it("a workflow (not a tool) downloads from the local network as before: n8n's own outbound rules decide there", async () => {
		const result = await workflowDownload(`http://127.0.0.1:${internalPort}/contract.pdf`);
		expect(result.error).toBeUndefined();
		expect(internalHits).toEqual(['/contract.pdf']);
	});

	describe('a public link that redirects inside', () => {
		// The attacker's server stands in for the public internet as n8n's HTTP proxy: every public name reaches it.
		const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
		// The name is checked before the request (a public address, stubbed in process); the proxy then resolves it.
		const names = stubNames();
		names.set('files.attacker.example', [{ address: '93.184.216.34', family: 4 }]);
		afterAll(() => names.restore());
		beforeAll(() => {
			process.env.HTTP_PROXY = attackerBase;
			process.env.NO_PROXY = '127.0.0.1,localhost';
		});
		afterAll(() => {
			for (const [name, value] of Object.entries(saved)) {
				if (value === undefined) delete process.env[name];
				else process.env[name] = value;
			}
		});

		it.each([
			['/to-internal', () => `http://127.0.0.1:${internalPort}`],
			['/to-internal-hex', () => `http://127.0.0.1:${internalPort}`],
			['/to-metadata', () => 'http://169.254.169.254'],
		])('%s: the hop is refused before it is requested', async (path, origin) => {
			const result = await toolDownload(`http://files.attacker.example${path}`);
			expect(attackerHits).toEqual([path]);
			expect(result.error?.message).toBe(
				`File URL: refused: internal address ${origin()} (a redirect from http://files.attacker.example)${REFUSED_HELP}`,
			);
			expect(internalHits).toEqual([]);
			expect(apiRequests()).toHaveLength(0);
		});

		it('the public document itself is downloaded', async () => {
			const result = await toolDownload('http://files.attacker.example/lease.pdf');
			expect(result.error).toBeUndefined();
			expect(attackerHits).toEqual(['/lease.pdf']);
			expect(apiRequests()[0].body).toMatchObject({ files: { fileName: 'lease.pdf' } });
		});
	});
});

describe('downloads that never end or never fit', () => {
	it('refuses more links per item than Max Links (10 by default) before downloading any', async () => {
		const links = Array.from(
			{ length: 11 },
			(_, index) => `${attackerBase}/doc-${index + 1}.pdf`,
		).join(', ');
		const result = await workflowDownload(links);
		expect(result.error?.message).toBe(
			`File URLs, link 11 (${attackerBase}): at most 10 links per item, got 11`,
		);
		expect(attackerHits).toEqual([]);
		expect(apiRequests()).toHaveLength(0);

		const three = await workflowDownload(links.split(', ').slice(0, 3).join(', '), { maxLinks: 2 });
		expect(three.error?.message).toBe(
			`File URLs, link 3 (${attackerBase}): at most 2 links per item, got 3`,
		);
	});

	it('counts a gzip answer after it is unpacked: one 1,000 times its size is refused at the document limit', async () => {
		expect(bomb30Mb.length).toBeLessThan(100 * 1024);
		const result = await workflowDownload(`${attackerBase}/bomb-30mb`);
		expect(result.error?.message).toBe(
			`File URLs: the document at ${attackerBase} is larger than 25 MB`,
		);
		expect(apiRequests()).toHaveLength(0);
	});

	it('refuses the download that takes the item past Max Total Size, naming that link', async () => {
		const links = [1, 2, 3].map((index) => `${attackerBase}/bomb-2mb-${index}`).join(', ');
		const result = await workflowDownload(links, { maxTotalSize: 5 });
		expect(result.error?.message).toBe(
			`File URLs, link 3: the download from ${attackerBase} takes the item's documents past 5 MB together`,
		);
		expect(apiRequests()).toHaveLength(0);
	});

	it('gives up a trickling download at the time limit, though bytes keep coming', async () => {
		const result = await workflowDownload(`${attackerBase}/trickle`, { timeLimit: 1 });
		expect(result.error?.message).toBe(
			`File URLs: the download from ${attackerBase} took longer than 1 seconds`,
		);
		// The connection is closed, not left to trickle on (the server sees it within moments).
		for (let waited = 0; !trickleCut && waited < 2000; waited += 50)
			await new Promise((resolve) => setTimeout(resolve, 50));
		expect(trickleCut).toBe(true);
		expect(apiRequests()).toHaveLength(0);
	});

	it('gives up a server that never answers at the time limit', async () => {
		const result = await workflowDownload(`${attackerBase}/silent`, { timeLimit: 1 });
		expect(result.error?.message).toBe(
			`File URLs: the download from ${attackerBase} took longer than 1 seconds`,
		);
		expect(apiRequests()).toHaveLength(0);
	});

	it("a tool's limits are the author's: an expression in Download Options is refused", async () => {
		const result = await toolDownload(`${attackerBase}/lease.pdf`, {
			downloadOptions: { maxTotalSize: "={{ $fromAI('size', '', 'number') }}" },
		});
		expect(result.error?.message).toBe(
			'Download Options: Max Total Size (MB) must be written in the node, not set by an expression, when the node runs as an AI tool' +
				EXPRESSION_HELP,
		);
		expect(attackerHits).toEqual([]);
	});
});
