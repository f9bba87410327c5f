/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** Small utilities of the end-to-end library (test/e2e/n8n.ts). */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A free TCP port on 127.0.0.1 (the OS picks; closed again before returning). */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const srv = createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/** Distinct free ports (avoids handing the same one out twice in one call). */
export async function freePorts(n: number): Promise<number[]> {
	const ports = new Set<number>();
	while (ports.size < n) ports.add(await freePort());
	return [...ports];
}

export function tail(text: string, chars = 6000): string {
	return text.length > chars ? '...' + text.slice(-chars) : text;
}

export function stamp(): string {
	return `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}
