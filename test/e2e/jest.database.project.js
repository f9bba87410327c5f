/**
 * The upload, download and trigger scenarios once more, with n8n keeping binary data in its database
 * (N8N_DEFAULT_BINARY_DATA_MODE=database) instead of n8n 2.x's default filesystem store.
 */
const path = require('node:path');

const e2e = require('./jest.project.js');

module.exports = {
	...e2e,
	displayName: 'e2e (database binary store)',
	testMatch: ['actions', 'trigger', 'examples'].map(
		(name) => `<rootDir>/test/e2e/${name}.e2e.test.ts`,
	),
	setupFiles: [path.join(__dirname, 'binary-store-database.ts')],
};
