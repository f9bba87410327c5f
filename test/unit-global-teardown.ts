/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** Removes the user folder unit-global-setup.ts made: a test run leaves nothing in the temp folder. */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname } from 'node:path';

export default function unitGlobalTeardown(): void {
	const folder = process.env.ESIG_TEST_USER_FOLDER;
	if (folder && dirname(folder) === tmpdir() && basename(folder).startsWith('esig-n8n-'))
		rmSync(folder, { recursive: true, force: true });
}
