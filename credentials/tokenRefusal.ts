import type { Form } from './dialects';
import { INTEGRATION_BASIC_FIELDS, refusesBasicPair } from './dialects';
import { withoutTrailing } from './text';
import type { TokenRequest } from './tokenRequest';

// The credential's test shows these messages and the nodes' errors carry them: each refusal is worded here only.

export interface TokenRefusal {
	// The Basic pair an Integration grant's request sent.
	form?: Form;
	status: number;
	body: Record<string, unknown>;
	said: string;
}

const SERVICE = 'The E-Signature service';

export const FRESH_TOKEN_REFUSED_ADVICE =
	"Check that the credential's Environment and Base URL (in Sandbox: Sandbox Base URL) belong to the account of " +
	'its Client ID (and Username and Account ID), and that the account is active.';

const FIELD_WORDS: Record<string, RegExp> = {
	'Client ID': /client[ _]?id/i,
	'Client Secret': /client[ _]?secret/i,
	Username: /user[ _]?name|e-?mail/i,
	Password: /password/i,
	'Account ID': /account[ _]?id/i,
	'Account Secret': /account[ _]?secret/i,
};

const fieldList = (labels: string[]) =>
	labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;

const answerOf = ({ status, said }: TokenRefusal) =>
	`HTTP ${status}${said ? `, ${withoutTrailing(said, /[\s.]/)}` : ''}`;

// n8n replaces a message that carries a system error code with its own, which names no URL.
const UNREACHABLE: Array<[RegExp, string]> = [
	[/ECONNREFUSED/, 'the connection was refused'],
	[/ENOTFOUND|EAI_AGAIN/, 'the host name was not found'],
	[/ETIMEDOUT|ECONNABORTED|timeout/i, 'it did not answer in time'],
	[/ECONNRESET/, 'the connection was cut'],
];

export function unreachableMessage(
	{ grantLabel, request, addressField }: TokenRequest,
	failure = '',
): string {
	const why =
		UNREACHABLE.find(([code]) => code.test(failure))?.[1] ??
		(failure.replace(/\b[A-Z_]{5,}\b/g, '').trim() || 'no answer');
	return (
		`Could not reach the token endpoint of the ${grantLabel} grant at ${request.url}: ` +
		`${why}. Check the credential's ${addressField}.`
	);
}

// Its client accepted, a refused grant's doubt is the fields its answer names, else every pair it sent.
function grantFields({ form, said }: TokenRefusal): string {
	const user = ['Username', 'Password'];
	const pairs =
		form === undefined
			? [['Client ID', 'Client Secret']]
			: [user, ...(form === 'live' ? [] : [['Account ID', 'Account Secret']])];
	const named = pairs.flat().filter((label) => FIELD_WORDS[label].test(said));
	return named.length ? fieldList(named) : pairs.map(fieldList).join(', and ');
}

// An Integration grant's client is one of two pairs: the one this credential was seen to use, else both.
function clientRefused(
	{ grantLabel, fieldsToCheck }: TokenRequest,
	refusals: TokenRefusal[],
	learnt: Form | undefined,
): string {
	const answers = [...new Set(refusals.map(answerOf))].join('; ');
	const refused = [...new Set(refusals.flatMap(({ form }) => (form === undefined ? [] : [form])))];
	const pairs = learnt && refused.includes(learnt) ? [learnt] : refused;
	const labels = pairs.map((form) => INTEGRATION_BASIC_FIELDS[form].label);
	const check =
		labels.length > 1
			? `${labels.join(', and ')}: the service accepted neither pair`
			: (labels[0] ?? fieldsToCheck);
	return `${SERVICE} refused the ${grantLabel} grant's client (${answers}). Check ${check}.`;
}

export function refusalMessage(
	token: TokenRequest,
	refusals: TokenRefusal[],
	learnt?: Form,
): string {
	const { grantLabel: grant, addressField } = token;
	const { url } = token.request;
	const last = refusals.at(-1)!;
	const { status, body } = last;
	const answer = answerOf(last);
	if (status >= 300 && status < 400)
		return (
			`The token endpoint ${url} answered with a redirect (HTTP ${status}), which is not followed: it would ` +
			`carry the ${grant} grant's secrets to another address. Check the credential's ${addressField}.`
		);
	if (status >= 500)
		return (
			`${SERVICE} failed to issue a token for the ${grant} grant at ${url} (${answer}). ` +
			`The service may be unavailable: try again later.`
		);
	if (typeof body.error !== 'string' && (status === 404 || status === 405 || status < 400))
		return (
			`Nothing at ${url} answered as the service's token endpoint does (${answer}). ` +
			`Check the credential's ${addressField}.`
		);
	if (refusesBasicPair(status, body)) return clientRefused(token, refusals, learnt);
	if (body.error === 'invalid_grant')
		return `${SERVICE} refused the ${grant} grant (${answer}). Check ${grantFields(last)}.`;
	if (body.error === 'unsupported_grant_type' || body.error === 'unauthorized_client')
		return (
			`${SERVICE} refused the ${grant} grant (${answer}): the client may be set up for the other grant. ` +
			'Check Grant Type.'
		);
	return `${SERVICE} refused the ${grant} grant at ${url} (${answer}). Check ${token.fieldsToCheck}.`;
}
