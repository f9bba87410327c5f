// The credential imports nothing from nodes/, so the text rules both use live here.

// The service publishes no limits (docs/service-api.md#decisions).
export const MAX_LENGTH = {
	text: 256,
	email: 254,
	referenceNumber: 100,
	subject: 255,
	longText: 4000,
	url: 2048,
	fileName: 255,
	secret: 1024,
} as const;

export type Lines = 'single' | 'multi';

const LINE_CODES = new Set([0x09, 0x0a, 0x0d]);

// A CR or LF would split a header or URL; a NUL cuts text short.
export function isControlCode(code: number, lines: Lines = 'single'): boolean {
	if (lines === 'multi' && LINE_CODES.has(code)) return false;
	if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
	return lines === 'single' && (code === 0x2028 || code === 0x2029);
}

export function controlCharacterIn(text: string, lines: Lines = 'single'): string | undefined {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (isControlCode(code, lines))
			return `U+${code.toString(16).toUpperCase().padStart(4, '0')} at character ${index + 1}`;
	}
	return undefined;
}

// URL parsers read "https:///x" as host "x"; the service does not. A path may hold a key: it is never shown.
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

// A loop: /\/+$/ or /[\s.]+$/ takes quadratic time on a long run of slashes or dots.
export function withoutTrailing(text: string, trimmed: RegExp): string {
	let end = text.length;
	while (end > 0 && trimmed.test(text[end - 1])) end--;
	return text.slice(0, end);
}

export const withoutTrailingSlashes = (text: string) => withoutTrailing(text, /\//);

export function withoutLeadingSlashes(text: string): string {
	let start = 0;
	while (start < text.length && text.charCodeAt(start) === 0x2f) start++;
	return text.slice(start);
}
