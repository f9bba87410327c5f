/**
 * Authorization: the integration grant on the API host, the client-credentials
 * grant and revocation on the authorization server, and bearer verification.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SCOPE } from '../fixtures';
import { type Reply, emptyReply, jsonReply, mediaType } from '../http';
import { type Core, type OpenContext, type Route, open } from '../router';
import type { Account, IssuedToken, RecordedRequest, State } from '../state';

/** Signing key for this process: tokens look like real JWTs but only this emulator accepts them. */
const SIGNING_KEY = randomBytes(32);

const b64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

const tokenError = (status: number, error: string, description: string): Reply =>
	jsonReply(status, { error, error_description: description }, { 'cache-control': 'no-store' });

function issueToken(
	core: Core,
	account: Account,
	clientId: string,
	grant: IssuedToken['grant'],
): Reply {
	const now = Date.now();
	const lifetime = core.tokenLifetimeSeconds;
	const iat = Math.floor(now / 1000);
	const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
	const payload = b64url(
		JSON.stringify({
			iss: core.authUrl,
			sub: grant === 'integration' ? account.credentials.username : clientId,
			account: account.credentials.accountId,
			client_id: clientId,
			scope: SCOPE,
			iat,
			exp: iat + lifetime,
			jti: randomUUID(),
		}),
	);
	const signature = b64url(
		createHmac('sha256', SIGNING_KEY).update(`${header}.${payload}`).digest(),
	);
	const token = `${header}.${payload}.${signature}`;
	core.state.tokens.set(token, {
		token,
		accountId: account.credentials.accountId,
		clientId,
		grant,
		issuedAt: now,
		expiresAt: now + lifetime * 1000,
		revoked: false,
	});
	core.state.tokenRequests += 1;
	return jsonReply(
		200,
		{ access_token: token, token_type: 'Bearer', expires_in: lifetime, scope: SCOPE },
		{ 'cache-control': 'no-store' },
	);
}

/** client id and secret from `Authorization: Basic ...`, if present and well-formed. */
function basicCredentials(req: RecordedRequest): { id: string; secret: string } | undefined {
	const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

/** RFC 6749 2.3.1 wants the Basic parts form-encoded; many clients send them raw, so accept both. */
function formDecode(value: string): string {
	try {
		return decodeURIComponent(value);
	} catch {
		return value;
	}
}

function clientAccount(
	state: State,
	id: string | undefined,
	secret: string | undefined,
): Account | undefined {
	if (!id) return undefined;
	const account = state.accountByClient(id);
	return account && account.credentials.clientSecret === secret ? account : undefined;
}

/** The account whose id and secret these are (the live sandbox's Basic pair of the integration grant). */
function accountPair(
	state: State,
	id: string | undefined,
	secret: string | undefined,
): Account | undefined {
	if (!id) return undefined;
	const account = state.account(id);
	return account && account.credentials.accountSecret === secret ? account : undefined;
}

/** Form fields of a token request, or undefined when the body is not urlencoded. */
function formFields(req: RecordedRequest): Record<string, string> | undefined {
	if (mediaType(req.headers['content-type']) !== 'application/x-www-form-urlencoded')
		return undefined;
	const fields: Record<string, string> = {};
	for (const [key, value] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
		fields[key] = Array.isArray(value) ? String(value[0]) : String(value);
	}
	return fields;
}

const notForm = (): Reply =>
	tokenError(
		400,
		'invalid_request',
		'The request must use Content-Type application/x-www-form-urlencoded.',
	);

/** POST /Authentication/Authority/Token — the integration grant (Basic client credentials + user fields). */
function integrationToken({ core, req }: OpenContext): Reply {
	const form = formFields(req);
	if (!form) return notForm();
	const basic = basicCredentials(req);
	// The live sandbox wanted Basic accountId:accountSecret and refused the client pair (docs/service-api.md#spec-and-live-service).
	const account =
		core.state.profile === 'live'
			? accountPair(core.state, basic?.id, basic?.secret)
			: clientAccount(core.state, basic?.id, basic?.secret);
	if (!account)
		return tokenError(
			401,
			'invalid_client',
			'Client authentication failed (HTTP Basic client id and secret).',
		);
	if (form.grant_type !== 'integration') {
		return tokenError(
			400,
			'unsupported_grant_type',
			`The grant type '${form.grant_type ?? ''}' is not supported here.`,
		);
	}
	const c = account.credentials;
	const wrong = (['username', 'password', 'accountId', 'accountSecret'] as const).filter((name) => {
		const given = form[name] ?? '';
		// Identifiers compare case-insensitively, secrets exactly.
		return name === 'username' || name === 'accountId'
			? given.toLowerCase() !== c[name].toLowerCase()
			: given !== c[name];
	});
	if (wrong.length) return tokenError(400, 'invalid_grant', `Invalid ${wrong.join(', ')}.`);
	return issueToken(core, account, c.clientId, 'integration');
}

/** POST {auth_url}/connect/token — OAuth 2.0 client credentials. */
function clientCredentialsToken({ core, req }: OpenContext): Reply {
	const form = formFields(req);
	if (!form) return notForm();
	const basic = basicCredentials(req);
	const id = form.client_id ?? basic?.id;
	const secret = form.client_secret ?? basic?.secret;
	const account = clientAccount(core.state, id, secret);
	if (!account) return tokenError(401, 'invalid_client', 'Client authentication failed.');
	if (form.grant_type !== 'client_credentials') {
		return tokenError(
			400,
			'unsupported_grant_type',
			`The grant type '${form.grant_type ?? ''}' is not supported.`,
		);
	}
	if (form.scope !== SCOPE)
		return tokenError(400, 'invalid_scope', `The only scope is '${SCOPE}'.`);
	return issueToken(core, account, account.credentials.clientId, 'client_credentials');
}

/** POST {auth_url}/connect/revocation — RFC 7009: 200 with an empty body, even for unknown tokens. */
function revoke({ core, req }: OpenContext): Reply {
	const form = formFields(req);
	if (!form) return notForm();
	const basic = basicCredentials(req);
	const account = clientAccount(
		core.state,
		form.client_id ?? basic?.id,
		form.client_secret ?? basic?.secret,
	);
	if (!account) return tokenError(401, 'invalid_client', 'Client authentication failed.');
	const issued = form.token ? core.state.tokens.get(form.token) : undefined;
	// A client may only revoke its own account's tokens; others are silently ignored (RFC 7009 2.1).
	if (issued && issued.accountId === account.credentials.accountId) issued.revoked = true;
	return emptyReply(200);
}

/** The account a bearer token belongs to, or undefined when it is missing, unknown, expired or revoked. */
export function authenticate(state: State, req: RecordedRequest): Account | undefined {
	const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
	if (!match) return undefined;
	const issued = state.tokens.get(match[1]);
	if (!issued || issued.revoked || issued.expiresAt <= Date.now()) return undefined;
	return state.account(issued.accountId);
}

export const authRoutes: Route[] = [
	open('POST', '/Authentication/Authority/Token', integrationToken),
	open('POST', '/auth/connect/token', clientCredentialsToken),
	open('POST', '/auth/connect/revocation', revoke),
];
