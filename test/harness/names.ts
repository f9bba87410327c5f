/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
import dns from 'dns';
import { isIP } from 'net';

/**
 * Names resolved in process, for tests of what a name resolves to (docs/security.md#links-a-model-gives-internal-addresses-ssrf):
 * both of Node's lookups (n8n's egress filter uses the promise one, Node's HTTP client the callback one) answer from
 * a table, each name's answers in turn (the last one repeated). An answer that is an Error fails that lookup. Names not
 * in the table fail as unknown: no test asks a real resolver. An address, and localhost, answer as themselves.
 */
export type NameAnswer = Array<{ address: string; family: 4 | 6 }> | Error;

export function stubNames(): {
	set(name: string, ...answers: NameAnswer[]): void;
	lookups(name: string): number;
	restore(): void;
} {
	const table = new Map<string, NameAnswer[]>();
	const asked = new Map<string, number>();
	const answer = (name: string): NameAnswer => {
		const count = asked.get(name) ?? 0;
		asked.set(name, count + 1);
		// Addresses and localhost answer as themselves: the servers and the emulator of the tests listen by them.
		if (isIP(name)) return [{ address: name, family: isIP(name) as 4 | 6 }];
		if (name === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
		const answers = table.get(name);
		if (!answers)
			return Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
		return answers[Math.min(count, answers.length - 1)];
	};
	type Options = { all?: boolean } | number | undefined;
	const promiseLookup = jest.spyOn(dns.promises, 'lookup').mockImplementation((async (
		name: string,
		options?: Options,
	) => {
		const found = answer(name);
		if (found instanceof Error) throw found;
		return typeof options === 'object' && options?.all ? found : found[0];
	}) as unknown as typeof dns.promises.lookup);
	const callbackLookup = jest.spyOn(dns, 'lookup').mockImplementation(((
		name: string,
		options: Options | ((...args: unknown[]) => void),
		callback?: (...args: unknown[]) => void,
	) => {
		const done = (typeof options === 'function' ? options : callback) as (
			...args: unknown[]
		) => void;
		const all = typeof options === 'object' && options?.all;
		const found = answer(name);
		process.nextTick(() => {
			if (found instanceof Error) done(found);
			else if (all) done(null, found);
			else done(null, found[0].address, found[0].family);
		});
	}) as unknown as typeof dns.lookup);
	return {
		set: (name, ...answers) => {
			table.set(name, answers);
			asked.delete(name);
		},
		lookups: (name) => asked.get(name) ?? 0,
		restore: () => {
			promiseLookup.mockRestore();
			callbackLookup.mockRestore();
		},
	};
}
