/**
 * Route table types and matching. Routes declare whether they need a bearer
 * token and which body type they accept, so the server can apply the service's
 * common checks (401, errorCode 7, bad JSON) before any handler runs.
 */
import type { Reply } from './http';
import type { Account, Profile, RecordedRequest, State, TestEvent, TokenRefusal } from './state';

/** What handlers may use of the emulator (implemented by the Emulator class). */
export interface Core {
	readonly state: State;
	readonly url: string;
	readonly authUrl: string;
	readonly tokenLifetimeSeconds: number;
	readonly samplePdf: Buffer;
	readonly profile: Profile;
	setProfile(profile: Profile): void;
	reset(): void;
	expireAllTokens(): void;
	refuseTokensAs(refusal: TokenRefusal): void;
	failNext(count: number, status: number, body?: unknown, path?: string | RegExp): void;
	setLatency(ms: number): void;
	setStatusLag(ms: number): void;
	setUnreachable(unreachable: boolean): void;
	/** `who`: a signer's e-mail address or destination id; none signs for every pending signer. */
	sign(envelopeId: string, who?: string): Promise<void>;
	reject(envelopeId: string, who?: string, reason?: string): Promise<void>;
	authenticateIdentity(requestId: string): void;
	sendTestEvent(opts?: {
		webhookId?: string;
		event?: 'completed' | 'rejected';
	}): Promise<TestEvent>;
}

/**
 * Body accepted by an API route:
 * - none: ignored (GET, DELETE)
 * - json: a JSON content type is required (errorCode 7 otherwise)
 * - json-optional: JSON content type required only when a body is present (GET logs)
 * - multipart: multipart/form-data required
 */
export type BodyKind = 'none' | 'json' | 'json-optional' | 'multipart';

export interface OpenContext {
	core: Core;
	req: RecordedRequest;
	params: Record<string, string>;
}

export interface ApiContext extends OpenContext {
	account: Account;
}

export type Handler<C> = (ctx: C) => Reply | Promise<Reply>;

export type Route =
	| { kind: 'api'; method: string; pattern: string[]; body: BodyKind; handler: Handler<ApiContext> }
	| { kind: 'open'; method: string; pattern: string[]; handler: Handler<OpenContext> };

const split = (path: string): string[] => path.split('/').filter(Boolean);

/** A bearer-protected /api route. */
export const api = (
	method: string,
	path: string,
	body: BodyKind,
	handler: Handler<ApiContext>,
): Route => ({
	kind: 'api',
	method,
	pattern: split(path),
	body,
	handler,
});

/** A route without bearer authentication (token endpoints, emulator control). */
export const open = (method: string, path: string, handler: Handler<OpenContext>): Route => ({
	kind: 'open',
	method,
	pattern: split(path),
	handler,
});

/** Matches `:name` segments; literal segments compare case-insensitively (as ASP.NET routing does). */
export function matchPath(pattern: string[], path: string): Record<string, string> | undefined {
	const segments = split(path);
	if (segments.length !== pattern.length) return undefined;
	const params: Record<string, string> = {};
	for (let i = 0; i < pattern.length; i++) {
		if (pattern[i].startsWith(':')) params[pattern[i].slice(1)] = decodeURIComponent(segments[i]);
		else if (pattern[i].toLowerCase() !== segments[i].toLowerCase()) return undefined;
	}
	return params;
}

/** First route matching path and method; `pathMatched` tells 405 from 404. */
export function findRoute(
	routes: Route[],
	method: string,
	path: string,
): { route?: Route; params: Record<string, string>; pathMatched: boolean } {
	let pathMatched = false;
	for (const route of routes) {
		const params = matchPath(route.pattern, path);
		if (!params) continue;
		pathMatched = true;
		if (route.method === method) return { route, params, pathMatched };
	}
	return { params: {}, pathMatched };
}
