/**
 * Invitation → send (nodes/ESignature/resources/invitation/send.ts).
 */
import { inFuture, invitationSuite, jane, omar, UNKNOWN_GUID } from './testing';

const { suite, run, apiRequests } = invitationSuite();

describe('invitation: send', () => {
	it('posts the signers in PascalCase, the rarely used fields from Options, and outputs success', async () => {
		const envelope = suite.seedEnvelope();
		const availableTo = inFuture(7);
		const result = await run({
			operation: 'send',
			documentId: envelope.documentId,
			destinations: {
				destination: [
					{
						...jane,
						phoneNumber: '+966500000001',
						authenticationType: 3,
						options: { availableTo, consentOnly: true },
					},
					{
						...omar,
						signOrder: 5,
						options: { allowSignAnywhere: true, escalation: '{"afterDays": 2}' },
					},
				],
			},
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/invitations');
		expect(request.headers.authorization).toBe(`Bearer ${suite.harness.credentials().accessToken}`);
		expect(request.headers['content-type']).toContain('application/json');
		expect(request.body).toEqual({
			DocumentId: envelope.documentId,
			Destinations: [
				{
					DestinationName: 'Jane Doe',
					DestinationEmail: 'jane@example.com',
					DestinationPhoneNumber: '+966500000001',
					SigneOrder: 1,
					AvailableTo: availableTo.replace(/\.000Z$/, 'Z'),
					ConsentOnly: true,
					AuthenticationType: 3,
				},
				{
					DestinationName: 'Omar Ali',
					DestinationEmail: 'omar@example.com',
					SigneOrder: 5,
					AuthenticationType: 0,
					AllowUserToSignAnyWhere: true,
					Escalation: { afterDays: 2 },
				},
			],
		});
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.notifications.map((n) => [n.kind, n.via, n.to])).toEqual([
			['invitation', 'v1', 'jane@example.com'],
			['invitation', 'v1', 'omar@example.com'],
		]);
	});

	it('keeps the whole answer of the service when asked to', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({
			operation: 'send',
			documentId: envelope.documentId,
			destinations: { destination: [jane] },
			options: { includeResponseWrapper: true },
		});
		expect(result.items[0].json).toMatchObject({ data: true, errorCode: 0, message: 'Success' });
	});

	it('takes the signers as JSON in either spelling', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({
			operation: 'send',
			documentId: envelope.documentId,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify([
				{ DestinationName: 'Jane Doe', destinationEmail: 'jane@example.com', Signatories: [] },
			]),
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			DocumentId: envelope.documentId,
			Destinations: [
				{
					DestinationName: 'Jane Doe',
					DestinationEmail: 'jane@example.com',
					SigneOrder: 1,
					Signatories: [],
				},
			],
		});
	});

	it.each([
		[
			'a malformed document ID',
			{ documentId: 'not-an-id', destinations: { destination: [jane] } },
			/Document ID must be an ID/,
		],
		[
			'no signers',
			{ documentId: UNKNOWN_GUID, destinations: {} },
			/Signers: add at least one signer/,
		],
		[
			'a malformed e-mail',
			{
				documentId: UNKNOWN_GUID,
				destinations: { destination: [{ name: 'Jane', email: 'jane@' }] },
			},
			/Signers, signer 1: Email must be an e-mail address/,
		],
		[
			'an expiry in the past',
			{
				documentId: UNKNOWN_GUID,
				destinations: {
					destination: [{ ...jane, options: { availableTo: '2020-01-01T00:00:00Z' } }],
				},
			},
			/Signers, signer 1: Available To is in the past/,
		],
		// Switching to JSON and running must not send the example of the field.
		[
			'JSON left at its default',
			{ documentId: UNKNOWN_GUID, destinationsInput: 'json' },
			/^Signers: add at least one signer$/,
		],
		[
			'JSON left empty',
			{ documentId: UNKNOWN_GUID, destinationsInput: 'json', destinationsJson: ' ' },
			/^Signers: add at least one signer$/,
		],
		// Messages name the fields as the UI shows them.
		[
			'a sign order that is not a number',
			{
				documentId: UNKNOWN_GUID,
				destinations: { destination: [{ ...jane, signOrder: '={{ "first" }}' }] },
			},
			/^Signers, signer 1: Sign Order must be a whole number, got "first"$/,
		],
		[
			'a JSON sign order that is not a number',
			{
				documentId: UNKNOWN_GUID,
				destinationsInput: 'json',
				destinationsJson: JSON.stringify([
					{ destinationName: 'J', destinationEmail: 'j@example.com', SigneOrder: 'x' },
				]),
			},
			/^Signers, signer 1: Sign Order must be a whole number, got "x"$/,
		],
		[
			'an authentication type that is not a number',
			{
				documentId: UNKNOWN_GUID,
				destinations: { destination: [{ ...jane, authenticationType: '={{ "otp" }}' }] },
			},
			'Signers, signer 1: Authentication Type must be one of None (0), National Identity Provider (First Time Only) (1), SMS One-Time Password (2), Email One-Time Password (3), Digital Signature (Documents Only) (5), National Identity Provider App (Every Time) (7), Absher One-Time Password (Needs National ID) (9), WhatsApp One-Time Password (10), by name or number; got "otp"',
		],
		[
			'escalation that is not JSON',
			{
				documentId: UNKNOWN_GUID,
				destinations: { destination: [{ ...jane, options: { escalation: '{oops' } }] },
			},
			/^Signers, signer 1: Escalation \(JSON\) is not valid JSON/,
		],
		// An expression that gives nothing: n8n itself stops an empty required field typed in.
		[
			'a signer without name',
			{
				documentId: UNKNOWN_GUID,
				destinations: { destination: [{ name: '={{ $json.missing }}', email: 'j@example.com' }] },
			},
			/^Signers, signer 1: Name is required$/,
		],
		[
			'a signer without e-mail and phone',
			{ documentId: UNKNOWN_GUID, destinations: { destination: [jane, { name: 'Omar' }] } },
			/^Signers, signer 2: give an Email or a Phone Number$/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'send', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports a document the account does not have (errorCode 404 on HTTP 200)', async () => {
		const result = await run({
			operation: 'send',
			documentId: UNKNOWN_GUID,
			destinations: { destination: [jane] },
		});
		expect(result.error?.message).toBe(`Document ID "${UNKNOWN_GUID}" was not found (error 404)`);
		expect(result.error?.description).toContain('DocumentNotFound');
		// The invitation, then (after the not-found answer) whether the ID is an envelope's
		// (test/inputs/misplaced-ids.test.ts).
		expect(apiRequests().map((request) => request.path)).toEqual([
			'/api/v1/invitations',
			`/api/v1/envelopes/${UNKNOWN_GUID}/status`,
		]);
	});

	it('sends one request per item, and pairs each output with its item', async () => {
		const first = suite.seedEnvelope();
		const second = suite.seedEnvelope();
		const result = await run(
			{
				operation: 'send',
				documentId: '={{ $json.documentId }}',
				destinations: {
					destination: [{ name: '={{ $json.name }}', email: '={{ $json.email }}' }],
				},
			},
			{
				items: [
					{ json: { documentId: first.documentId, name: 'Jane Doe', email: 'jane@example.com' } },
					{
						json: { documentId: second.documentId, name: 'Omar Ali', email: 'omar@example.com' },
					},
				],
			},
		);
		expect(result.error).toBeUndefined();
		const bodies = apiRequests().map((request) => request.body as Record<string, unknown>);
		expect(bodies.map((body) => body.DocumentId).sort()).toEqual(
			[first.documentId, second.documentId].sort(),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(first.signers.map((s) => s.email)).toEqual(['jane@example.com']);
		expect(second.signers.map((s) => s.email)).toEqual(['omar@example.com']);
	});

	it('continues on fail: the failing item becomes an error item and the other goes through', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run(
			{
				operation: 'send',
				documentId: '={{ $json.documentId }}',
				destinations: { destination: [jane] },
			},
			{
				items: [
					{ json: { documentId: UNKNOWN_GUID } },
					{ json: { documentId: envelope.documentId } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		expect(result.items[0].json).toMatchObject({
			error: `Document ID "${UNKNOWN_GUID}" was not found (error 404)`,
			details: { code: 404, serviceMessage: 'DocumentNotFound' },
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		// The item's documentId is kept (test/invitation/input-ids.test.ts); it had no envelopeId.
		expect(result.items[1].json).toEqual({
			success: true,
			message: 'Success',
			documentId: envelope.documentId,
		});
		expect(result.items[1].pairedItem).toEqual({ item: 1 });
	});
});
