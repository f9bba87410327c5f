import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { ESignatureCredentialError, grantTypeOf, SECRET_FIELDS, text } from './environment';
import type { Form } from './dialects';
import { formFor, INTEGRATION_BASIC_FIELDS, learn, otherForm, refusesBasicPair } from './dialects';
import { tokenRequest } from './tokenRequest';
import { scrubbedText } from './scrubbing';

/*
 * Access tokens, shared by every request of a credential in this n8n instance. n8n calls preAuthentication once per
 * request while the stored token is empty or refused (401): N items would make N token requests. Here concurrent
 * callers share one fetch, and a caller refused with a token older than the newest gets the newest.
 */

/** Name of the credential type, as nodes refer to it. */
export const CREDENTIAL_TYPE = 'eSignatureApi';

interface TokenEntry {
	token?: string;
	/** Epoch ms after which the service will refuse the token (from expires_in). */
	expiresAt?: number;
	inFlight?: Promise<string>;
	/** Hashes of tokens refused by the service that this process has already fetched a newer token for. */
	replaced: string[];
}

/** How many replaced tokens an entry remembers: enough for the stragglers of one renewal. */
const REPLACED_KEPT = 20;

const tokens = new Map<string, TokenEntry>();

/** Credentials whose tokens are kept, least recently used dropped first (its next request fetches a token again). */
export const CREDENTIALS_KEPT = 1000;

/** The entry of a credential, now the most recently used; the cache is kept to CREDENTIALS_KEPT entries. */
function entryFor(key: string): TokenEntry {
	const known = tokens.get(key);
	tokens.delete(key);
	const entry = known ?? { replaced: [] };
	tokens.set(key, entry);
	for (const [oldKey, old] of tokens) {
		if (tokens.size <= CREDENTIALS_KEPT) break;
		// A fetch under way is shared by its waiters: its entry stays until it ends.
		if (!old.inFlight) tokens.delete(oldKey);
	}
	return entry;
}

/** A token is not handed out in its last seconds: it could expire on the way to the service. */
const EXPIRY_MARGIN_MS = 30_000;

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex');

/** The cache key of a credential: a hash, so no secret is ever kept as a key or shown in a heap dump of keys. */
const cacheKey = (credentials: ICredentialDataDecryptedObject) =>
	fingerprint(JSON.stringify(tokenRequest(credentials).identity));

/** A token request the service refused: its error, and what the service answered (to tell a refused client). */
interface TokenRefusal {
	error: ESignatureCredentialError;
	httpStatus: number;
	body: Record<string, unknown>;
	answer: string;
}

/**
 * Fetches a token. The Integration grant sends the Basic pair the credential is known to take (else the spec's), then
 * once the other if that client is refused, and remembers the one accepted (credentials/dialects.ts).
 */
async function fetchToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	entry: TokenEntry,
): Promise<string> {
	const integration = grantTypeOf(credentials) === 'integration';
	const first = integration ? formFor(credentials, 'integrationGrantBasic') : 'spec';
	const tried: string[] = [];
	for (const form of integration ? [first, otherForm(first)] : [first]) {
		const outcome = await fetchTokenAs(helper, credentials, entry, form);
		if (typeof outcome === 'string') {
			if (integration) learn(credentials, 'integrationGrantBasic', form);
			return outcome;
		}
		if (!integration || !refusesBasicPair(outcome.httpStatus, outcome.body)) throw outcome.error;
		tried.push(
			`Basic ${INTEGRATION_BASIC_FIELDS[form].label} (${form === 'spec' ? 'the spec' : 'the live service'}): ` +
				`${outcome.answer}`,
		);
	}
	throw new ESignatureCredentialError(
		`The E-Signature service refused the Integration grant at ${tokenRequest(credentials).request.url}: ` +
			`the client was not accepted either way it was tried, ${tried.join('; ')}. ` +
			`Check Client ID and Client Secret, and Account ID and Account Secret.`,
	);
}

/** One token request with the given Basic pair: the token, or the service's refusal; an unreachable endpoint throws. */
async function fetchTokenAs(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	entry: TokenEntry,
	basic: Form,
): Promise<string | TokenRefusal> {
	const { request, grantLabel, fieldsToCheck } = tokenRequest(credentials, basic);
	// A transport error can carry the request (and its secrets): only its message is kept.
	const outcome = await helper.helpers
		// Not followed: a redirect would carry the grant's secrets (body and Basic pair) to wherever it points.
		.httpRequest({
			...request,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		})
		.then(
			(full: { statusCode: number; body: unknown }) => ({ response: full, failure: undefined }),
			(error: Error) => ({ response: undefined, failure: error.message }),
		);
	if (!outcome.response)
		throw new ESignatureCredentialError(
			`Could not reach the token endpoint of the ${grantLabel} grant at ${request.url}: ` +
				`${unreachable(outcome.failure)}. Check the Base URL and Authorization Server URL of the credential.`,
		);
	const { response } = outcome;
	const body = (
		typeof response.body === 'object' && response.body !== null ? response.body : {}
	) as Record<string, unknown>;
	if (
		response.statusCode >= 200 &&
		response.statusCode < 300 &&
		typeof body.access_token === 'string'
	) {
		const lifetimeSeconds = Number(body.expires_in);
		entry.token = body.access_token;
		entry.expiresAt = Number.isFinite(lifetimeSeconds)
			? Date.now() + lifetimeSeconds * 1000
			: undefined;
		return body.access_token;
	}
	// The token endpoint may repeat what it was sent: its words are scrubbed of this credential's secrets only.
	const said = [body.error, body.error_description]
		.filter((part) => typeof part === 'string')
		.join(': ');
	const serviceSays = scrubbedText(said, secretsOfCredential(credentials));
	const answer = `HTTP ${response.statusCode}${serviceSays ? `, ${serviceSays}` : ''}`;
	return {
		error: new ESignatureCredentialError(
			refusalMessage(grantLabel, request.url, response.statusCode, body, answer, fieldsToCheck),
		),
		httpStatus: response.statusCode,
		body,
		answer,
	};
}

/** A transport failure in words: n8n replaces a message that carries a system error code with its own, URL-less one. */
function unreachable(failure: string | undefined): string {
	const text = failure ?? '';
	if (/ECONNREFUSED/.test(text)) return 'the connection was refused';
	if (/ENOTFOUND|EAI_AGAIN/.test(text)) return 'the host name was not found';
	if (/ETIMEDOUT|ECONNABORTED|timeout/i.test(text)) return 'it did not answer in time';
	if (/ECONNRESET/.test(text)) return 'the connection was cut';
	return text.replace(/\b[A-Z_]{5,}\b/g, '').trim() || 'no answer';
}

/**
 * Why a token request failed, in terms of what to fix: the address when nothing answers as a token endpoint would,
 * the service when it fails, the client when it is refused, the grant's own fields when they are. Never a value.
 */
function refusalMessage(
	grantLabel: string,
	url: string,
	status: number,
	body: Record<string, unknown>,
	answer: string,
	fieldsToCheck: string,
): string {
	const where = `the token endpoint ${url}`;
	if (status >= 300 && status < 400)
		return (
			`The token endpoint ${url} answered with a redirect (HTTP ${status}), which is not followed: it would ` +
			`carry the ${grantLabel} grant's secrets to another address. Check the Base URL and Authorization Server ` +
			`URL of the credential.`
		);
	if (status >= 500)
		return (
			`The E-Signature service failed to issue a token for the ${grantLabel} grant at ${where} (${answer}). ` +
			`The service may be unavailable: try again later.`
		);
	const oauthError = typeof body.error === 'string';
	if (!oauthError && (status === 404 || status === 405 || status < 400))
		return (
			`Nothing at ${where} answered as the service's token endpoint does (${answer}). Check the Base URL ` +
			`and Authorization Server URL of the credential.`
		);
	if (status === 401 || body.error === 'invalid_client')
		return (
			`The E-Signature service refused the ${grantLabel} grant (${answer}): the client was not accepted. ` +
			`Check Client ID and Client Secret.`
		);
	if (body.error === 'invalid_grant') {
		const fields =
			grantLabel === 'Integration'
				? 'Username, Password, Account ID and Account Secret'
				: 'Client ID and Client Secret';
		return `The E-Signature service refused the ${grantLabel} grant (${answer}). Check ${fields}.`;
	}
	return `The E-Signature service refused the ${grantLabel} grant at ${where} (${answer}). Check ${fieldsToCheck}.`;
}

/** A usable access token; `credentials.accessToken` is n8n's: empty when it has none, or the one just refused. */
export async function obtainAccessToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const entry = entryFor(cacheKey(credentials));
	if (entry.inFlight) return await entry.inFlight;

	const refused = text(credentials, 'accessToken');
	const fresh =
		entry.token !== undefined &&
		(entry.expiresAt === undefined || Date.now() < entry.expiresAt - EXPIRY_MARGIN_MS);
	// The cached token is handed out when nothing was refused, or the refused token is one it already replaced. A refused
	// token this process has not seen (another process's, or all invalidated) means the cached one may be refused too.
	const alreadyReplaced = refused !== '' && entry.replaced.includes(fingerprint(refused));
	if (
		entry.token !== undefined &&
		fresh &&
		refused !== entry.token &&
		(refused === '' || alreadyReplaced)
	)
		return entry.token;

	const fetching = fetchToken(helper, credentials, entry);
	entry.inFlight = fetching;
	try {
		const token = await fetching;
		if (refused !== '')
			entry.replaced = [fingerprint(refused), ...entry.replaced].slice(0, REPLACED_KEPT);
		return token;
	} finally {
		entry.inFlight = undefined;
	}
}

/**
 * The service refused n8n's token in its own form (HTTP 200, errorCode 401 or 3), which n8n does not see as a refusal:
 * the next obtainAccessToken (renewRefusedToken, nodes/ESignature/service/transport.ts) fetches a new one, unless this
 * process already replaced that token. Recorded even without a cached token (a queue worker given another's token).
 */
export function refuseAccessToken(credentials: ICredentialDataDecryptedObject): void {
	const refused = text(credentials, 'accessToken');
	if (refused === '') return;
	const entry = entryFor(cacheKey(credentials));
	const print = fingerprint(refused);
	if (entry.replaced.includes(print)) return;
	// As in obtainAccessToken: a refused token this process has not replaced means its cached one may be refused too.
	entry.token = undefined;
	entry.replaced = [print, ...entry.replaced].slice(0, REPLACED_KEPT);
}

export const bearerHeader = (token: string) => `Bearer ${token}`;

/**
 * The token a request carried, from the Authorization header authenticate also writes on the caller's options
 * (docs/n8n-notes.md#access-tokens): n8n may hold another execution's token, so only this says which was refused.
 */
export function sentTokenOf(requestOptions: IHttpRequestOptions | undefined): string | undefined {
	const header: unknown = requestOptions?.headers?.Authorization;
	const prefix = bearerHeader('');
	return typeof header === 'string' && header.startsWith(prefix)
		? header.slice(prefix.length)
		: undefined;
}

/** The newest token this process holds for the credential, if any (e.g. the one to revoke). */
export function currentAccessToken(
	credentials: ICredentialDataDecryptedObject,
): string | undefined {
	return tokens.get(cacheKey(credentials))?.token;
}

/** This credential's stored secrets and cached token: its answers are scrubbed of these (credentials/scrubbing.ts). */
export function secretsOfCredential(credentials: ICredentialDataDecryptedObject): string[] {
	let cached = '';
	try {
		cached = currentAccessToken(credentials) ?? '';
	} catch {
		// a credential with a field missing has no cached token
	}
	return [...[...SECRET_FIELDS].map((key) => text(credentials, key)), cached].filter(Boolean);
}

/** Forgets the credential's token (e.g. revoked); revoked ones count as replaced, so stragglers get the next one. */
export function forgetAccessToken(credentials: ICredentialDataDecryptedObject): void {
	const key = cacheKey(credentials);
	const revoked = [text(credentials, 'accessToken'), tokens.get(key)?.token ?? '']
		.filter(Boolean)
		.map(fingerprint);
	tokens.set(key, { replaced: revoked });
}
