// Recursive walkers of an answer (simplify, scrub, mask) would exhaust the stack on JSON nested 100,000 levels deep.
export const MAX_ANSWER_DEPTH = 64;

export const TOO_DEEP = '(nested too deep: left out)';

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
