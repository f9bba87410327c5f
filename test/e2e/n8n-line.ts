/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Which n8n a test file runs against: the n8n 1.x project (jest.n8n1.project.js) sets ESIG_E2E_N8N_HOST=n8n-1 in its
 * setup file, before the test files load.
 */
export const ON_N8N1 = process.env.ESIG_E2E_N8N_HOST === 'n8n-1';

/**
 * `test`, or `test.skip` against n8n 1.x, for a test n8n 1.x cannot pass for want of a feature. `reason` is one line;
 * docs/compatibility.md lists these.
 */
export function testUnlessN8n1(reason: string): jest.It {
	void reason;
	return ON_N8N1 ? test.skip : test;
}
