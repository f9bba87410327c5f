import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	controlCharacterIn,
	httpUrlProblem,
	MAX_LENGTH,
	withoutLeadingSlashes,
	withoutTrailingSlashes,
} from './text';

export type GrantType = 'integration' | 'clientCredentials';

// No `code`: n8n's credential test would show the code in place of the message.
export class ESignatureCredentialError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ESignatureCredentialError';
	}
}

// n8n wraps it as its error's cause.
export function isCredentialError(error: unknown): boolean {
	const named = (value: unknown) =>
		(value as Error | undefined)?.name === 'ESignatureCredentialError';
	return named(error) || named((error as { cause?: unknown } | undefined)?.cause);
}

// Secrets are used exactly as entered; identifiers and URLs are trimmed.
export const SECRET_FIELDS = new Set(['clientSecret', 'password', 'accountSecret', 'accessToken']);

export function text(credentials: ICredentialDataDecryptedObject, key: string): string {
	const raw = String(credentials[key] ?? '');
	return SECRET_FIELDS.has(key) ? raw : raw.trim();
}

function normaliseUrl(value: string, fieldName: string): string {
	// Nothing of unbounded length reaches the URL parser.
	if (value.length > MAX_LENGTH.url)
		throw new ESignatureCredentialError(
			`${fieldName} is too long: ${value.length} characters, at most ${MAX_LENGTH.url}`,
		);
	const trimmed = withoutTrailingSlashes(value.trim());
	const problem =
		trimmed === ''
			? 'must be an http:// or https:// address, got "(empty)"'
			: (httpUrlProblem(trimmed) ?? controlProblem(trimmed));
	if (problem) throw new ESignatureCredentialError(`${fieldName} ${problem}`);
	return trimmed;
}

export function controlProblem(value: string): string | undefined {
	const found = controlCharacterIn(value);
	return found ? `has a control character (${found})` : undefined;
}

export function grantTypeOf(credentials: ICredentialDataDecryptedObject): GrantType {
	return credentials.grantType === 'clientCredentials' ? 'clientCredentials' : 'integration';
}

export function baseUrlField(credentials: ICredentialDataDecryptedObject) {
	return credentials.environment === 'sandbox'
		? { key: 'sandboxBaseUrl', label: 'Sandbox Base URL' }
		: { key: 'baseUrl', label: 'Base URL' };
}

export function baseUrlOf(credentials: ICredentialDataDecryptedObject): string {
	const { key, label } = baseUrlField(credentials);
	return normaliseUrl(text(credentials, key), label);
}

export function authUrlOf(credentials: ICredentialDataDecryptedObject): string {
	return normaliseUrl(text(credentials, 'authUrl'), 'Authorization Server URL');
}

function isUnder(url: string, base: string) {
	if (!URL.canParse(url) || !URL.canParse(base)) return false;
	const target = new URL(url);
	const root = new URL(base);
	const path = withoutTrailingSlashes(root.pathname);
	return (
		target.origin === root.origin &&
		(target.pathname === path || target.pathname.startsWith(`${path}/`) || path === '')
	);
}

// The HTTP Request node's URL is the user's: any other host gets an error, never the token.
export function signedUrl(
	credentials: ICredentialDataDecryptedObject,
	url: string,
	baseURL?: string,
): { baseURL?: string; url: string } {
	const absolute = /^https?:\/\//i.test(url);
	if (!absolute && !baseURL) return { baseURL: baseUrlOf(credentials), url };
	const target = absolute
		? url
		: `${withoutTrailingSlashes(baseURL!)}/${withoutLeadingSlashes(url)}`;
	const allowed = signedBases(credentials);
	if (allowed.some((base) => isUnder(target, base)))
		return { baseURL: baseURL === undefined ? undefined : withoutTrailingSlashes(baseURL), url };
	const where = URL.canParse(target) ? new URL(target).origin : target;
	throw new ESignatureCredentialError(
		`The E-Signature API credential signs only requests to ${allowed.join(' and ')}, not to ${where}. ` +
			"Use a credential of that service for other hosts, or check the URL and the credential's Environment.",
	);
}

const signedBases = (credentials: ICredentialDataDecryptedObject) => [
	baseUrlOf(credentials),
	...(text(credentials, 'authUrl') ? [authUrlOf(credentials)] : []),
];

export function signedHosts(credentials: ICredentialDataDecryptedObject): string[] {
	return [...new Set(signedBases(credentials).map((base) => new URL(base).hostname))];
}
