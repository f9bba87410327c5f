/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** Removes the tarball folder global-setup.ts packed into. */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

export default async function globalTeardown(): Promise<void> {
	const tarball = process.env.ESIG_E2E_TARBALL;
	if (!tarball) return;
	const dir = dirname(tarball);
	if (dirname(dir) === tmpdir() && basename(dir).startsWith('esig-pack-'))
		rmSync(dir, { recursive: true, force: true });
}
