import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { MAX_ANSWER_DEPTH, TOO_DEEP } from './depth';

/*
 * Secrets a user types into node parameters: a webhook's header token (whoever has it can forge callbacks) and the
 * SMS gateway's password. n8n keeps node parameters in the workflow as they are, but the outputs and errors this
 * package builds never carry them: errors name a copy of the node with these masked, and outputs show that a header
 * token is set and its last four characters.
 */

/*
 * The service's own words (error messages, descriptions, validation texts) can repeat what it was sent. Every text
 * from the service or its token endpoint passes scrubbed() before it is shown: the secrets in use are replaced by
 * "••••". Which secrets are in use is learnt where they are read: the credential's secrets and access token when a
 * request is signed (credentials/ESignatureApi.credentials.ts), the node's secret fields (header tokens, the SMS
 * password, document passwords) where they are read (secretOf in helpers/validation.ts). They are kept in this
 * process for an hour after their last use, at most SECRETS_KEPT of them, as the credential itself is kept by n8n.
 */

/** Secrets shorter than this are not scrubbed: replacing two letters would garble every message. */
const SHORTEST_SCRUBBED = 4;
const SECRETS_KEPT = 1000;
const SECRET_KEPT_MS = 60 * 60 * 1000;

/** Secret → when it was last in use (epoch ms). */
const secretsInUse = new Map<string, number>();

/** Notes secrets now in use, so that texts from the service are scrubbed of them. */
export function rememberSecrets(values: unknown[], now = Date.now()): void {
	for (const value of values) {
		if (typeof value !== 'string' || value.length < SHORTEST_SCRUBBED) continue;
		secretsInUse.delete(value);
		secretsInUse.set(value, now);
	}
	for (const [secret, at] of secretsInUse) {
		if (secretsInUse.size <= SECRETS_KEPT && now - at < SECRET_KEPT_MS) break;
		secretsInUse.delete(secret);
	}
}

/** Text with every secret in use (and every one given) replaced by "••••", longest first. */
export function scrubbedText(text: string, extra: unknown[] = []): string {
	const secrets = [...secretsInUse.keys(), ...extra.filter((value): value is string => typeof value === 'string' && value.length >= SHORTEST_SCRUBBED)];
	let result = text;
	for (const secret of secrets.sort((a, b) => b.length - a.length)) {
		if (result.includes(secret)) result = result.split(secret).join('••••');
	}
	return result;
}

/** A value from the service (an answer, a message) with every string in it scrubbed, at every depth. */
export function scrubbed<T>(value: T, extra: unknown[] = []): T {
	if (secretsInUse.size === 0 && extra.length === 0) return value;
	// Deeper than any answer may be, a value is left out rather than shown unscrubbed (shared/depth.ts).
	const scrub = (entry: unknown, depth: number): unknown => {
		if (typeof entry === 'string') return scrubbedText(entry, extra);
		if (typeof entry !== 'object' || entry === null || Buffer.isBuffer(entry)) return entry;
		if (depth >= MAX_ANSWER_DEPTH) return TOO_DEEP;
		if (Array.isArray(entry)) return entry.map((inner) => scrub(inner, depth + 1));
		return Object.fromEntries(Object.entries(entry).map(([key, inner]) => [key, scrub(inner, depth + 1)]));
	};
	return scrub(value, 0) as T;
}

/**
 * Parameter names whose values are secrets, wherever they stand (e.g. Webhooks → Webhook → Header Token): a document's
 * password (Envelope → Create, Sign by Template) and a signing file's password (Identity Signing) too.
 */
export const SECRET_PARAMETERS = new Set(['headerToken', 'smsPassword', 'password', 'filePassword']);

/** "••••" and the last four characters, so a user can tell two tokens apart; short ones show nothing. */
export function maskedSecret(value: unknown): string | null {
	if (typeof value !== 'string' || value === '') return null;
	return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

function masked(value: unknown, depth = 0): unknown {
	if (typeof value !== 'object' || value === null) return value;
	if (depth >= MAX_ANSWER_DEPTH) return TOO_DEEP;
	if (Array.isArray(value)) return value.map((entry) => masked(entry, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([key, entry]) => [
			key,
			SECRET_PARAMETERS.has(key) && (typeof entry === 'string' || typeof entry === 'number') ? maskedSecret(String(entry)) : masked(entry, depth + 1),
		]),
	);
}

/** The node as errors carry it: its parameters with the secrets masked. */
export function nodeForErrors(node: INode): INode {
	return { ...node, parameters: masked(node.parameters) as INodeParameters };
}

/** A webhook as the service returns it, with its header token masked and whether one is set. */
export function withMaskedHeaderToken(webhook: IDataObject): IDataObject {
	if (!('headerToken' in webhook)) return webhook;
	const { headerToken, ...rest } = webhook;
	return { ...rest, hasHeaderToken: typeof headerToken === 'string' && headerToken !== '', headerToken: maskedSecret(headerToken) };
}

/** n8n's resume token in a waiting execution's URL (n8n 2.x): whoever has it can resume the execution. */
const RESUME_TOKEN_PARAMETER = 'signature';

/**
 * A URL with the value of n8n's resume token masked, by splitting (linear; the service's URLs are of any length).
 * Webhooks that Send and Wait registered point at such URLs, and the service lists them (Get Many, delivery logs).
 */
export function withMaskedResumeToken(url: string): string {
	const queryAt = url.indexOf('?');
	if (queryAt < 0 || !url.includes(`${RESUME_TOKEN_PARAMETER}=`, queryAt)) return url;
	const hashAt = url.indexOf('#', queryAt);
	const end = hashAt < 0 ? url.length : hashAt;
	const pairs = url.slice(queryAt + 1, end).split('&');
	const shown = pairs.map((pair) => (pair.startsWith(`${RESUME_TOKEN_PARAMETER}=`) ? `${RESUME_TOKEN_PARAMETER}=••••` : pair));
	return `${url.slice(0, queryAt + 1)}${shown.join('&')}${url.slice(end)}`;
}

/**
 * A service answer with every header token in it masked, and n8n's resume tokens in the URLs it lists, for outputs
 * and for errors that keep the answer.
 */
export function maskedAnswer(answer: object): IDataObject {
	const mask = (value: unknown, depth: number): unknown => {
		if (typeof value === 'string') return withMaskedResumeToken(value);
		if (typeof value !== 'object' || value === null) return value;
		if (depth >= MAX_ANSWER_DEPTH) return TOO_DEEP;
		if (Array.isArray(value)) return value.map((entry) => mask(entry, depth + 1));
		return withMaskedHeaderToken(Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, mask(entry, depth + 1)])) as IDataObject);
	};
	return mask(answer, 0) as IDataObject;
}
