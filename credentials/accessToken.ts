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
	const known = tokens.get(key);
	tokens.delete(key);
	const entry = known ?? { replaced: [] };
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

const cacheKey = (credentials: ICredentialDataDecryptedObject) =>
	fingerprint(JSON.stringify(tokenRequest(credentials).identity));

interface TokenRefusal {
	error: ESignatureCredentialError;
	httpStatus: number;
	body: Record<string, unknown>;
	answer: string;
}

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

async function fetchTokenAs(
	helper: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	entry: TokenEntry,
	basic: Form,
): Promise<string | TokenRefusal> {
	const { request, grantLabel, fieldsToCheck } = tokenRequest(credentials, basic);
	// A transport error can carry the request and its secrets: only its message is kept.
	const outcome = await helper.helpers
		// A redirect would carry the grant's secrets wherever it points.
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
	// The token endpoint may repeat what it was sent.
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

// n8n replaces a message that carries a system error code with its own, which names no URL.
function unreachable(failure: string | undefined): string {
	const text = failure ?? '';
	if (/ECONNREFUSED/.test(text)) return 'the connection was refused';
	if (/ENOTFOUND|EAI_AGAIN/.test(text)) return 'the host name was not found';
	if (/ETIMEDOUT|ECONNABORTED|timeout/i.test(text)) return 'it did not answer in time';
	if (/ECONNRESET/.test(text)) return 'the connection was cut';
	return text.replace(/\b[A-Z_]{5,}\b/g, '').trim() || 'no answer';
}

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

// `credentials.accessToken` is empty, or the token just refused.
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
	// A refused token this process did not replace (another's, or all revoked) means the cached one may be refused too.
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

// A refusal with HTTP 200, which n8n does not see; recorded without a cached token too (a queue worker's).
export function refuseAccessToken(credentials: ICredentialDataDecryptedObject): void {
	const refused = text(credentials, 'accessToken');
	if (refused === '') return;
	const entry = entryFor(cacheKey(credentials));
	const print = fingerprint(refused);
	if (entry.replaced.includes(print)) return;
	entry.token = undefined;
	entry.replaced = [print, ...entry.replaced].slice(0, REPLACED_KEPT);
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
