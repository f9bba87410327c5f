/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Read by provision.ts and stack.ts: every scenario in this project runs against n8n 1.123 (.cache/n8n1-host) with
 * n8n 1.x's default binary store, which keeps binary data in memory and in the execution data (`default`; n8n 2.x
 * defaults to `filesystem`).
 */
process.env.ESIG_E2E_N8N_HOST = 'n8n-1';
process.env.ESIG_E2E_BINARY_MODE = 'default';
