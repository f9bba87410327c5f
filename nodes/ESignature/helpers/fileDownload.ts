import type { IExecuteSingleFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import type { DocumentFile } from './binary';
import { documentFile } from './binary';
import { detectMimeType, safeBaseName } from '../shared/files';
import { inputError, requireHttpUrl } from './validation';

/*
 * File Input → URL: the node downloads the document itself, so that a model (which can pass no file to a tool) can
 * give a link. Whoever wrote a text the model read can choose that link, so the download is kept narrow
 * (docs/ai-agents.md#documents-from-a-url): n8n's own HTTP helper only (n8n's proxy and outbound-request rules apply),
 * never the credential, http(s) only, a bounded number of redirects and bytes; the caller then accepts only a PDF.
 */

/** The largest document downloaded: far above a contract PDF (the README's figures send 20 MB), and a bound on a link's cost. */
export const MAX_DOWNLOAD_BYTES = 25 * 1024 * 1024;

/** Redirects followed: enough for a file host's short link and its storage, not a chain. */
export const MAX_DOWNLOAD_REDIRECTS = 3;

/** How long a download may take before it is given up (ms). */
const DOWNLOAD_TIMEOUT_MS = 60_000;

type ByteStream = AsyncIterable<Buffer> & { destroy?: () => void };

/** Where a URL points, for error messages: its path and query may hold a key. */
function originOf(url: string): string {
	return new URL(url).origin;
}

/**
 * The file name of a download: the last segment of the URL's path, when it names a file, reduced to a safe base name
 * as every file name is (an escaped "/" or control character stays out); a malformed %-escape names nothing.
 */
function nameFromUrl(url: string): string {
	const segment = new URL(url).pathname.split('/').pop() ?? '';
	let last = '';
	try {
		last = safeBaseName(decodeURIComponent(segment));
	} catch {
		// URIError: the default name below.
	}
	return /\.[a-z0-9]{1,5}$/i.test(last) ? last : 'document.pdf';
}

/** Reads a downloaded stream into memory, refusing it once it passes MAX_DOWNLOAD_BYTES. */
async function readLimited(context: IExecuteSingleFunctions, body: ByteStream, fieldLabel: string, origin: string): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body) {
		size += chunk.length;
		if (size > MAX_DOWNLOAD_BYTES) {
			body.destroy?.();
			throw tooLarge(context, fieldLabel, origin);
		}
		chunks.push(chunk);
	}
	return Buffer.concat(chunks, size);
}

const tooLarge = (context: IExecuteSingleFunctions, fieldLabel: string, origin: string) =>
	inputError(
		context,
		`${fieldLabel}: the document at ${origin} is larger than ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB`,
		'Download it with another node and give it as a binary file.',
	);

/** Downloads one document given by URL (its type is read from the bytes; the caller checks it is a PDF). */
export async function downloadDocument(
	context: IExecuteSingleFunctions,
	value: unknown,
	fieldLabel: string,
): Promise<DocumentFile> {
	const url = requireHttpUrl(context, value, fieldLabel);
	const origin = originOf(url);
	let response: IN8nHttpFullResponse;
	try {
		// helpers.httpRequest, not httpRequestWithAuthentication: the credential never goes to a URL a prompt can choose.
		response = (await context.helpers.httpRequest({
			method: 'GET',
			url,
			headers: { Accept: 'application/pdf' },
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			maxRedirects: MAX_DOWNLOAD_REDIRECTS,
			timeout: DOWNLOAD_TIMEOUT_MS,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const { code, message, name } = (error ?? {}) as { code?: string; message?: string; name?: string };
		// n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED) refuses an address before connecting.
		if (name?.startsWith('Ssrf')) {
			throw inputError(
				context,
				`${fieldLabel}: n8n's outbound rules (SSRF protection) do not allow downloads from ${origin}`,
				'Ask the n8n administrator to allow the host (N8N_SSRF_ALLOWED_HOSTNAMES or N8N_SSRF_ALLOWED_IP_RANGES), or give the document as Base64 Text.',
			);
		}
		const redirects = code === 'ERR_FR_TOO_MANY_REDIRECTS' || /redirect/i.test(message ?? '');
		throw inputError(
			context,
			redirects
				? `${fieldLabel}: the download from ${origin} was redirected more than ${MAX_DOWNLOAD_REDIRECTS} times`
				: `${fieldLabel}: the document could not be downloaded from ${origin}${code ? ` (${code})` : ''}`,
			'Check that the URL is a direct link to the PDF and that n8n can reach it.',
		);
	}
	const body = response.body as unknown as ByteStream;
	if (response.statusCode >= 400) {
		body.destroy?.();
		throw inputError(
			context,
			`${fieldLabel}: the download from ${origin} failed with HTTP ${response.statusCode}`,
			'Check that the URL is a direct link to the PDF and that it needs no sign-in.',
		);
	}
	const declared = Number(response.headers['content-length']);
	if (Number.isFinite(declared) && declared > MAX_DOWNLOAD_BYTES) {
		body.destroy?.();
		throw tooLarge(context, fieldLabel, origin);
	}
	const bytes = await readLimited(context, body, fieldLabel, origin);
	return documentFile(bytes, nameFromUrl(url), detectMimeType(bytes).mimeType);
}
