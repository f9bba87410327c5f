import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import { documentFile } from './document';
import { type ByteStream, detectMimeType, readUpTo, safeBaseName } from './bytes';
import { runsAsTool } from '../service/asTool';
import { DOWNLOAD_OPTION_LABELS, MAX_DOWNLOAD_BYTES } from '../fields/fileInput';
import { booleanOf, inputError, integerOf, requireHttpUrl } from '../fields/validation';
import { isWrittenInNode } from '../fields/toolInputs';
import { httpUrlProblem } from '../../../credentials/text';
import type { ItemFunctions } from '../service/itemFunctions';

// Hosts as the WHATWG URL parser writes them (docs/security.md#links-a-model-gives-internal-addresses-ssrf).
// IANA's special-purpose registry.
const INTERNAL_IPV4 = (
	'0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.0.0.0/24 192.0.2.0/24 ' +
	'192.88.99.0/24 192.168.0.0/16 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24 224.0.0.0/4 240.0.0.0/4'
).split(' ');

// RFC 6761, RFC 8375, common use.
const INTERNAL_NAME_ENDINGS =
	'localhost local internal intranet lan home corp localdomain home.arpa'.split(' ');

function ipv4Number(text: string) {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
		return undefined;
	return parts.reduce((total, part) => total * 256 + Number(part), 0);
}

function isInternalIpv4(address: number) {
	return INTERNAL_IPV4.some((range) => {
		const [first, bits] = range.split('/');
		const size = 2 ** (32 - Number(bits));
		return Math.floor(address / size) === Math.floor((ipv4Number(first) as number) / size);
	});
}

const parsedUrl = (text: string, base?: URL) => {
	try {
		return new URL(text, base);
	} catch {
		return undefined;
	}
};

// Read back as the URL parser writes it: hex groups, `::` for the longest zeros, no IPv4 tail.
function ipv6Groups(text: string) {
	// These characters only: the text stays inside the brackets.
	if (text.length > 45 || !/^[0-9a-f:.]+$/i.test(text)) return undefined;
	const written = parsedUrl(`http://[${text}]/`)?.hostname.slice(1, -1);
	if (written === undefined) return undefined;
	const [left, right] = written
		.split('::')
		.map((part) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []));
	return right
		? [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
		: left;
}

function isInternalIpv6(groups: number[]) {
	const [a, b, c, d] = groups;
	const prefix = groups
		.slice(0, 6)
		.map((group) => group.toString(16))
		.join(':');
	// IPv4-mapped, IPv4-compatible (:: and ::1 too), SIIT, NAT64 and 6to4 carry an IPv4 address, which decides.
	if (['0:0:0:0:0:ffff', '0:0:0:0:0:0', '0:0:0:0:ffff:0', '64:ff9b:0:0:0:0'].includes(prefix))
		return isInternalIpv4(groups[6] * 65536 + groups[7]);
	if (a === 0x2002) return isInternalIpv4(b * 65536 + c);
	if (a === 0x64 && b === 0xff9b && c === 1) return true; // local-use NAT64 (RFC 8215)
	if (a === 0x100 && b === 0 && c === 0 && d === 0) return true; // discard-only
	if (a === 0x2001 && (b === 0 || b === 0xdb8)) return true; // Teredo (hides an IPv4 address), documentation
	if ((a & 0xfe00) === 0xfc00) return true; // unique local (fc00::/7)
	if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, old site-local
	return (a & 0xff00) === 0xff00; // multicast
}

const isIpLiteral = (host: string) => host.startsWith('[') || ipv4Number(host) !== undefined;

export function internalAddressProblem(url: URL) {
	const host = url.hostname.toLowerCase().replace(/\.$/, '');
	if (isIpLiteral(host)) return internalIpProblem(host.replace(/^\[|\]$/g, ''));
	if (!host.includes('.')) return 'a name without a domain, which only a local network resolves';
	return INTERNAL_NAME_ENDINGS.some((ending) => host === ending || host.endsWith(`.${ending}`))
		? 'a name of the machine or of a local network'
		: undefined;
}

// An address that cannot be read (an IPv6 zone) is not reached.
function internalIpProblem(address: string) {
	const v4 = ipv4Number(address);
	if (v4 !== undefined) return isInternalIpv4(v4) ? 'an internal IPv4 address' : undefined;
	const groups = ipv6Groups(address);
	return !groups || isInternalIpv6(groups) ? 'an internal IPv6 address' : undefined;
}

// A model's link may be anyone's choice: every hop is checked (docs/ai-agents.md#documents-from-a-url).

// Literal again in the options for n8n's lint; a time limit because n8n's own timeout only counts idle time.
const DOWNLOAD_DEFAULTS = { maxLinks: 10, maxTotalSize: 50, timeLimit: 60 };

// A file host's short link and its storage, not a chain.
export const MAX_DOWNLOAD_REDIRECTS = 3;

const REACHABLE_HINT = 'Check that the URL is a direct link to the PDF and that n8n can reach it.';

// Its path and query may hold a key.
export const originOf = (url: string) => parsedUrl(url)?.origin ?? 'not a URL';

export function nameFromUrl(url: string) {
	const segment = new URL(url).pathname.split('/').pop() ?? '';
	let last = '';
	try {
		last = safeBaseName(decodeURIComponent(segment));
	} catch {
		// a malformed %-escape names nothing
	}
	return /\.[a-z0-9]{1,5}$/i.test(last) ? last : 'document.pdf';
}

type DownloadBudget = ReturnType<typeof downloadBudget>;

// In an AI tool each limit must be written in the node: a model must not lift one.
export function downloadBudget(context: ItemFunctions) {
	const asTool = runsAsTool(context);
	const given = (context.getNodeParameter('downloadOptions', {}) ?? {}) as IDataObject;
	const label = (name: string) => `Download Options: ${DOWNLOAD_OPTION_LABELS[name]}`;
	// Each option first, so that the error names it.
	for (const key of [...Object.keys(DOWNLOAD_OPTION_LABELS), ''])
		if (asTool && !isWrittenInNode(context, key ? `downloadOptions.${key}` : 'downloadOptions'))
			throw inputError(
				context,
				`${key ? label(key) : 'Download Options'} must be written in the node, not set by an expression, ` +
					'when the node runs as an AI tool',
				"A model can fill an expression of a tool; only the workflow's author sets the download limits.",
			);
	const number = (name: keyof typeof DOWNLOAD_DEFAULTS, max: number) =>
		given[name] === undefined
			? DOWNLOAD_DEFAULTS[name]
			: integerOf(context, given[name], label(name), { min: 1, max });
	const maxTotalBytes = number('maxTotalSize', 1024) * 1024 * 1024;
	return {
		maxLinks: number('maxLinks', 100),
		maxTotalBytes,
		bytesLeft: maxTotalBytes,
		timeLimitSeconds: number('timeLimit', 3600),
		allowInternal:
			given.allowInternalAddresses !== undefined &&
			booleanOf(context, given.allowInternalAddresses, label('allowInternalAddresses')),
		checkAddresses: asTool,
	};
}

const ALLOW_INTERNAL_HINT =
	'can turn on Download Options → Allow Internal Addresses (AI Tool) in the node.';

// n8n 2.x's egress filter, enforced even where SSRF protection is off; n8n 1.x has none.
async function resolveAll(
	context: ItemFunctions,
	hostname: string,
): Promise<Array<{ address: string }> | 'refused by n8n' | undefined> {
	const egress = context.helpers.getSecureEgressFilter?.('enforced');
	if (!egress) return undefined;
	const lookup = egress.createSecureLookup();
	return await new Promise((resolve) => {
		try {
			lookup(hostname, { all: true }, (error, addresses) => {
				if (error) resolve(/^Ssrf/.test(error.name) ? 'refused by n8n' : undefined);
				else resolve(Array.isArray(addresses) && addresses.length ? addresses : undefined);
			});
		} catch {
			resolve(undefined);
		}
	});
}

// Returns the checked address to connect to: a DNS answer changed after the check (rebinding) is not used.
async function checkHop(
	context: ItemFunctions,
	url: URL,
	budget: DownloadBudget,
	fieldLabel: string,
	from?: string,
) {
	if (!budget.checkAddresses || budget.allowInternal) return undefined;
	const refused = (reason: string, hint: string) =>
		inputError(
			context,
			`${fieldLabel}: refused: ${reason}${from ? ` (a redirect from ${from})` : ''}`,
			hint,
		);
	const internal = () =>
		refused(
			`internal address ${url.origin}`,
			'An AI tool downloads only from public addresses. If the workflow must download from this network, its ' +
				`author ${ALLOW_INTERNAL_HINT}`,
		);
	if (internalAddressProblem(url)) throw internal();
	if (isIpLiteral(url.hostname)) return undefined;
	const resolved = await resolveAll(context, url.hostname.replace(/\.$/, ''));
	if (!resolved)
		throw refused(
			`the address of ${url.origin} could not be checked`,
			'An AI tool downloads only from addresses it has checked are public: the name did not resolve, or this n8n ' +
				'cannot resolve names for nodes (n8n 1.x). Check the link. If the workflow must download from it, its author ' +
				ALLOW_INTERNAL_HINT,
		);
	if (resolved === 'refused by n8n' || resolved.some(({ address }) => internalIpProblem(address)))
		throw internal();
	return resolved[0].address;
}

export async function downloadDocument(
	context: ItemFunctions,
	value: unknown,
	fieldLabel: string,
	budget: DownloadBudget,
) {
	const url = requireHttpUrl(context, value, fieldLabel);
	const origin = originOf(url);
	const deadline = AbortSignal.timeout(budget.timeLimitSeconds * 1000);
	const failed = (what: string, hint: string) =>
		inputError(context, `${fieldLabel}: the download from ${origin} ${what}`, hint);
	const tooLarge = () =>
		inputError(
			context,
			`${fieldLabel}: the document at ${origin} is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB`,
			'Download it with another node and give it as a binary file.',
		);
	const tooSlow = () =>
		failed(
			`took longer than ${budget.timeLimitSeconds} seconds`,
			"Check that the link is a direct link to the PDF; the workflow's author can change Download Options → " +
				'Time Limit (Seconds).',
		);
	let hop = new URL(url);
	let previous: string | undefined;
	let response: IN8nHttpFullResponse;
	for (let redirects = 0; ; redirects++) {
		const pinned = await checkHop(context, hop, budget, fieldLabel, previous);
		if (deadline.aborted) throw tooSlow();
		// n8n takes no lookup of a node's: the checked address goes in the URL, the name in Host and TLS's server name.
		const target = new URL(hop);
		if (pinned !== undefined) target.hostname = pinned.includes(':') ? `[${pinned}]` : pinned;
		try {
			// Never with the credential: a prompt can choose the URL.
			response = (await context.helpers.httpRequest({
				method: 'GET',
				url: target.href,
				headers: { Accept: 'application/pdf', ...(pinned === undefined ? {} : { Host: hop.host }) },
				...(pinned !== undefined && hop.protocol === 'https:'
					? { agentOptions: { servername: hop.hostname.replace(/\.$/, '') } }
					: {}),
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				maxRedirects: 0,
				abortSignal: deadline,
			})) as IN8nHttpFullResponse;
		} catch (error) {
			if (deadline.aborted) throw tooSlow();
			const { code, name } = (error ?? {}) as { code?: string; name?: string };
			if (name?.startsWith('Ssrf'))
				throw inputError(
					context,
					`${fieldLabel}: n8n's outbound rules (SSRF protection) do not allow downloads from ${origin}`,
					'Ask the n8n administrator to allow the host (N8N_SSRF_ALLOWED_HOSTNAMES or N8N_SSRF_ALLOWED_IP_RANGES), ' +
						'or give the document as Base64 Text.',
				);
			throw inputError(
				context,
				`${fieldLabel}: the document could not be downloaded from ${origin}${code ? ` (${code})` : ''}`,
				REACHABLE_HINT,
			);
		}
		const location = response.headers.location;
		if (response.statusCode < 300 || response.statusCode >= 400 || location === undefined) break;
		(response.body as unknown as ByteStream).destroy?.();
		if (redirects >= MAX_DOWNLOAD_REDIRECTS)
			throw failed(`was redirected more than ${MAX_DOWNLOAD_REDIRECTS} times`, REACHABLE_HINT);
		const next = parsedUrl(String(location), hop);
		if (!next || httpUrlProblem(next.href))
			throw failed(
				'was redirected to a link that is not http(s)',
				'Check that the URL is a direct link to the PDF.',
			);
		previous = hop.origin;
		hop = next;
	}
	const body = response.body as unknown as ByteStream;
	const stop = () => body.destroy?.();
	if (response.statusCode >= 300) {
		stop();
		throw failed(
			`failed with HTTP ${response.statusCode}`,
			'Check that the URL is a direct link to the PDF and that it needs no sign-in.',
		);
	}
	const declared = Number(response.headers['content-length']);
	// Content-Length counts the bytes as sent: a compressed answer is counted again as it is unpacked.
	if (Number.isFinite(declared) && declared > MAX_DOWNLOAD_BYTES) {
		stop();
		throw tooLarge();
	}
	deadline.addEventListener('abort', stop, { once: true });
	// A body cut by the deadline ends in a stream error.
	const bytes = await readUpTo(body, Math.min(MAX_DOWNLOAD_BYTES, budget.bytesLeft))
		.catch((error: unknown) => Promise.reject(deadline.aborted ? tooSlow() : error))
		.finally(() => deadline.removeEventListener('abort', stop));
	if (deadline.aborted) throw tooSlow();
	if (bytes === undefined)
		throw budget.bytesLeft >= MAX_DOWNLOAD_BYTES
			? tooLarge()
			: failed(
					`takes the item's documents past ${budget.maxTotalBytes / 1024 / 1024} MB together`,
					"Send fewer or smaller documents per item; the workflow's author can change Download Options → " +
						'Max Total Size (MB).',
				);
	budget.bytesLeft -= bytes.length;
	return documentFile(bytes, nameFromUrl(url), detectMimeType(bytes).mimeType);
}
