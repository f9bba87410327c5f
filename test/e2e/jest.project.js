/**
 * The end-to-end suite as a jest project (project-level options only), for the root config:
 *   projects: [{ ...unit config... }, '<rootDir>/test/e2e/jest.project.js']
 * Standalone run with its own reporter and timeout: npx jest -c test/e2e/jest.config.js
 * The first run provisions n8n into .cache/n8n-host (minutes); later runs re-use it.
 */
const path = require('node:path');

module.exports = {
	rootDir: path.join(__dirname, '..', '..'),
	displayName: 'e2e',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
	// The provisioned n8n (.cache/n8n-host, ~2.8 GB) and dev user folders are not part of the code.
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/.cache/'],
	modulePathIgnorePatterns: ['<rootDir>/.cache/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', isolatedModules: true }],
	},
	// Provision (re-using the cache), build and pack once; test files read ESIG_E2E_TARBALL.
	globalSetup: '<rootDir>/test/e2e/global-setup.ts',
	globalTeardown: '<rootDir>/test/e2e/global-teardown.ts',
};
