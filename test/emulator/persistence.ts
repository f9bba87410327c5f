/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The emulator's accounts kept in a file between runs (npm run dev): envelopes with their PDFs, webhooks, delivery logs
 * and SMS settings, so that what a saved workflow points at (a Webhook pick, an envelope ID) still exists after a
 * restart. Tokens, recorded requests and faults are not kept: n8n asks for a new token when the old one is refused.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

import type { Account, State } from './state';

const VERSION = 1;

/** JSON with the values JSON lacks: bytes, dates and maps, tagged. */
function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
	const raw = this[key];
	if (Buffer.isBuffer(raw)) return { $bytes: raw.toString('base64') };
	if (raw instanceof Date) return { $date: raw.toISOString() };
	if (raw instanceof Map) return { $map: [...raw.entries()] };
	if (raw instanceof Set) return { $set: [...raw] };
	return value;
}

function reviver(_key: string, value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		const tagged = value as Record<string, unknown>;
		if (typeof tagged.$bytes === 'string') return Buffer.from(tagged.$bytes, 'base64');
		if (typeof tagged.$date === 'string') return new Date(tagged.$date);
		if (Array.isArray(tagged.$map)) return new Map(tagged.$map as Array<[unknown, unknown]>);
		if (Array.isArray(tagged.$set)) return new Set(tagged.$set);
	}
	return value;
}

type KeptAccount = Pick<Account, 'envelopes' | 'webhooks' | 'logs' | 'smsProvider'>;

interface Kept {
	version: number;
	accounts: Record<string, KeptAccount>;
	identityAuthenticated: Set<string>;
}

/** Writes what is kept, replacing the file in one step (a crash leaves the previous one). */
export function saveState(state: State, file: string): void {
	const accounts: Record<string, KeptAccount> = {};
	for (const [id, account] of state.accounts) {
		accounts[id] = {
			envelopes: account.envelopes,
			webhooks: account.webhooks,
			logs: account.logs,
			smsProvider: account.smsProvider,
		};
	}
	const kept: Kept = {
		version: VERSION,
		accounts,
		identityAuthenticated: state.identityAuthenticated,
	};
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(`${file}.tmp`, JSON.stringify(kept, replacer));
	renameSync(`${file}.tmp`, file);
}

/** Reads what an earlier run kept into the accounts that exist (the demo account); false when there is nothing. */
export function loadState(state: State, file: string): boolean {
	if (!existsSync(file)) return false;
	const kept = JSON.parse(readFileSync(file, 'utf8'), reviver) as Kept;
	if (kept.version !== VERSION) return false;
	for (const [id, saved] of Object.entries(kept.accounts)) {
		const account = state.accounts.get(id);
		if (!account) continue;
		account.envelopes = saved.envelopes;
		account.webhooks = saved.webhooks;
		account.logs = saved.logs;
		account.smsProvider = saved.smsProvider;
	}
	for (const requestId of kept.identityAuthenticated ?? [])
		state.identityAuthenticated.add(requestId);
	return true;
}
