import type { IDataObject, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { documentFile } from './document';
import { type ByteStream, detectMimeType, readUpTo, safeBaseName } from './bytes';
import { runsAsTool } from '../service/asTool';
import { DOWNLOAD_OPTION_LABELS, MAX_DOWNLOAD_BYTES } from '../fields/fileInput';
import { booleanOf, inputError, integerOf, requireHttpUrl } from '../fields/validation';
import { isWrittenInNode } from '../fields/toolInputs';
import { internalAddressProblem, internalIpProblem, isIpLiteral } from './addresses';
import { httpUrlProblem } from '../../../credentials/text';
import type { ItemFunctions } from '../service/itemFunctions';

// A model's link may be anyone's choice: every hop is checked (docs/ai-agents.md#documents-from-a-url).

// Literal again in the options for n8n's lint.
const DOWNLOAD_DEFAULTS = {
	maxLinks: 10,
	maxTotalSize: 50,
	// n8n's own timeout only counts idle time.
	timeLimit: 60,
} as const;

// A file host's short link and its storage, not a chain.
export const MAX_DOWNLOAD_REDIRECTS = 3;

// Its path and query may hold a key.
export function originOf(url: string) {
	try {
		return new URL(url).origin;
	} catch {
		return 'not a URL';
	}
}

function nameFromUrl(url: string) {
	const segment = new URL(url).pathname.split('/').pop() ?? '';
	let last = '';
	try {
		last = safeBaseName(decodeURIComponent(segment));
	} catch {
		// a malformed %-escape names nothing
	}
	return /\.[a-z0-9]{1,5}$/i.test(last) ? last : 'document.pdf';
}

export function downloadFileName(context: ItemFunctions, value: unknown, fieldLabel: string) {
	return nameFromUrl(requireHttpUrl(context, value, fieldLabel));
}

type DownloadBudget = ReturnType<typeof downloadBudget>;

// In an AI tool each limit must be written in the node: a model must not lift one.
export function downloadBudget(context: ItemFunctions) {
	const asTool = runsAsTool(context);
	const given = (context.getNodeParameter('downloadOptions', {}) ?? {}) as IDataObject;
	const label = (name: string) => `Download Options: ${DOWNLOAD_OPTION_LABELS[name] ?? name}`;
	if (asTool) {
		// Each option first, so that the error names it.
		for (const key of [...Object.keys(DOWNLOAD_OPTION_LABELS), '']) {
			if (!isWrittenInNode(context, key ? `downloadOptions.${key}` : 'downloadOptions')) {
				const shown = key ? label(key) : 'Download Options';
				throw inputError(
					context,
					`${shown} must be written in the node, not set by an expression, when the node runs as an AI tool`,
					"A model can fill an expression of a tool; only the workflow's author sets the download limits.",
				);
			}
		}
	}
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
			given.allowInternalAddresses === undefined
				? false
				: booleanOf(context, given.allowInternalAddresses, label('allowInternalAddresses')),
		checkAddresses: asTool,
	};
}

const ALLOW_INTERNAL_HINT =
	'can turn on Download Options → Allow Internal Addresses (AI Tool) in the node.';

const REFUSALS = {
	internal: {
		reason: (origin: string) => `internal address ${origin}`,
		hint:
			'An AI tool downloads only from public addresses. If the workflow must download from this network, its ' +
			`author ${ALLOW_INTERNAL_HINT}`,
	},
	unchecked: {
		reason: (origin: string) => `the address of ${origin} could not be checked`,
		hint:
			'An AI tool downloads only from addresses it has checked are public: the name did not resolve, or this n8n ' +
			'cannot resolve names for nodes (n8n 1.x). Check the link. If the workflow must download from it, its author ' +
			ALLOW_INTERNAL_HINT,
	},
};

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
	const refused = (kind: keyof typeof REFUSALS) =>
		inputError(
			context,
			`${fieldLabel}: refused: ${REFUSALS[kind].reason(url.origin)}${from ? ` (a redirect from ${from})` : ''}`,
			REFUSALS[kind].hint,
		);
	if (internalAddressProblem(url)) throw refused('internal');
	if (isIpLiteral(url)) return undefined;
	const resolved = await resolveAll(context, url.hostname.replace(/\.$/, ''));
	if (!resolved) throw refused('unchecked');
	if (resolved === 'refused by n8n' || resolved.some(({ address }) => internalIpProblem(address)))
		throw refused('internal');
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
	let response: IN8nHttpFullResponse | undefined;
	for (let redirects = 0; ; redirects++) {
		const pinned = await checkHop(context, hop, budget, fieldLabel, previous);
		if (deadline.aborted) throw tooSlow();
		response = await requestHop(context, hop, pinned, fieldLabel, origin, deadline, tooSlow);
		const location = response.headers.location;
		if (response.statusCode < 300 || response.statusCode >= 400 || location === undefined) break;
		(response.body as unknown as ByteStream).destroy?.();
		if (redirects >= MAX_DOWNLOAD_REDIRECTS)
			throw failed(
				`was redirected more than ${MAX_DOWNLOAD_REDIRECTS} times`,
				'Check that the URL is a direct link to the PDF and that n8n can reach it.',
			);
		let next: URL | undefined;
		try {
			next = new URL(String(location), hop);
		} catch {
			// a Location that is not a URL
		}
		if (!next || httpUrlProblem(next.href))
			throw failed(
				'was redirected to a link that is not http(s)',
				'Check that the URL is a direct link to the PDF.',
			);
		previous = hop.origin;
		hop = next;
	}
	const body = response.body as unknown as ByteStream;
	if (response.statusCode >= 300) {
		body.destroy?.();
		throw failed(
			`failed with HTTP ${response.statusCode}`,
			'Check that the URL is a direct link to the PDF and that it needs no sign-in.',
		);
	}
	const declared = Number(response.headers['content-length']);
	// Content-Length counts the bytes as sent: a compressed answer is counted again as it is unpacked.
	if (Number.isFinite(declared) && declared > MAX_DOWNLOAD_BYTES) {
		body.destroy?.();
		throw tooLarge();
	}
	const stop = () => body.destroy?.();
	deadline.addEventListener('abort', stop, { once: true });
	// A body cut by the deadline ends in a stream error.
	const bytes = await readUpTo(body, Math.min(MAX_DOWNLOAD_BYTES, budget.bytesLeft))
		.catch((error: unknown) => Promise.reject(deadline.aborted ? tooSlow() : error))
		.finally(() => deadline.removeEventListener('abort', stop));
	if (deadline.aborted) throw tooSlow();
	if (bytes === undefined && budget.bytesLeft >= MAX_DOWNLOAD_BYTES) throw tooLarge();
	if (bytes === undefined)
		throw failed(
			`takes the item's documents past ` + `${budget.maxTotalBytes / 1024 / 1024} MB together`,
			"Send fewer or smaller documents per item; the workflow's author can change Download Options → " +
				'Max Total Size (MB).',
		);
	budget.bytesLeft -= bytes.length;
	return documentFile(bytes, nameFromUrl(url), detectMimeType(bytes).mimeType);
}

// n8n takes no lookup of a node's: the checked address goes in the URL, the name in Host and TLS's server name.
function pinnedRequest(
	hop: URL,
	pinned: string | undefined,
): Pick<IHttpRequestOptions, 'url' | 'headers' | 'agentOptions'> {
	if (pinned === undefined) return { url: hop.href };
	const target = new URL(hop.href);
	target.hostname = pinned.includes(':') ? `[${pinned}]` : pinned;
	return {
		url: target.href,
		headers: { Host: hop.host },
		...(hop.protocol === 'https:'
			? { agentOptions: { servername: hop.hostname.replace(/\.$/, '') } }
			: {}),
	};
}

async function requestHop(
	context: ItemFunctions,
	hop: URL,
	pinned: string | undefined,
	fieldLabel: string,
	origin: string,
	deadline: AbortSignal,
	tooSlow: () => Error,
) {
	try {
		// Never with the credential: a prompt can choose the URL.
		const target = pinnedRequest(hop, pinned);
		return (await context.helpers.httpRequest({
			method: 'GET',
			...target,
			headers: { Accept: 'application/pdf', ...target.headers },
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
			'Check that the URL is a direct link to the PDF and that n8n can reach it.',
		);
	}
}
