/**
 * Get Signing Links (v2) and Send With Links (v3) post the same signer fields and output one item per invitation
 * record; they differ in path and in whether the service sends the invitations. Both test files run these tests.
 */
import { UNKNOWN_GUID, type invitationSuite, jane, omar } from './testing';

export function signingLinksTests(
	{ suite, run, apiRequests }: ReturnType<typeof invitationSuite>,
	operation: 'getSigningLinks' | 'sendWithLinks',
	path: string,
	sends: boolean,
) {
	it('posts the v2/v3 signer fields and outputs one item per invitation record, in signing order', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({
			operation,
			documentId: envelope.documentId,
			invitationSubject: 'Contract',
			invitationMessage: 'Please sign',
			destinations: {
				destination: [
					{
						...omar,
						signOrder: 2,
						destinationType: 3,
						invitationLanguage: 'english',
						options: { redirectUrl: 'https://example.com/done' },
					},
					{
						...jane,
						signOrder: 1,
						authenticationType: 7,
						invitationLanguage: 'arabic',
						options: { allowUserToAddDestination: true },
					},
				],
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe(path);
		expect(request.body).toEqual({
			documentId: envelope.documentId,
			invitationSubject: 'Contract',
			invitationMessage: 'Please sign',
			destinations: [
				{
					destinationName: 'Omar Ali',
					destinationEmail: 'omar@example.com',
					signeOrder: 2,
					authenticationType: 0,
					destinationType: 3,
					invitationLanguage: 2,
					redirectUrl: 'https://example.com/done',
				},
				{
					destinationName: 'Jane Doe',
					destinationEmail: 'jane@example.com',
					signeOrder: 1,
					authenticationType: 7,
					destinationType: 1,
					invitationLanguage: 1,
					allowUserToAddDestination: true,
				},
			],
		});
		// The service answered in request order (Omar first); the node outputs in signing order.
		const [janeRecord, omarRecord] = envelope.signers.sort((a, b) => a.signeOrder - b.signeOrder);
		// Simplified: the service's signeOrder as the field and the trigger call it, signOrder.
		expect(
			result.items.map((item) => [item.json.destination, item.json.signOrder, item.json.id]),
		).toEqual([
			['jane@example.com', 1, janeRecord.destinationId],
			['omar@example.com', 2, omarRecord.destinationId],
		]);
		expect(result.items[0].json.invitationLink).toBe(
			`${suite.emulator.url}/sign/${envelope.documentId}/${janeRecord.destinationId}`,
		);
		// Simplified by default: numbered values by the names this node offers, no null fields.
		expect(result.items[0].json).toMatchObject({
			subject: 'Contract',
			message: 'Please sign',
			authenticationType: 'National Identity Provider App (Every Time)',
			destinationType: 'Signer',
			invitationLanguage: 'Arabic',
			status: 'Pending',
		});
		expect(result.items[1].json).toMatchObject({
			authenticationType: 'None',
			destinationType: 'Reviewer',
			invitationLanguage: 'English',
		});
		expect(JSON.stringify(result.items.map((item) => item.json))).not.toContain('null');
		expect(result.items[0].json).not.toHaveProperty('signeOrder');
		// The service's fileId is the document's ID: named as every output names a document.
		expect(result.items.map((item) => item.json.documentId)).toEqual([
			envelope.documentId,
			envelope.documentId,
		]);
		expect(result.items[0].json).not.toHaveProperty('fileId');
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
		expect(suite.emulator.notifications.map((n) => n.to)).toEqual(
			sends ? ['omar@example.com', 'jane@example.com'] : [],
		);
	});

	it('outputs the records as the service answers them with Simplify off: numbers, and nulls', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({
			operation,
			documentId: envelope.documentId,
			simplify: false,
			destinations: { destination: [{ ...jane, authenticationType: 7 }] },
		});
		expect(result.error).toBeUndefined();
		// Invitation Language left at its default: English, the published 2.
		expect(result.items[0].json).toMatchObject({
			authenticationType: 7,
			destinationType: 1,
			invitationLanguage: 2,
			status: 1,
			fileId: envelope.documentId,
		});
		expect(result.items[0].json).not.toHaveProperty('documentId');
		// v2 records carry the signer's national ID, null when unknown.
		if (!sends) expect(result.items[0].json.nationalId).toBeNull();
	});

	it('sends the document ID trimmed and leaves out a blank subject and message', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({
			operation,
			documentId: ` ${envelope.documentId}\n`,
			invitationSubject: '   ',
			invitationMessage: '',
			destinations: { destination: [jane] },
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.body).toEqual({
			documentId: envelope.documentId,
			destinations: [expect.objectContaining({ destinationEmail: 'jane@example.com' })],
		});
	});

	it('refuses a blank name and a redirect URL that is not http(s), before sending', async () => {
		const blank = await run({
			operation,
			documentId: UNKNOWN_GUID,
			destinations: { destination: [{ ...jane, name: '   ' }] },
		});
		expect(blank.error?.message).toBe('Signers, signer 1: Name is required');
		const badUrl = await run({
			operation,
			documentId: UNKNOWN_GUID,
			destinations: { destination: [{ ...jane, options: { redirectUrl: 'example.com/done' } }] },
		});
		expect(badUrl.error?.message).toBe(
			'Signers, signer 1: Redirect URL must be an http:// or https:// URL, got text that is not a URL',
		);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('refuses a missing document ID before sending', async () => {
		const result = await run({
			operation,
			documentId: '={{ $json.missing }}',
			destinations: { destination: [jane] },
		});
		expect(result.error?.message).toMatch(/Document ID is required/);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('pairs the records of several items with their item, and keeps going on fail', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run(
			{
				operation,
				documentId: '={{ $json.documentId }}',
				destinations: { destination: [jane, omar] },
			},
			{
				items: [
					{ json: { documentId: envelope.documentId } },
					{ json: { documentId: UNKNOWN_GUID } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.destination ?? item.json.error)).toEqual([
			'jane@example.com',
			'omar@example.com',
			`Document ID "${UNKNOWN_GUID}" was not found (error 404)`,
		]);
		// Three outputs for two inputs: n8n cannot pair by position, so every item, the error one too, carries its pair.
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
		]);
	});
}
