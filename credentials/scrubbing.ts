// Only the secrets in hand: masking another's would tell an endpoint echoing guesses which guess is someone's password.

// Replacing shorter ones would garble every message.
const SHORTEST_SCRUBBED = 4;

export function scrubbable(secrets: readonly unknown[]): string[] {
	const texts = secrets.filter(
		(value): value is string => typeof value === 'string' && value.length >= SHORTEST_SCRUBBED,
	);
	return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

// Longest first: a secret containing another goes whole.
export function scrubbedText(text: string, secrets: readonly unknown[]): string {
	return scrubbable(secrets).reduce((result, secret) => result.replaceAll(secret, '••••'), text);
}
