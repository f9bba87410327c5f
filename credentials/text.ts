/* Text rules the credential and the nodes share, here because the credential imports nothing from nodes/. */

/**
 * Longest values the node sends. The service publishes none (docs/service-api.md#decisions): each is far above any
 * real value and far below what breaks a request (a 1,000,000-character name was sent as it was).
 */
export const MAX_LENGTH = {
	/** Names, user names, sender names, IDs and other short texts: 256, the usual size of such columns. */
	text: 256,
	/** An e-mail address: RFC 5321 allows a path of 256 octets, the address inside its angle brackets 254. */
	email: 254,
	/** A reference number: 100, twice the longest the node derives (docs/service-api.md#decisions). */
	referenceNumber: 100,
	/** An invitation subject: 255, the longest subject line mail programs keep unfolded. */
	subject: 255,
	/** Invitation messages, template field values, signature text: 4,000, a long letter. */
	longText: 4000,
	/** A URL: 2,048, the longest that browsers, proxies and servers all accept. */
	url: 2048,
	/** A file name: 255, the longest most file systems allow. */
	fileName: 255,
	/** Passwords and tokens: 1,024; a header token travels back in a header, which servers cap at a few kilobytes. */
	secret: 1024,
} as const;

/** Whether text is one line or may have several (multi-line fields, such as messages, keep tab, LF and CR). */
export type Lines = 'single' | 'multi';

const LINE_CODES = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether a UTF-16 code is a control character: C0, C1, DEL and the Unicode line and paragraph separators. A CR or LF
 * in a header token or URL would split what the service sends; a NUL cuts text short.
 */
export function isControlCode(code: number, lines: Lines = 'single'): boolean {
	if (lines === 'multi' && LINE_CODES.has(code)) return false;
	if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
	return lines === 'single' && (code === 0x2028 || code === 0x2029);
}

/** The first control character in text, as "U+000A at character 5", or undefined. */
export function controlCharacterIn(text: string, lines: Lines = 'single'): string | undefined {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (isControlCode(code, lines))
			return `U+${code.toString(16).toUpperCase().padStart(4, '0')} at character ${index + 1}`;
	}
	return undefined;
}

/**
 * What is wrong with an http(s) URL, or undefined: it must parse and name a host right after the "//" (parsers read
 * "https:///x" as host "x"; the service would not). Only protocol and host are shown: a path may carry a key.
 */
export function httpUrlProblem(text: string): string | undefined {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return 'must be an http:// or https:// URL, got text that is not a URL';
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		const start = url.host ? `${url.protocol}//${url.host}` : url.protocol;
		return `must be an http:// or https:// URL, got one starting with "${start}"`;
	}
	if (!/^https?:\/\/[^/\\?#\s]/i.test(text))
		return `must name a host after "${url.protocol}//", such as ${url.protocol}//example.com/`;
	return undefined;
}

/** Text without the slashes it ends with, by a loop: the regex /\/+$/ takes quadratic time on a long run of slashes. */
export function withoutTrailingSlashes(text: string): string {
	let end = text.length;
	while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
	return text.slice(0, end);
}

/** Text without the slashes it starts with (linear, as above). */
export function withoutLeadingSlashes(text: string): string {
	let start = 0;
	while (start < text.length && text.charCodeAt(start) === 0x2f) start++;
	return text.slice(start);
}
