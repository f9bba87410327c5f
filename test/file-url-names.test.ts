/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { createServer, type Server } from 'http';
import { Readable } from 'stream';
import type { IHttpRequestOptions } from 'n8n-workflow';
import { OutboundHttp } from '@n8n/backend-network';

import { emulatorSuite, fromAI } from './harness';
import { stubNames } from './harness/names';
import { closeServers, listenOnFreePort } from './harness/servers';

/**
 * Names a model gives to File Input → URL (docs/security.md#links-a-model-gives-internal-addresses-ssrf), each attack
 * performed with the name's DNS answers stubbed in process (test/harness/names.ts): the package's internal-address
 * rule judges every address a name resolves to, a name that cannot be checked is refused, and the request goes to the
 * address that was checked. Where the old code would have connected to an address outside this machine, n8n's HTTP
 * proxy is a recorder on 127.0.0.1, so that what would have been fetched is seen and nothing leaves the machine.
 */

const suite = emulatorSuite();
const { apiRequests } = suite;
const names = stubNames();
afterAll(() => names.restore());

const REFUSED_HELP =
	'. An AI tool downloads only from public addresses. If the workflow must download from this network, its author can turn on Download Options → Allow Internal Addresses (AI Tool) in the node.';
const UNCHECKED_HELP =
	'. An AI tool downloads only from addresses it has checked are public: the name did not resolve, or this n8n cannot resolve names for nodes (n8n 1.x). Check the link. If the workflow must download from it, its author can turn on Download Options → Allow Internal Addresses (AI Tool) in the node.';

/** n8n's own listeners: a server on every interface (::), as n8n's editor and webhooks listen by default. */
let local: Server;
let localPort: number;
const localHits: string[] = [];
/** The recorder standing in for the internet as n8n's HTTP proxy: the absolute URL and Host of every request. */
let recorder: Server;
let recorderBase: string;
const recorded: Array<{ url: string; host: string | undefined }> = [];

beforeAll(async () => {
	local = createServer((req, res) => {
		localHits.push(req.url ?? '/');
		res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(suite.emulator.samplePdf);
	});
	recorder = createServer((req, res) => {
		recorded.push({ url: req.url ?? '', host: req.headers.host });
		res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(suite.emulator.samplePdf);
	});
	localPort = await listenOnFreePort(local, '::');
	recorderBase = `http://127.0.0.1:${await listenOnFreePort(recorder)}`;
});
afterAll(async () => await closeServers(local, recorder));
beforeEach(() => {
	localHits.length = 0;
	recorded.length = 0;
});

async function toolDownload(documentUrl: string) {
	return await suite.harness.run({
		asTool: true,
		parameters: {
			resource: 'envelope',
			operation: 'createFromBase64',
			fileInput: 'url',
			fileUrl: fromAI('documentUrl'),
		},
		items: [{ json: { documentUrl } }],
	});
}

describe('a name whose only answer is :: does not reach the n8n host', () => {
	it("refused before any request; the host's own listener gets nothing", async () => {
		names.set('unspecified.attacker.example', [{ address: '::', family: 6 }]);
		const link = `http://unspecified.attacker.example:${localPort}/secret.pdf`;
		const result = await toolDownload(link);
		expect(result.error?.message).toBe(
			`File URL: refused: internal address http://unspecified.attacker.example:${localPort}${REFUSED_HELP}`,
		);
		expect(localHits).toEqual([]);
		expect(apiRequests()).toHaveLength(0);
	});
});

describe('names that resolve inside, through a proxy', () => {
	const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
	beforeAll(() => {
		process.env.HTTP_PROXY = recorderBase;
		process.env.NO_PROXY = '127.0.0.1,localhost';
	});
	afterAll(() => {
		for (const [name, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	});

	it.each([
		['CGNAT', [{ address: '100.64.0.7', family: 4 as const }]],
		['the cloud metadata service on CGNAT', [{ address: '100.100.100.200', family: 4 as const }]],
		['NAT64 of the metadata service', [{ address: '64:ff9b::a9fe:a9fe', family: 6 as const }]],
		['6to4 of loopback', [{ address: '2002:7f00:1::', family: 6 as const }]],
		['IPv4 multicast', [{ address: '224.0.0.1', family: 4 as const }]],
		['IPv6 multicast', [{ address: 'ff02::1', family: 6 as const }]],
		[
			'one internal address among public ones',
			[
				{ address: '93.184.216.34', family: 4 as const },
				{ address: '100.100.100.200', family: 4 as const },
			],
		],
	])('%s: refused before any request', async (_kind, addresses) => {
		const name = `n${Math.random().toString(36).slice(2, 8)}.attacker.example`;
		names.set(name, addresses);
		const result = await toolDownload(`http://${name}/contract.pdf`);
		expect(result.error?.message).toBe(
			`File URL: refused: internal address http://${name}${REFUSED_HELP}`,
		);
		expect(recorded).toEqual([]);
		expect(apiRequests()).toHaveLength(0);
	});

	it('a lookup that fails once is refused as unchecked, not resolved again by the request', async () => {
		names.set(
			'flaky.attacker.example',
			Object.assign(new Error('getaddrinfo EAI_AGAIN flaky.attacker.example'), {
				code: 'EAI_AGAIN',
			}),
			[{ address: '127.0.0.1', family: 4 }],
		);
		const result = await toolDownload('http://flaky.attacker.example/contract.pdf');
		expect(result.error?.message).toBe(
			`File URL: refused: the address of http://flaky.attacker.example could not be checked${UNCHECKED_HELP}`,
		);
		expect(recorded).toEqual([]);
		expect(apiRequests()).toHaveLength(0);
	});
});

describe('the request goes to the address that was checked', () => {
	// n8n's HTTP layer is asked, but answers from here: the checked addresses are public, and no test leaves the machine.
	const asked: IHttpRequestOptions[] = [];
	let requests: jest.SpyInstance;
	beforeAll(() => {
		const real = OutboundHttp.prototype.requests;
		requests = jest.spyOn(OutboundHttp.prototype, 'requests').mockImplementation(function (
			this: OutboundHttp,
			...args
		) {
			const client = real.apply(this, args);
			return {
				...client,
				request: async (options: IHttpRequestOptions) => {
					// The emulator and its token endpoint are on 127.0.0.1: those requests go out as they are.
					if (new URL(options.url, options.baseURL).hostname === '127.0.0.1')
						return await client.request(options);
					asked.push(options);
					return {
						body: Readable.from([suite.emulator.samplePdf]),
						headers: { 'content-type': 'application/pdf' },
						statusCode: 200,
					};
				},
			} as typeof client;
		});
	});
	afterAll(() => requests.mockRestore());
	beforeEach(() => {
		asked.length = 0;
	});

	it('a name answering public at the check and internal afterwards (DNS rebinding) is not resolved again', async () => {
		names.set(
			'rebind.attacker.example',
			[{ address: '93.184.216.34', family: 4 }],
			[{ address: '127.0.0.1', family: 4 }],
		);
		const result = await toolDownload('http://rebind.attacker.example/lease.pdf');
		expect(result.error).toBeUndefined();
		expect(asked).toHaveLength(1);
		expect(asked[0].url).toBe('http://93.184.216.34/lease.pdf');
		expect(asked[0].headers).toMatchObject({ Host: 'rebind.attacker.example' });
		expect(names.lookups('rebind.attacker.example')).toBe(1);
	});

	it('https keeps the name for TLS (server name and certificate), IPv6 in brackets', async () => {
		names.set('files.example.org', [{ address: '2606:2800:220:1::1', family: 6 }]);
		const result = await toolDownload('https://files.example.org:8443/lease.pdf');
		expect(result.error).toBeUndefined();
		expect(asked[0].url).toBe('https://[2606:2800:220:1::1]:8443/lease.pdf');
		expect(asked[0].headers).toMatchObject({ Host: 'files.example.org:8443' });
		expect(asked[0].agentOptions).toMatchObject({ servername: 'files.example.org' });
	});
});

describe('a name on an n8n without an egress filter (n8n 1.x)', () => {
	it('is refused as unchecked when the node runs as a tool', async () => {
		const noFilter = jest
			.spyOn(OutboundHttp.prototype, 'egressFilter')
			.mockReturnValue(undefined as never);
		try {
			names.set('old-n8n.attacker.example', [{ address: '127.0.0.1', family: 4 }]);
			const result = await toolDownload(`http://old-n8n.attacker.example:${localPort}/secret.pdf`);
			expect(result.error?.message).toBe(
				`File URL: refused: the address of http://old-n8n.attacker.example:${localPort} could not be checked${UNCHECKED_HELP}`,
			);
			expect(localHits).toEqual([]);
		} finally {
			noFilter.mockRestore();
		}
	});
});
