import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { CREDENTIAL_TYPE, secretsOfCredential } from '../../../credentials/accessToken';
import { scrubbable, scrubbedText } from '../../../credentials/scrubbing';
import { MAX_ANSWER_DEPTH, rebuilt } from './depth';
import type { ServiceContext } from './itemFunctions';

// Outputs and errors never carry a secret in clear (docs/security.md#masking).

export function scrubbed<T>(value: T, secrets: readonly unknown[]) {
	const texts = scrubbable(secrets);
	if (texts.length === 0) return value;
	return rebuilt(value, (entry) =>
		typeof entry === 'string' ? scrubbedText(entry, texts) : entry,
	) as T;
}

function secretEntries(value: unknown, path = '', depth = 0, found: Array<[string, unknown]> = []) {
	if (typeof value !== 'object' || value === null || depth >= MAX_ANSWER_DEPTH) return found;
	if (Array.isArray(value)) {
		value.forEach((entry, index) => secretEntries(entry, `${path}[${index}]`, depth + 1, found));
		return found;
	}
	for (const [key, entry] of Object.entries(value)) {
		const at = path ? `${path}.${key}` : key;
		if (isSecret(key, entry)) found.push([at, entry]);
		else secretEntries(entry, at, depth + 1, found);
	}
	return found;
}

function resolvedParameter(context: ServiceContext, path: string, itemIndex = 0) {
	try {
		return 'getInputData' in context && !('getItemIndex' in context)
			? context.getNodeParameter(path, itemIndex, undefined)
			: context.getNodeParameter(path, undefined);
	} catch {
		return undefined;
	}
}

export function secretsSent(body: unknown) {
	return secretEntries(body).map(([, value]) => String(value));
}

// Of the credential and node in hand only (docs/security.md#masking-is-per-credential).
export async function secretsInHand(
	context: ServiceContext,
	itemIndex?: number,
	sent: readonly unknown[] = [],
) {
	let ofCredential: string[] = [];
	try {
		ofCredential = secretsOfCredential(await context.getCredentials(CREDENTIAL_TYPE));
	} catch {
		// a node without the credential has none
	}
	const ofNode = secretEntries(context.getNode().parameters).map(([path, value]) =>
		typeof value === 'string' && value.startsWith('=')
			? resolvedParameter(context, path, itemIndex)
			: String(value),
	);
	return scrubbable([...ofCredential, ...ofNode, ...sent]);
}

const SECRET_PARAMETERS = new Set(['headerToken', 'smsPassword', 'password', 'filePassword']);

const isSecret = (key: string, value: unknown): value is string | number =>
	SECRET_PARAMETERS.has(key) && (typeof value === 'string' || typeof value === 'number');

// The last four characters tell two tokens apart.
function maskedSecret(value: unknown) {
	if (typeof value !== 'string' || value === '') return null;
	return value.length >= 12 ? `••••${value.slice(-4)}` : '••••';
}

function withMaskedSecrets(copy: IDataObject) {
	for (const [key, entry] of Object.entries(copy))
		if (isSecret(key, entry)) copy[key] = maskedSecret(String(entry));
	return copy;
}

export function nodeForErrors(node: INode) {
	const parameters = rebuilt(node.parameters, (value) => value, withMaskedSecrets);
	return { ...node, parameters: parameters as INodeParameters };
}

function withMaskedHeaderToken(webhook: IDataObject) {
	if (!('headerToken' in webhook)) return webhook;
	const { headerToken, ...rest } = webhook;
	return {
		...rest,
		hasHeaderToken: typeof headerToken === 'string' && headerToken !== '',
		headerToken: maskedSecret(headerToken),
	};
}

// Whoever has it can resume the execution.
const RESUME_TOKEN = 'signature=';

// By splitting, not a regex: the service's URLs are of any length.
function withMaskedResumeToken(url: string) {
	const queryAt = url.indexOf('?');
	if (queryAt < 0 || !url.includes(RESUME_TOKEN, queryAt)) return url;
	const hashAt = url.indexOf('#', queryAt);
	const end = hashAt < 0 ? url.length : hashAt;
	const pairs = url.slice(queryAt + 1, end).split('&');
	const shown = pairs.map((pair) => (pair.startsWith(RESUME_TOKEN) ? `${RESUME_TOKEN}••••` : pair));
	return `${url.slice(0, queryAt + 1)}${shown.join('&')}${url.slice(end)}`;
}

export function maskedAnswer(answer: object) {
	return rebuilt(
		answer,
		(value) => (typeof value === 'string' ? withMaskedResumeToken(value) : value),
		withMaskedHeaderToken,
	) as IDataObject;
}
