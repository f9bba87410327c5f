/**
 * Invitation → sendBulk (nodes/ESignature/resources/invitation/sendBulk.ts).
 */
import { invitationSuite, jane, omar, UNKNOWN_GUID } from './testing';

const { suite, run, apiRequests } = invitationSuite();

describe('invitation: sendBulk', () => {
	it('sends the same signers to each document, in camelCase', async () => {
		const first = suite.seedEnvelope();
		const second = suite.seedEnvelope();
		const result = await run({
			operation: 'sendBulk',
			documentIds: `${first.documentId}, ${second.documentId}`,
			destinations: { destination: [jane, omar] },
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/invitations/bulk/send');
		const destinations = [
			{
				destinationName: 'Jane Doe',
				destinationEmail: 'jane@example.com',
				signeOrder: 1,
				authenticationType: 0,
			},
			{
				destinationName: 'Omar Ali',
				destinationEmail: 'omar@example.com',
				signeOrder: 2,
				authenticationType: 0,
			},
		];
		expect(request.body).toEqual([
			{ documentId: first.documentId, destinations },
			{ documentId: second.documentId, destinations },
		]);
		expect(result.items).toEqual([
			{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
		]);
		expect(suite.emulator.notifications.filter((n) => n.via === 'bulk/send')).toHaveLength(4);
	});

	it('accepts the document IDs as a list from an expression', async () => {
		const first = suite.seedEnvelope();
		const second = suite.seedEnvelope();
		const result = await run(
			{
				operation: 'sendBulk',
				documentIds: '={{ $json.ids }}',
				destinations: { destination: [jane] },
			},
			{ items: [{ json: { ids: [first.documentId, second.documentId] } }] },
		);
		expect(result.error).toBeUndefined();
		expect(
			(apiRequests()[0].body as Array<{ documentId: string }>).map((entry) => entry.documentId),
		).toEqual([first.documentId, second.documentId]);
	});

	it('takes the whole list as JSON and normalises the signers', async () => {
		const first = suite.seedEnvelope();
		const second = suite.seedEnvelope();
		const result = await run({
			operation: 'sendBulk',
			bulkInput: 'json',
			bulkJson: JSON.stringify([
				{
					documentId: first.documentId,
					destinations: [{ DestinationName: 'Jane Doe', DestinationEmail: 'jane@example.com' }],
				},
				{
					DocumentId: second.documentId,
					Destinations: [
						{ destinationName: 'Omar Ali', destinationEmail: 'omar@example.com', signeOrder: 3 },
					],
				},
			]),
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual([
			{
				documentId: first.documentId,
				destinations: [
					{ destinationName: 'Jane Doe', destinationEmail: 'jane@example.com', signeOrder: 1 },
				],
			},
			{
				documentId: second.documentId,
				destinations: [
					{ destinationName: 'Omar Ali', destinationEmail: 'omar@example.com', signeOrder: 3 },
				],
			},
		]);
	});

	it.each([
		[
			'an empty list of documents',
			{ documentIds: ' , ', destinations: { destination: [jane] } },
			/Document IDs: enter at least one document ID/,
		],
		[
			'a malformed document ID',
			{ documentIds: `${UNKNOWN_GUID}, 42`, destinations: { destination: [jane] } },
			/Document IDs, ID 2 must be an ID/,
		],
		[
			'no signers',
			{ documentIds: UNKNOWN_GUID, destinations: {} },
			/Signers: add at least one signer/,
		],
		[
			'JSON that is not a list',
			{ bulkInput: 'json', bulkJson: '{"documentId": "x"}' },
			/Invitations \(JSON\) must be an array/,
		],
		[
			'JSON left at its default',
			{ bulkInput: 'json' },
			/^Invitations \(JSON\): add at least one document$/,
		],
		[
			'JSON without signers',
			{ bulkInput: 'json', bulkJson: `[{"documentId": "${UNKNOWN_GUID}"}]` },
			/document 1: destinations must be a non-empty array/,
		],
		[
			'JSON with a bad e-mail',
			{
				bulkInput: 'json',
				bulkJson: `[{"documentId": "${UNKNOWN_GUID}", "destinations": [{"destinationName": "J", "destinationEmail": "j@"}]}]`,
			},
			/Invitations \(JSON\), document 1: destinations, signer 1: Email must be an e-mail address/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await run({ operation: 'sendBulk', ...parameters });
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('reports a failure of the whole batch', async () => {
		const envelope = suite.seedEnvelope();
		const result = await run({
			operation: 'sendBulk',
			documentIds: `${envelope.documentId}, ${UNKNOWN_GUID}`,
			destinations: { destination: [jane] },
		});
		expect(result.error?.message).toBe('The item was not found (error 404)');
		expect(suite.emulator.notifications).toHaveLength(0);
	});
});
