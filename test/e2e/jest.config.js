/**
 * End-to-end suite on its own: npx jest -c test/e2e/jest.config.js
 * Every test file starts its own emulator and n8n (random ports, throw-away user folder), so files may
 * run in parallel; each file sets a long per-test timeout itself.
 */
const path = require('node:path');

module.exports = {
	...require('./jest.project.js'),
	testTimeout: 600000,
	reporters: ['default', path.join(__dirname, 'timing-reporter.js')],
};
