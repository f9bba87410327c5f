import { createHash } from 'crypto';
import type { ICredentialDataDecryptedObject, IHttpRequestHelper, IHttpRequestOptions } from 'n8n-workflow';

/**
 * Access tokens of the E-Signature service, shared by every request of a credential within this n8n instance.
 *
 * n8n sends all items of a run at once and calls preAuthentication once per request whenever the stored token is
 * empty or was refused with 401. Left alone, N items make N token requests, and N more after an expiry.
 * Here concurrent callers share one in-flight fetch, and a caller refused with a token older than the newest one
 * gets the newest instead of fetching again.
 */

/** Name of the credential type, as nodes refer to it. */
export const CREDENTIAL_TYPE = 'eSignatureApi';

type GrantType = 'integration' | 'clientCredentials';

interface TokenEntry {
	token?: string;
	/** Epoch ms after which the service will refuse the token (from expires_in). */
	expiresAt?: number;
	inFlight?: Promise<string>;
}

const tokens = new Map<string, TokenEntry>();

/** A token is not handed out in its last seconds: it could expire on the way to the service. */
const EXPIRY_MARGIN_MS = 30_000;

export class ESignatureCredentialError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ESignatureCredentialError';
	}
}

/** Secrets are used exactly as entered; identifiers and URLs are trimmed. */
const SECRET_FIELDS = new Set(['clientSecret', 'password', 'accountSecret', 'accessToken']);

function text(credentials: ICredentialDataDecryptedObject, key: string): string {
	const value = credentials[key];
	const raw = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
	return SECRET_FIELDS.has(key) ? raw : raw.trim();
}

/** Checks that a credential URL is http(s) and returns it without trailing slashes. */
function normaliseUrl(value: string, fieldName: string): string {
	const trimmed = value.trim().replace(/\/+$/, '');
	let parsed: URL | undefined;
	try {
		parsed = new URL(trimmed);
	} catch {
		parsed = undefined;
	}
	if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
		throw new ESignatureCredentialError(
			`${fieldName} must be an http:// or https:// address, got "${trimmed || '(empty)'}"`,
		);
	}
	return trimmed;
}

function grantTypeOf(credentials: ICredentialDataDecryptedObject): GrantType {
	return credentials.grantType === 'clientCredentials' ? 'clientCredentials' : 'integration';
}

/** The API base URL of the environment the credential points at. */
export function baseUrlOf(credentials: ICredentialDataDecryptedObject): string {
	return credentials.environment === 'sandbox'
		? normaliseUrl(text(credentials, 'sandboxBaseUrl'), 'Sandbox Base URL')
		: normaliseUrl(text(credentials, 'baseUrl'), 'Base URL');
}

export function authUrlOf(credentials: ICredentialDataDecryptedObject): string {
	return normaliseUrl(text(credentials, 'authUrl'), 'Authorization Server URL');
}

function requireFields(credentials: ICredentialDataDecryptedObject, grant: string, fields: Array<[string, string]>) {
	const missing = fields.filter(([key]) => text(credentials, key) === '').map(([, label]) => label);
	if (missing.length) {
		throw new ESignatureCredentialError(`The ${grant} grant needs: ${missing.join(', ')}. Fill them in the credential.`);
	}
}

/** The token request of the credential's grant, with the fields that identify it for the cache key. */
function tokenRequest(credentials: ICredentialDataDecryptedObject): {
	request: IHttpRequestOptions;
	identity: string[];
	grantLabel: string;
	fieldsToCheck: string;
} {
	const clientId = text(credentials, 'clientId');
	const clientSecret = text(credentials, 'clientSecret');
	if (grantTypeOf(credentials) === 'clientCredentials') {
		requireFields(credentials, 'Client Credentials', [
			['authUrl', 'Authorization Server URL'],
			['clientId', 'Client ID'],
			['clientSecret', 'Client Secret'],
		]);
		const authUrl = authUrlOf(credentials);
		return {
			grantLabel: 'Client Credentials',
			fieldsToCheck: 'Client ID and Client Secret',
			identity: ['clientCredentials', authUrl, clientId, clientSecret],
			request: {
				method: 'POST',
				url: `${authUrl}/connect/token`,
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({
					grant_type: 'client_credentials',
					client_id: clientId,
					client_secret: clientSecret,
					scope: 'Integrationscope',
				}).toString(),
			},
		};
	}
	requireFields(credentials, 'Integration', [
		['clientId', 'Client ID'],
		['clientSecret', 'Client Secret'],
		['username', 'Username'],
		['password', 'Password'],
		['accountId', 'Account ID'],
		['accountSecret', 'Account Secret'],
	]);
	const baseUrl = baseUrlOf(credentials);
	const form = {
		grant_type: 'integration',
		username: text(credentials, 'username'),
		password: text(credentials, 'password'),
		accountId: text(credentials, 'accountId'),
		accountSecret: text(credentials, 'accountSecret'),
	};
	return {
		grantLabel: 'Integration',
		fieldsToCheck: 'Client ID, Client Secret, Username, Password, Account ID and Account Secret',
		identity: ['integration', baseUrl, clientId, clientSecret, ...Object.values(form)],
		request: {
			method: 'POST',
			url: `${baseUrl}/Authentication/Authority/Token`,
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
			},
			body: new URLSearchParams(form).toString(),
		},
	};
}

/** The issue time of a JWT access token (the service's tokens are JWTs), if it can be read. */
function issuedAt(token: string): number | undefined {
	const payload = token.split('.')[1];
	if (!payload) return undefined;
	try {
		const iat = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat?: unknown }).iat;
		return typeof iat === 'number' ? iat : undefined;
	} catch {
		return undefined;
	}
}

function isYounger(token: string, than: string): boolean {
	const a = issuedAt(token);
	const b = issuedAt(than);
	return a !== undefined && b !== undefined && a > b;
}

/** The cache key: a hash, so no secret is ever kept as a key or shown in a heap dump of keys. */
function cacheKey(identity: string[]): string {
	return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

async function fetchToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	entry: TokenEntry,
): Promise<string> {
	const { request, grantLabel, fieldsToCheck } = tokenRequest(credentials);
	// A transport error can carry the request (and its secrets): only its message is kept.
	const outcome = await helper.helpers
		.httpRequest({ ...request, json: true, returnFullResponse: true, ignoreHttpStatusErrors: true })
		.then(
			(full: { statusCode: number; body: unknown }) => ({ response: full, failure: undefined }),
			(error: Error) => ({ response: undefined, failure: error.message }),
		);
	if (!outcome.response) {
		throw new ESignatureCredentialError(
			`Could not reach the token endpoint of the ${grantLabel} grant (${new URL(request.url).origin}): ${outcome.failure}`,
		);
	}
	const { response } = outcome;
	const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as Record<
		string,
		unknown
	>;
	if (response.statusCode >= 200 && response.statusCode < 300 && typeof body.access_token === 'string') {
		const lifetimeSeconds = Number(body.expires_in);
		entry.token = body.access_token;
		entry.expiresAt = Number.isFinite(lifetimeSeconds) ? Date.now() + lifetimeSeconds * 1000 : undefined;
		return body.access_token;
	}
	const serviceSays = [body.error, body.error_description].filter((part) => typeof part === 'string').join(': ');
	const hint =
		response.statusCode === 401 || body.error === 'invalid_client'
			? 'Check Client ID and Client Secret.'
			: `Check ${fieldsToCheck}.`;
	throw new ESignatureCredentialError(
		`The E-Signature service refused the ${grantLabel} grant (HTTP ${response.statusCode}${serviceSays ? `, ${serviceSays}` : ''}). ${hint}`,
	);
}

/**
 * Returns a usable access token for the credential. `credentials.accessToken` is the token n8n holds: empty when it
 * has none, or the one the service just refused.
 */
export async function obtainAccessToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const key = cacheKey(tokenRequest(credentials).identity);
	let entry = tokens.get(key);
	if (!entry) {
		entry = {};
		tokens.set(key, entry);
	}
	if (entry.inFlight) return await entry.inFlight;

	const held = text(credentials, 'accessToken');
	const fresh = entry.token !== undefined && (entry.expiresAt === undefined || Date.now() < entry.expiresAt - EXPIRY_MARGIN_MS);
	// A refused token that is not our newest one was superseded by a fetch of another request: use the newest. Unless
	// the refused one is the younger (another n8n process fetched it, e.g. in queue mode): then fetch.
	if (entry.token !== undefined && fresh && entry.token !== held && !isYounger(held, entry.token)) return entry.token;

	const fetching = fetchToken(helper, credentials, entry);
	entry.inFlight = fetching;
	try {
		return await fetching;
	} finally {
		entry.inFlight = undefined;
	}
}

/** The newest token this process holds for the credential, if any (e.g. the one to revoke). */
export function currentAccessToken(credentials: ICredentialDataDecryptedObject): string | undefined {
	return tokens.get(cacheKey(tokenRequest(credentials).identity))?.token;
}

/** Forgets a token everywhere in this n8n instance, e.g. after it was revoked. */
export function forgetAccessToken(credentials: ICredentialDataDecryptedObject): void {
	tokens.delete(cacheKey(tokenRequest(credentials).identity));
}
