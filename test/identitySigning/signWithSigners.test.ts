/**
 * Identity Provider Signing → Sign With Signer Details (nodes/ESignature/resources/identitySigning/signWithSigners.ts).
 */
import { randomUUID } from 'node:crypto';
import { pdfSigners } from '../emulator';
import { jane } from '../signing/testing';
import { identitySigningSuite } from './testing';

const { suite, run, apiRequests, authenticated } = identitySigningSuite();

describe('identitySigning: signWithSigners', () => {
	it('adds the signer details and outputs the signed PDF', async () => {
		const requestId = authenticated();
		const result = await run({
			operation: 'signWithSigners',
			requestId,
			signers: { signer: [jane] },
			config: { showSignDate: true },
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v2/esign/idp/sign');
		expect(request.body).toEqual({
			requestId,
			file: {
				file: suite.emulator.samplePdf.toString('base64'),
				fileName: 'contract.pdf',
				password: null,
			},
			config: { showSignDate: true },
			signres: [jane],
		});
		expect(pdfSigners(await result.binary(0, 'data'))).toEqual(['Jane Doe']);
		expect(result.items[0].json).toMatchObject({
			requestId,
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
		});
	});

	it('refuses an empty signer list before sending', async () => {
		const result = await run({
			operation: 'signWithSigners',
			requestId: authenticated(),
			signers: {},
		});
		expect(result.error?.message).toMatch(/Signer Details: add at least one signer/);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports a signer who has not authenticated (error 100)', async () => {
		const result = await run({
			operation: 'signWithSigners',
			requestId: randomUUID(),
			signers: { signer: [jane] },
		});
		expect(result.error?.message).toMatch(
			/^The service could not sign: the signer has not authenticated .*\(error 100\)$/,
		);
	});
});
