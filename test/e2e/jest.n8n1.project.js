/**
 * The single-process scenarios against n8n 1.123 (the last 1.x line; on Node 24 like 2.41.1, since 1.123.81 does not
 * start on Node 20), with the packed package loaded, to back docs/compatibility.md. Not here: the editor suite
 * (its selectors and screenshots are of n8n 2.x's editor) and the queue suite (queue mode is covered on 2.41.1 only).
 * Where n8n 1.x behaves differently the tests say so through `ON_N8N1`; what it cannot do at all is skipped with a
 * reason (`testUnlessN8n1`, both in n8n-line.ts).
 */
const path = require('node:path');

const e2e = require('./jest.project.js');

module.exports = {
	...e2e,
	displayName: 'e2e (n8n 1.x)',
	testMatch: [
		'actions',
		'trigger',
		'token',
		'http-request',
		'examples',
		'send-and-wait',
		'retry',
	].map((name) => `<rootDir>/test/e2e/${name}.e2e.test.ts`),
	setupFiles: [path.join(__dirname, 'n8n1.ts')],
	globalSetup: '<rootDir>/test/e2e/global-setup.n8n1.ts',
};
