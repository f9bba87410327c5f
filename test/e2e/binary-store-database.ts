/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/** Read by stack.ts: the n8n of every scenario in this project keeps binary data in its database. */
process.env.ESIG_E2E_BINARY_MODE = 'database';
