import type { INodeProperties } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { type EmulatedEnvelope, newSigner } from './emulator/state';
import { emulatorSuite } from './harness';

/** Invitation operations through n8n-core's routing engine against the emulator. */

const UNKNOWN_ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('Invitation resource', () => {
	const suite = emulatorSuite();
	const { apiRequests } = suite;

	beforeEach(() => {
		suite.emulator.setLatency(0);
		suite.emulator.notifications.length = 0;
	});

	function newEnvelope(
		signers: Array<{ name: string; email: string; phone?: string }> = [],
	): EmulatedEnvelope {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const envelope = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		});
		envelope.signers.push(
			...signers.map((signer, index) => newSigner({ ...signer, signeOrder: index + 1 })),
		);
		return envelope;
	}

	const run = suite.runner('invitation');

	const jane = { name: 'Jane Doe', email: 'jane@example.com' };
	const omar = { name: 'Omar Ali', email: 'omar@example.com' };

	describe('send', () => {
		it('posts the signers in PascalCase, the rarely used fields from Options, and outputs success', async () => {
			const envelope = newEnvelope();
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
			expect(request.headers.authorization).toBe(
				`Bearer ${suite.harness.credentials().accessToken}`,
			);
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
			const envelope = newEnvelope();
			const result = await run({
				operation: 'send',
				documentId: envelope.documentId,
				destinations: { destination: [jane] },
				options: { includeResponseWrapper: true },
			});
			expect(result.items[0].json).toMatchObject({ data: true, errorCode: 0, message: 'Success' });
		});

		it('takes the signers as JSON in either spelling', async () => {
			const envelope = newEnvelope();
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
				{ documentId: UNKNOWN_ID, destinations: {} },
				/Signers: add at least one signer/,
			],
			[
				'a malformed e-mail',
				{
					documentId: UNKNOWN_ID,
					destinations: { destination: [{ name: 'Jane', email: 'jane@' }] },
				},
				/Signers, signer 1: Email must be an e-mail address/,
			],
			[
				'an expiry in the past',
				{
					documentId: UNKNOWN_ID,
					destinations: {
						destination: [{ ...jane, options: { availableTo: '2020-01-01T00:00:00Z' } }],
					},
				},
				/Signers, signer 1: Available To is in the past/,
			],
			// Switching to JSON and running must not send the example of the field.
			[
				'JSON left at its default',
				{ documentId: UNKNOWN_ID, destinationsInput: 'json' },
				/^Signers: add at least one signer$/,
			],
			[
				'JSON left empty',
				{ documentId: UNKNOWN_ID, destinationsInput: 'json', destinationsJson: ' ' },
				/^Signers: add at least one signer$/,
			],
			// Messages name the fields as the UI shows them.
			[
				'a sign order that is not a number',
				{
					documentId: UNKNOWN_ID,
					destinations: { destination: [{ ...jane, signOrder: '={{ "first" }}' }] },
				},
				/^Signers, signer 1: Sign Order must be a whole number, got "first"$/,
			],
			[
				'a JSON sign order that is not a number',
				{
					documentId: UNKNOWN_ID,
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
					documentId: UNKNOWN_ID,
					destinations: { destination: [{ ...jane, authenticationType: '={{ "otp" }}' }] },
				},
				'Signers, signer 1: Authentication Type must be one of None (0), National Identity Provider (First Time Only) (1), SMS One-Time Password (2), Email One-Time Password (3), Digital Signature (Documents Only) (5), National Identity Provider App (Every Time) (7), Absher One-Time Password (Needs National ID) (9), WhatsApp One-Time Password (10), by name or number; got "otp"',
			],
			[
				'escalation that is not JSON',
				{
					documentId: UNKNOWN_ID,
					destinations: { destination: [{ ...jane, options: { escalation: '{oops' } }] },
				},
				/^Signers, signer 1: Escalation \(JSON\) is not valid JSON/,
			],
			// An expression that gives nothing: n8n itself stops an empty required field typed in.
			[
				'a signer without name',
				{
					documentId: UNKNOWN_ID,
					destinations: { destination: [{ name: '={{ $json.missing }}', email: 'j@example.com' }] },
				},
				/^Signers, signer 1: Name is required$/,
			],
			[
				'a signer without e-mail and phone',
				{ documentId: UNKNOWN_ID, destinations: { destination: [jane, { name: 'Omar' }] } },
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
				documentId: UNKNOWN_ID,
				destinations: { destination: [jane] },
			});
			expect(result.error?.message).toBe('The item was not found (error 404)');
			expect(result.error?.description).toContain('DocumentNotFound');
			expect(apiRequests()).toHaveLength(1);
		});

		it('sends one request per item, and pairs each output with its item', async () => {
			const first = newEnvelope();
			const second = newEnvelope();
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
			const envelope = newEnvelope();
			const result = await run(
				{
					operation: 'send',
					documentId: '={{ $json.documentId }}',
					destinations: { destination: [jane] },
				},
				{
					items: [
						{ json: { documentId: UNKNOWN_ID } },
						{ json: { documentId: envelope.documentId } },
					],
					continueOnFail: true,
				},
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(2);
			expect(result.items[0].json).toMatchObject({
				error: 'The item was not found (error 404)',
				details: { code: 404, serviceMessage: 'DocumentNotFound' },
			});
			expect(result.items[0].pairedItem).toEqual({ item: 0 });
			expect(result.items[1].json).toEqual({ success: true, message: 'Success' });
			expect(result.items[1].pairedItem).toEqual({ item: 1 });
		});
	});

	describe('sendBulk', () => {
		it('sends the same signers to each document, in camelCase', async () => {
			const first = newEnvelope();
			const second = newEnvelope();
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
			const first = newEnvelope();
			const second = newEnvelope();
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
			const first = newEnvelope();
			const second = newEnvelope();
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
				{ documentIds: `${UNKNOWN_ID}, 42`, destinations: { destination: [jane] } },
				/Document IDs, ID 2 must be an ID/,
			],
			[
				'no signers',
				{ documentIds: UNKNOWN_ID, destinations: {} },
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
				{ bulkInput: 'json', bulkJson: `[{"documentId": "${UNKNOWN_ID}"}]` },
				/document 1: destinations must be a non-empty array/,
			],
			[
				'JSON with a bad e-mail',
				{
					bulkInput: 'json',
					bulkJson: `[{"documentId": "${UNKNOWN_ID}", "destinations": [{"destinationName": "J", "destinationEmail": "j@"}]}]`,
				},
				/Invitations \(JSON\), document 1: destinations, signer 1: Email must be an e-mail address/,
			],
		])('refuses %s before sending', async (_case, parameters, message) => {
			const result = await run({ operation: 'sendBulk', ...parameters });
			expect(result.error?.message).toMatch(message);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('reports a failure of the whole batch', async () => {
			const envelope = newEnvelope();
			const result = await run({
				operation: 'sendBulk',
				documentIds: `${envelope.documentId}, ${UNKNOWN_ID}`,
				destinations: { destination: [jane] },
			});
			expect(result.error?.message).toBe('The item was not found (error 404)');
			expect(suite.emulator.notifications).toHaveLength(0);
		});
	});

	describe('sendForEnvelope', () => {
		it('invites only the pending signers when no signers are given', async () => {
			const envelope = newEnvelope([jane, omar]);
			const result = await run({
				operation: 'sendForEnvelope',
				envelopeId: envelope.envelopeId,
				invitationMessage: 'Please sign',
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/api/v1/invitations/envelope');
			expect(request.query).toEqual({ envelopeId: envelope.envelopeId });
			expect(request.body).toEqual({
				envelopeId: envelope.envelopeId,
				destinations: [],
				invitationMessage: 'Please sign',
			});
			expect(result.items).toEqual([
				{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
			]);
			expect(suite.emulator.notifications.map((n) => [n.to, n.message])).toEqual([
				['jane@example.com', 'Please sign'],
				['omar@example.com', 'Please sign'],
			]);
		});

		it('adds the given signers in camelCase and omits an empty message', async () => {
			const envelope = newEnvelope([jane]);
			const result = await run({
				operation: 'sendForEnvelope',
				envelopeId: envelope.envelopeId,
				destinations: { destination: [{ ...omar, signOrder: 2 }] },
			});
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual({
				envelopeId: envelope.envelopeId,
				destinations: [
					{
						destinationName: 'Omar Ali',
						destinationEmail: 'omar@example.com',
						signeOrder: 2,
						authenticationType: 0,
					},
				],
			});
			expect(suite.emulator.notifications.map((n) => n.to)).toEqual([
				'jane@example.com',
				'omar@example.com',
			]);
		});

		it.each([
			['an empty JSON list', { destinationsJson: '[]' }],
			['the JSON field left at its default', {}],
			['an empty JSON field', { destinationsJson: '' }],
		])('treats %s as no further signers', async (_case, parameters) => {
			const envelope = newEnvelope([jane]);
			const result = await run({
				operation: 'sendForEnvelope',
				envelopeId: envelope.envelopeId,
				destinationsInput: 'json',
				...parameters,
			});
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual({ envelopeId: envelope.envelopeId, destinations: [] });
			expect(suite.emulator.notifications.map((n) => n.to)).toEqual(['jane@example.com']);
		});

		it('adds signers given as JSON, checked like the fields', async () => {
			const envelope = newEnvelope([jane]);
			const added = await run({
				operation: 'sendForEnvelope',
				envelopeId: envelope.envelopeId,
				destinationsInput: 'json',
				destinationsJson: JSON.stringify([
					{ DestinationName: 'Omar Ali', DestinationEmail: 'omar@example.com' },
				]),
			});
			expect(added.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual({
				envelopeId: envelope.envelopeId,
				destinations: [
					{ destinationName: 'Omar Ali', destinationEmail: 'omar@example.com', signeOrder: 1 },
				],
			});
			suite.emulator.clearRequests();
			const refused = await run({
				operation: 'sendForEnvelope',
				envelopeId: envelope.envelopeId,
				destinationsInput: 'json',
				destinationsJson: JSON.stringify([
					{ destinationName: 'Omar Ali', destinationEmail: 'omar@' },
				]),
			});
			expect(refused.error?.message).toBe(
				'Signers, signer 1: Email must be an e-mail address, got "omar@"',
			);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('refuses a malformed envelope ID before sending', async () => {
			const result = await run({ operation: 'sendForEnvelope', envelopeId: 'abc' });
			expect(result.error?.message).toMatch(/Envelope ID must be an ID/);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('reports an envelope without pending signers (error 100)', async () => {
			const envelope = newEnvelope();
			const result = await run({ operation: 'sendForEnvelope', envelopeId: envelope.envelopeId });
			expect(result.error?.message).toBe(
				'The service could not complete the operation (error 100)',
			);
		});
	});

	describe('extend', () => {
		it('sends the new expiry as ISO 8601 UTC', async () => {
			const envelope = newEnvelope([jane]);
			const [signer] = envelope.signers;
			const result = await run({
				operation: 'extend',
				destinationId: signer.destinationId,
				availableTo: '2099-03-01T10:00:00+03:00',
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('PUT');
			expect(request.path).toBe('/api/v1/invitations/extend');
			expect(request.body).toEqual({
				destinationId: signer.destinationId,
				availableTo: '2099-03-01T07:00:00Z',
			});
			expect(signer.availableTo?.toISOString()).toBe('2099-03-01T07:00:00.000Z');
			expect(result.items).toEqual([
				{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
			]);
		});

		it.each([
			[
				'a date in the past',
				{ destinationId: UNKNOWN_ID, availableTo: '2020-01-01T00:00:00Z' },
				/Available To is in the past/,
			],
			// An expression that gives nothing: n8n itself stops an empty required field typed in.
			[
				'no date',
				{ destinationId: UNKNOWN_ID, availableTo: '={{ $json.missing }}' },
				/Available To is required/,
			],
			[
				'a date that is not one',
				{ destinationId: UNKNOWN_ID, availableTo: 'next tuesday' },
				/Available To is not a valid date/,
			],
			[
				'a malformed invitation ID',
				{ destinationId: 'x', availableTo: inFuture(1) },
				/Invitation ID must be an ID/,
			],
		])('refuses %s before sending', async (_case, parameters, message) => {
			const result = await run({ operation: 'extend', ...parameters });
			expect(result.error?.message).toMatch(message);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('reports error 16 when the date has passed by the time the service reads it', async () => {
			const envelope = newEnvelope([jane]);
			// Accepted by the node (still in the future) but past when the slowed-down service checks it.
			suite.emulator.setLatency(1500);
			const result = await run({
				operation: 'extend',
				destinationId: envelope.signers[0].destinationId,
				availableTo: new Date(Date.now() + 1000).toISOString(),
			});
			expect(apiRequests()).toHaveLength(1);
			expect(result.error?.message).toBe('The "Available To" date is in the past (error 16)');
			expect(result.error?.description).toContain('AvailableTo is in the past');
			expect(envelope.signers[0].availableTo).toBeNull();
		});

		it('reports an unknown invitation', async () => {
			const result = await run({
				operation: 'extend',
				destinationId: UNKNOWN_ID,
				availableTo: inFuture(3),
			});
			expect(result.error?.message).toBe('The item was not found (error 404)');
		});
	});

	describe('sendReminder', () => {
		it('reminds a signer', async () => {
			const envelope = newEnvelope([jane]);
			const result = await run({
				operation: 'sendReminder',
				requestId: envelope.envelopeId,
				destinationEmail: ' jane@example.com ',
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/api/v1/invitations/reminders/send');
			expect(request.body).toEqual({
				requestId: envelope.envelopeId,
				destinationEmail: 'jane@example.com',
			});
			expect(result.items).toEqual([
				{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
			]);
			expect(suite.emulator.notifications.map((n) => [n.kind, n.to])).toEqual([
				['reminder', 'jane@example.com'],
			]);
		});

		it.each([
			[
				'a malformed e-mail',
				{ requestId: UNKNOWN_ID, destinationEmail: 'jane' },
				/Signer Email must be an e-mail address/,
			],
			[
				'a malformed envelope ID',
				{ requestId: '123', destinationEmail: 'jane@example.com' },
				/Envelope ID must be an ID/,
			],
		])('refuses %s before sending', async (_case, parameters, message) => {
			const result = await run({ operation: 'sendReminder', ...parameters });
			expect(result.error?.message).toMatch(message);
			expect(suite.emulator.requests).toHaveLength(0);
		});

		it('reports an e-mail that is not in the envelope (error 121)', async () => {
			const envelope = newEnvelope([jane]);
			const result = await run({
				operation: 'sendReminder',
				requestId: envelope.envelopeId,
				destinationEmail: 'omar@example.com',
			});
			expect(result.error?.message).toBe(
				'The e-mail address does not belong to a signer of this envelope (error 121)',
			);
		});
	});

	describe('sendBulkReminders', () => {
		it('sends the reminders as one list, with a null phone where none is given', async () => {
			const first = newEnvelope([jane]);
			const second = newEnvelope([
				{ name: 'Sara', email: 'sara@example.com', phone: '+966500000009' },
			]);
			const result = await run({
				operation: 'sendBulkReminders',
				reminders: {
					reminder: [
						{ requestId: first.envelopeId, destinationEmail: 'jane@example.com' },
						{
							requestId: second.envelopeId,
							destinationEmail: ' sara@example.com ',
							destinationPhone: ' +966500000009 ',
						},
					],
				},
			});
			expect(result.error).toBeUndefined();
			const [request] = apiRequests();
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/api/v1/invitations/bulk/reminders/send');
			expect(request.body).toEqual([
				{
					requestId: first.envelopeId,
					destinationEmail: 'jane@example.com',
					destinationPhone: null,
				},
				{
					requestId: second.envelopeId,
					destinationEmail: 'sara@example.com',
					destinationPhone: '+966500000009',
				},
			]);
			expect(result.items).toEqual([
				{ json: { success: true, message: 'Success' }, pairedItem: { item: 0 } },
			]);
			expect(suite.emulator.notifications.map((n) => n.to)).toEqual([
				'jane@example.com',
				'sara@example.com',
			]);
		});

		it('takes the list as JSON', async () => {
			const envelope = newEnvelope([jane]);
			const result = await run({
				operation: 'sendBulkReminders',
				remindersInput: 'json',
				remindersJson: JSON.stringify([
					{ RequestId: envelope.envelopeId, destinationEmail: 'jane@example.com' },
				]),
			});
			expect(result.error).toBeUndefined();
			expect(apiRequests()[0].body).toEqual([
				{
					requestId: envelope.envelopeId,
					destinationEmail: 'jane@example.com',
					destinationPhone: null,
				},
			]);
		});

		it('makes error 121 an error although the service answers HTTP 200 with data true', async () => {
			const envelope = newEnvelope([jane]);
			const result = await run({
				operation: 'sendBulkReminders',
				reminders: {
					reminder: [{ requestId: envelope.envelopeId, destinationEmail: 'stranger@example.com' }],
				},
			});
			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toBe(
				'The e-mail address does not belong to a signer of this envelope (error 121)',
			);
			expect(result.error?.description).toContain('The email does not belong to this envelope');
		});

		it.each([
			['no reminders', { reminders: {} }, /Reminders: add at least one reminder/],
			// The interface makes only destinationPhone nullable: a phone alone is not enough.
			[
				'a reminder with a phone but no e-mail',
				// An expression that gives nothing: n8n itself stops an empty required field typed in.
				{
					reminders: {
						reminder: [
							{
								requestId: UNKNOWN_ID,
								destinationEmail: '={{ $json.missing }}',
								destinationPhone: '+966500000009',
							},
						],
					},
				},
				/^Reminders, reminder 1: Signer Email is required$/,
			],
			[
				'a JSON reminder with a phone but no e-mail',
				{
					remindersInput: 'json',
					remindersJson: JSON.stringify([
						{ requestId: UNKNOWN_ID, destinationPhone: '+966500000009' },
					]),
				},
				/^Reminders \(JSON\), reminder 1: destinationEmail is required$/,
			],
			[
				'JSON left at its default',
				{ remindersInput: 'json' },
				/^Reminders \(JSON\): add at least one reminder$/,
			],
			[
				'a malformed envelope ID',
				{ reminders: { reminder: [{ requestId: 'x', destinationEmail: 'a@b.co' }] } },
				/Reminders, reminder 1: Envelope ID must be an ID/,
			],
			[
				'a malformed e-mail',
				{ reminders: { reminder: [{ requestId: UNKNOWN_ID, destinationEmail: 'a@' }] } },
				/Reminders, reminder 1: Signer Email must be an e-mail address/,
			],
			[
				'JSON that is not a list',
				{ remindersInput: 'json', remindersJson: '"x"' },
				/Reminders \(JSON\) must be an array/,
			],
		])('refuses %s before sending', async (_case, parameters, message) => {
			const result = await run({ operation: 'sendBulkReminders', ...parameters });
			expect(result.error?.message).toMatch(message);
			expect(suite.emulator.requests).toHaveLength(0);
		});
	});

	describe.each([
		['getSigningLinks', '/api/v2/invitations/send', false],
		['sendWithLinks', '/api/v3/invitations/send', true],
	] as const)('%s', (operation, path, sends) => {
		it('posts the v2/v3 signer fields and outputs one item per invitation record, in signing order', async () => {
			const envelope = newEnvelope();
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
			expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
			expect(suite.emulator.notifications.map((n) => n.to)).toEqual(
				sends ? ['omar@example.com', 'jane@example.com'] : [],
			);
		});

		it('outputs the records as the service answers them with Simplify off: numbers, and nulls', async () => {
			const envelope = newEnvelope();
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
			});
			// v2 records carry the signer's national ID, null when unknown.
			if (!sends) expect(result.items[0].json.nationalId).toBeNull();
		});

		it('refuses a blank name and a redirect URL that is not http(s), before sending', async () => {
			const blank = await run({
				operation,
				documentId: UNKNOWN_ID,
				destinations: { destination: [{ ...jane, name: '   ' }] },
			});
			expect(blank.error?.message).toBe('Signers, signer 1: Name is required');
			const badUrl = await run({
				operation,
				documentId: UNKNOWN_ID,
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
			const envelope = newEnvelope();
			const result = await run(
				{
					operation,
					documentId: '={{ $json.documentId }}',
					destinations: { destination: [jane, omar] },
				},
				{
					items: [
						{ json: { documentId: envelope.documentId } },
						{ json: { documentId: UNKNOWN_ID } },
					],
					continueOnFail: true,
				},
			);
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.destination ?? item.json.error)).toEqual([
				'jane@example.com',
				'omar@example.com',
				'The item was not found (error 404)',
			]);
			// Three outputs for two inputs: n8n cannot pair by position, so every item, the error one too, carries its pair.
			expect(result.items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 0 },
				{ item: 1 },
			]);
		});
	});

	describe('fields in the editor', () => {
		const properties = new ESignature().description.properties;
		const property = (name: string, operation: string): INodeProperties => {
			const found = properties.find(
				(p) => p.name === name && p.displayOptions?.show?.operation?.includes(operation),
			);
			if (!found) throw new Error(`No property ${name} for ${operation}`);
			return found;
		};
		const signerValues = (operation: string) =>
			(property('destinations', operation).options as Array<{ values: INodeProperties[] }>)[0]
				.values;

		it.each([
			[
				'send',
				['name', 'email', 'phoneNumber', 'signOrder', 'authenticationType', 'nationalId'],
				['allowSignAnywhere', 'availableTo', 'consentOnly', 'escalation'],
			],
			[
				'sendBulk',
				['name', 'email', 'phoneNumber', 'signOrder', 'authenticationType', 'nationalId'],
				['allowSignAnywhere', 'availableTo', 'consentOnly', 'escalation'],
			],
			[
				'getSigningLinks',
				[
					'name',
					'email',
					'phoneNumber',
					'signOrder',
					'authenticationType',
					'nationalId',
					'destinationType',
					'invitationLanguage',
				],
				[
					'allowUserToAddDestination',
					'allowSignAnywhere',
					'availableTo',
					'consentOnly',
					'redirectUrl',
				],
			],
		])(
			'%s: keeps the usual signer fields flat and the rare ones under Options',
			(operation, flat, options) => {
				const values = signerValues(operation);
				expect(values.map((v) => v.name)).toEqual([...flat, 'options']);
				const collection = values[values.length - 1];
				expect(collection).toMatchObject({
					displayName: 'Options',
					type: 'collection',
					placeholder: 'Add Option',
					default: {},
				});
				expect((collection.options as INodeProperties[]).map((o) => o.name)).toEqual(options);
			},
		);

		it.each([
			['send', 'destinationsJson'],
			['sendForEnvelope', 'destinationsJson'],
			['getSigningLinks', 'destinationsJson'],
			['sendBulk', 'destinationsJson'],
			['sendBulk', 'bulkJson'],
			['sendBulkReminders', 'remindersJson'],
		])('%s: %s starts empty and shows its example only as a hint', (operation, name) => {
			const json = property(name, operation);
			expect(json.default).toBe('');
			expect(json.placeholder).toMatch(/^\[\{.+\}\]$/);
			expect(() => JSON.parse(json.placeholder as string)).not.toThrow();
		});

		it('requires the e-mail of every bulk reminder', () => {
			const reminder = (
				property('reminders', 'sendBulkReminders').options as Array<{ values: INodeProperties[] }>
			)[0];
			expect(reminder.values.find((v) => v.name === 'destinationEmail')?.required).toBe(true);
		});
	});
});
