/**
 * What the tests of the Identity Provider Signing resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/identitySigning/): the emulator and harness of the test file (identitySigningSuite), an
 * item with the sample PDF, and request IDs of signers who have authenticated with the identity provider.
 */
import type { INodeParameters } from 'n8n-workflow';
import { randomUUID } from 'node:crypto';

import { emulatorSuite, type RunExtras } from '../harness';

/** A one-pixel PNG: an appearance image. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/**
 * Registers the hooks of a test file (one emulator and harness for all its tests, recorded requests forgotten before
 * each test) and gives what its tests use: `run` runs the node with resource Identity Provider Signing on one item
 * with the sample PDF (unless told otherwise), `authenticated` gives the request ID of a signer who has authenticated.
 */
export function identitySigningSuite() {
	const suite = emulatorSuite();
	const { apiRequests } = suite;

	const { pdfItem } = suite;
	const run = (parameters: INodeParameters, extra: RunExtras = {}) =>
		suite.harness.run({
			parameters: { resource: 'identitySigning', ...parameters },
			items: [pdfItem()],
			...extra,
		});
	const authenticated = () => {
		const requestId = randomUUID();
		suite.emulator.authenticateIdentity(requestId);
		return requestId;
	};

	return { suite, run, apiRequests, pdfItem, authenticated };
}
