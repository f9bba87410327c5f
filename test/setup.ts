/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every n8n execution context writes $N8N_USER_FOLDER/.n8n/config: keep it out of the home folder, in the one folder
// of the run (test/unit-global-setup.ts), which the run removes; a file run alone without it makes its own.
if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER =
		process.env.ESIG_TEST_USER_FOLDER ?? mkdtempSync(join(tmpdir(), 'esig-n8n-'));
}

// n8n's logger prints every node error to stdout; the tests assert those errors themselves.
process.env.N8N_LOG_LEVEL ??= 'silent';
