import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { ESignatureCredentialError, grantTypeOf, SECRET_FIELDS, text } from './environment';
import { formFor, learn, learntForm, otherForm, refusesBasicPair } from './dialects';
import { refusalMessage, type TokenRefusal, unreachableMessage } from './tokenRefusal';
import { tokenRequest } from './tokenRequest';
import { scrubbedText } from './scrubbing';

// n8n calls preAuthentication for every request while the token is empty or refused: here they share one fetch.

export const CREDENTIAL_TYPE = 'eSignatureApi';

interface TokenEntry {
	token?: string;
	expiresAt?: number;
	inFlight?: Promise<string>;
	// Tokens refused after this process fetched a newer one: their stragglers get the newest.
	replaced: string[];
}

const REPLACED_KEPT = 20;

const tokens = new Map<string, TokenEntry>();

export const CREDENTIALS_KEPT = 1000;

function entryFor(key: string): TokenEntry {
	const entry = tokens.get(key) ?? { replaced: [] };
	tokens.delete(key);
	tokens.set(key, entry);
	for (const [oldKey, old] of tokens) {
		if (tokens.size <= CREDENTIALS_KEPT) break;
		// A fetch under way keeps its entry: its waiters share it.
		if (!old.inFlight) tokens.delete(oldKey);
	}
	return entry;
}

// A token in its last seconds could expire on the way to the service.
const EXPIRY_MARGIN_MS = 30_000;

const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex');

function markReplaced(entry: TokenEntry, token: string): void {
	entry.replaced = [fingerprint(token), ...entry.replaced].slice(0, REPLACED_KEPT);
}

const cacheKey = (credentials: ICredentialDataDecryptedObject) =>
	fingerprint(JSON.stringify(tokenRequest(credentials).identity));

async function fetchToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	entry: TokenEntry,
): Promise<string> {
	const integration = grantTypeOf(credentials) === 'integration';
	const first = integration ? formFor(credentials, 'integrationGrantBasic') : undefined;
	const refusals: TokenRefusal[] = [];
	for (const form of first ? [first, otherForm(first)] : [undefined]) {
		const token = tokenRequest(credentials, form);
		// A redirect would carry the grant's secrets wherever it points.
		const response: { statusCode: number; body: unknown } | { failure: string | undefined } =
			await helper.helpers
				.httpRequest({
					...token.request,
					json: true,
					returnFullResponse: true,
					ignoreHttpStatusErrors: true,
					disableFollowRedirect: true,
				})
				// A transport error can carry the request and its secrets: only its message is kept.
				.catch((error: Error) => ({ failure: error.message }));
		if ('failure' in response)
			throw new ESignatureCredentialError(unreachableMessage(token, response.failure));
		const { statusCode, body: raw } = response;
		const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
		if (statusCode >= 200 && statusCode < 300 && typeof body.access_token === 'string') {
			const lifetimeSeconds = Number(body.expires_in);
			entry.token = body.access_token;
			entry.expiresAt = Number.isFinite(lifetimeSeconds)
				? Date.now() + lifetimeSeconds * 1000
				: undefined;
			if (form) learn(credentials, 'integrationGrantBasic', form);
			return body.access_token;
		}
		// The token endpoint may repeat what it was sent.
		const said = [body.error, body.error_description].filter((part) => typeof part === 'string');
		const secrets = secretsOfCredential(credentials);
		refusals.push({ form, status: statusCode, body, said: scrubbedText(said.join(': '), secrets) });
		if (!form || !refusesBasicPair(statusCode, body)) break;
	}
	throw new ESignatureCredentialError(
		refusalMessage(
			tokenRequest(credentials),
			refusals,
			learntForm(credentials, 'integrationGrantBasic'),
		),
	);
}

// `credentials.accessToken` is empty, or the token just refused.
export async function obtainAccessToken(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<string> {
	const entry = entryFor(cacheKey(credentials));
	if (entry.inFlight) return await entry.inFlight;

	const refused = text(credentials, 'accessToken');
	const cached = entry.token;
	const fresh =
		cached !== undefined &&
		(entry.expiresAt === undefined || Date.now() < entry.expiresAt - EXPIRY_MARGIN_MS);
	// A refused token this process did not replace (another's, or all revoked) means the cached one may be refused too.
	const alreadyReplaced = refused !== '' && entry.replaced.includes(fingerprint(refused));
	if (fresh && refused !== cached && (refused === '' || alreadyReplaced)) return cached;

	const fetching = fetchToken(helper, credentials, entry);
	entry.inFlight = fetching;
	try {
		const token = await fetching;
		if (refused !== '') markReplaced(entry, refused);
		return token;
	} finally {
		entry.inFlight = undefined;
	}
}

// A refusal with HTTP 200, which n8n does not see; recorded without a cached token too (a queue worker's).
export function refuseAccessToken(credentials: ICredentialDataDecryptedObject): void {
	const refused = text(credentials, 'accessToken');
	if (refused === '') return;
	const entry = entryFor(cacheKey(credentials));
	if (entry.replaced.includes(fingerprint(refused))) return;
	entry.token = undefined;
	markReplaced(entry, refused);
}

export const bearerHeader = (token: string) => `Bearer ${token}`;

// n8n may already hold another execution's token: only the header authenticate wrote says which was refused.
export function sentTokenOf(requestOptions: IHttpRequestOptions | undefined): string | undefined {
	const header: unknown = requestOptions?.headers?.Authorization;
	const prefix = bearerHeader('');
	return typeof header === 'string' && header.startsWith(prefix)
		? header.slice(prefix.length)
		: undefined;
}

export function currentAccessToken(
	credentials: ICredentialDataDecryptedObject,
): string | undefined {
	return tokens.get(cacheKey(credentials))?.token;
}

export function secretsOfCredential(credentials: ICredentialDataDecryptedObject): string[] {
	let cached = '';
	try {
		cached = currentAccessToken(credentials) ?? '';
	} catch {
		// a credential with a field missing has none
	}
	return [...[...SECRET_FIELDS].map((key) => text(credentials, key)), cached].filter(Boolean);
}

// Revoked tokens count as replaced, so stragglers get the next one.
export function forgetAccessToken(credentials: ICredentialDataDecryptedObject): void {
	const key = cacheKey(credentials);
	const revoked = [text(credentials, 'accessToken'), tokens.get(key)?.token ?? '']
		.filter(Boolean)
		.map(fingerprint);
	tokens.set(key, { replaced: revoked });
}
