/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** One n8n user folder for the whole unit run (test/setup.ts uses it), removed by unit-global-teardown.ts. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function unitGlobalSetup(): void {
	// Workers start after this and inherit the environment.
	process.env.ESIG_TEST_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'esig-n8n-'));
}
