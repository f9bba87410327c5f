/*
 * Answers are scrubbed of the secrets of the credential and node in hand only: masking one that was not sent would tell
 * an endpoint echoing guesses which guess is someone's password (docs/security.md#masking-is-per-credential).
 */

/** Secrets shorter than this are not scrubbed: replacing two letters would garble every message. */
const SHORTEST_SCRUBBED = 4;

/** The secrets among the values given: text of SHORTEST_SCRUBBED characters or more, longest first. */
export function scrubbable(secrets: readonly unknown[]): string[] {
	const texts = secrets.filter(
		(value): value is string => typeof value === 'string' && value.length >= SHORTEST_SCRUBBED,
	);
	return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

/** Text with each secret given replaced by "••••", longest first (a secret containing another goes whole). */
export function scrubbedText(text: string, secrets: readonly unknown[]): string {
	let result = text;
	for (const secret of scrubbable(secrets))
		if (result.includes(secret)) result = result.split(secret).join('••••');
	return result;
}
