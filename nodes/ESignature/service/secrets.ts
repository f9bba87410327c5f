import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { CREDENTIAL_TYPE, secretsOfCredential } from '../../../credentials/accessToken';
import { scrubbable, scrubbedText } from '../../../credentials/scrubbing';
import { MAX_ANSWER_DEPTH, TOO_DEEP } from './depth';
import type { ServiceContext } from './itemFunctions';

/*
 * Secrets a user types into node parameters (a webhook's header token, whoever has it can forge callbacks; the SMS
 * gateway's password): n8n keeps them in the workflow, but this package's outputs and errors never carry them. Errors
 * name a copy of the node with these masked; outputs show that a header token is set and its last four characters.
 *
 * The service's words (messages, validation texts) can repeat what it was sent: every text from the service or its
 * token endpoint is shown scrubbed of the secrets of the credential and node in hand ("••••"), of no others.
 * Scrubbing another credential's would tell a tenant whose endpoint echoes guesses which one is someone's password
 * (docs/security.md#masking-is-per-credential), so secretsInHand reads them from the context each time.
 */

export { scrubbedText };

/** A value from the service (an answer, a message) with every string in it scrubbed of the secrets given. */
export function scrubbed<T>(value: T, secrets: readonly unknown[]): T {
	const texts = scrubbable(secrets);
	if (texts.length === 0) return value;
	// Deeper than any answer may be, a value is left out rather than shown unscrubbed (service/depth.ts).
	const scrub = (entry: unknown, depth: number): unknown => {
		if (typeof entry === 'string') return scrubbedText(entry, texts);
		if (typeof entry !== 'object' || entry === null || Buffer.isBuffer(entry)) return entry;
		if (depth >= MAX_ANSWER_DEPTH) return TOO_DEEP;
		if (Array.isArray(entry)) return entry.map((inner) => scrub(inner, depth + 1));
		return Object.fromEntries(
			Object.entries(entry).map(([key, inner]) => [key, scrub(inner, depth + 1)]),
		);
	};
	return scrub(value, 0) as T;
}

/** Where SECRET_PARAMETERS stand in a value (node parameters, a request body), as lodash paths, with their values. */
function secretEntries(
	value: unknown,
	path: string,
	depth: number,
	found: Array<[string, unknown]>,
): Array<[string, unknown]> {
	if (typeof value !== 'object' || value === null || depth >= MAX_ANSWER_DEPTH) return found;
	if (Array.isArray(value)) {
		value.forEach((entry, index) => secretEntries(entry, `${path}[${index}]`, depth + 1, found));
		return found;
	}
	for (const [key, entry] of Object.entries(value)) {
		const at = path ? `${path}.${key}` : key;
		if (SECRET_PARAMETERS.has(key) && (typeof entry === 'string' || typeof entry === 'number'))
			found.push([at, entry]);
		else secretEntries(entry, at, depth + 1, found);
	}
	return found;
}

/** A parameter's value as the node reads it for this item; undefined when it cannot be resolved here. */
function resolvedParameter(
	context: ServiceContext,
	path: string,
	itemIndex: number | undefined,
): unknown {
	try {
		if ('getItemIndex' in context) return context.getNodeParameter(path, undefined);
		if ('getInputData' in context) return context.getNodeParameter(path, itemIndex ?? 0, undefined);
		return context.getNodeParameter(path, undefined);
	} catch {
		return undefined;
	}
}

/** The node's own secrets: its secret parameters as typed, and as resolved for this item when given by expression. */
function nodeSecrets(context: ServiceContext, itemIndex: number | undefined): unknown[] {
	return secretEntries(context.getNode().parameters, '', 0, []).map(([path, value]) =>
		typeof value === 'string' && value.startsWith('=')
			? resolvedParameter(context, path, itemIndex)
			: String(value),
	);
}

/** The secrets a request body carries under SECRET_PARAMETERS names (e.g. the trigger's generated header token). */
export function secretsSent(body: unknown): unknown[] {
	return secretEntries(body, '', 0, []).map(([, value]) => String(value));
}

/**
 * The secrets of the credential and the node in hand, read from the context now: the credential's stored secrets and
 * its access token, the node's secret parameters, and any other secrets the request sent. Texts shown from an answer
 * to this node are scrubbed of these only.
 */
export async function secretsInHand(
	context: ServiceContext,
	itemIndex?: number,
	sent: readonly unknown[] = [],
): Promise<string[]> {
	let ofCredential: string[] = [];
	try {
		ofCredential = secretsOfCredential(await context.getCredentials(CREDENTIAL_TYPE));
	} catch {
		// A node without the credential (or one that cannot be read) has none of its secrets to scrub.
	}
	return scrubbable([...ofCredential, ...nodeSecrets(context, itemIndex), ...sent]);
}

/**
 * Parameter names whose values are secrets, wherever they stand (e.g. Webhooks → Webhook → Header Token): a
 * document's password (Envelope → Create, Sign by Template) and a signing file's password (Identity Signing) too.
 */
const SECRET_PARAMETERS = new Set(['headerToken', 'smsPassword', 'password', 'filePassword']);

/** "••••" and the last four characters, so a user can tell two tokens apart; short ones show nothing. */
function maskedSecret(value: unknown): string | null {
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
			SECRET_PARAMETERS.has(key) && (typeof entry === 'string' || typeof entry === 'number')
				? maskedSecret(String(entry))
				: masked(entry, depth + 1),
		]),
	);
}

/** The node as errors carry it: its parameters with the secrets masked. */
export function nodeForErrors(node: INode): INode {
	return { ...node, parameters: masked(node.parameters) as INodeParameters };
}

/** A webhook as the service returns it, with its header token masked and whether one is set. */
function withMaskedHeaderToken(webhook: IDataObject): IDataObject {
	if (!('headerToken' in webhook)) return webhook;
	const { headerToken, ...rest } = webhook;
	return {
		...rest,
		hasHeaderToken: typeof headerToken === 'string' && headerToken !== '',
		headerToken: maskedSecret(headerToken),
	};
}

/** n8n's resume token in a waiting execution's URL (n8n 2.x): whoever has it can resume the execution. */
const RESUME_TOKEN_PARAMETER = 'signature';

/**
 * A URL with the value of n8n's resume token masked, by splitting (linear; the service's URLs are of any length).
 * Webhooks that Send and Wait registered point at such URLs, and the service lists them (Get Many, delivery logs).
 */
function withMaskedResumeToken(url: string): string {
	const queryAt = url.indexOf('?');
	if (queryAt < 0 || !url.includes(`${RESUME_TOKEN_PARAMETER}=`, queryAt)) return url;
	const hashAt = url.indexOf('#', queryAt);
	const end = hashAt < 0 ? url.length : hashAt;
	const pairs = url.slice(queryAt + 1, end).split('&');
	const shown = pairs.map((pair) =>
		pair.startsWith(`${RESUME_TOKEN_PARAMETER}=`) ? `${RESUME_TOKEN_PARAMETER}=••••` : pair,
	);
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
		return withMaskedHeaderToken(
			Object.fromEntries(
				Object.entries(value).map(([key, entry]) => [key, mask(entry, depth + 1)]),
			) as IDataObject,
		);
	};
	return mask(answer, 0) as IDataObject;
}
