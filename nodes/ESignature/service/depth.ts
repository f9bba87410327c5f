/*
 * A service answer is JSON of any depth: what walks it by recursion (simplification, scrubbing, masking) would exhaust
 * the stack on one nested a hundred thousand levels deep. Answers nested deeper than MAX_ANSWER_DEPTH are refused
 * where they are read (readServiceAnswer in service/readAnswer.ts), and every walker stops there too.
 */

/** No answer of the service nests more than a few levels; this leaves room for any it may add. */
export const MAX_ANSWER_DEPTH = 64;

/** What a walker puts in place of a value nested deeper than MAX_ANSWER_DEPTH. */
export const TOO_DEEP = '(nested too deep: left out)';

/** Whether a value nests objects or arrays deeper than `limit` (iterative: no recursion on hostile input). */
export function nestedDeeperThan(value: unknown, limit: number = MAX_ANSWER_DEPTH): boolean {
	const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
	while (pending.length) {
		const { value: current, depth } = pending.pop()!;
		if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
		if (depth >= limit) return true;
		for (const child of Array.isArray(current) ? current : Object.values(current))
			pending.push({ value: child, depth: depth + 1 });
	}
	return false;
}
