/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The small HTTP servers tests stand up beside the emulator (a link's host, an internal service, an attacker): one way
 * to start one on a free port and to stop it with its open connections.
 */
import type { Server } from 'http';
import type { AddressInfo } from 'net';

/** Listens on a free port of `host` and returns it. */
export async function listenOnFreePort(server: Server, host = '127.0.0.1'): Promise<number> {
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	return (server.address() as AddressInfo).port;
}

/** Stops servers, closing the connections a client left open. */
export async function closeServers(...servers: Server[]): Promise<void> {
	for (const server of servers) {
		server.closeAllConnections();
		await new Promise((resolve) => server.close(resolve));
	}
}
