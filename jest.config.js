/**
 * `npm test` runs both projects: unit (routing through n8n-core against the emulator) and e2e (a real n8n, provisioned
 * into .cache/ on first use; see test/e2e/README.md).
 */
module.exports = {
	projects: [
		{
			displayName: 'unit',
			preset: 'ts-jest',
			testEnvironment: 'node',
			testMatch: ['<rootDir>/test/**/*.test.ts'],
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/.cache/'],
			modulePathIgnorePatterns: ['<rootDir>/.cache/'],
			setupFiles: ['<rootDir>/test/setup.ts'],
			globalSetup: '<rootDir>/test/unit-global-setup.ts',
			globalTeardown: '<rootDir>/test/unit-global-teardown.ts',
			transform: {
				'^.+\\.ts$': [
					'ts-jest',
					{ tsconfig: '<rootDir>/tsconfig.test.json', isolatedModules: true },
				],
			},
		},
		'<rootDir>/test/e2e/jest.project.js',
		'<rootDir>/test/e2e/jest.database.project.js',
		// The single-process scenarios once more against n8n 1.123 (docs/compatibility.md).
		'<rootDir>/test/e2e/jest.n8n1.project.js',
	],
	testTimeout: 30000,
	reporters: ['default', '<rootDir>/test/e2e/timing-reporter.js'],
};
