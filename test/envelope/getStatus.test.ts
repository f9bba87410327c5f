/**
 * Get Status (getStatus.ts).
 */
import { WorkflowExpression } from 'n8n-workflow';

import { envelopeSuite, expectBearer, UNKNOWN_GUID } from './testing';

const { suite, run, envelopeCalls, pdfItem } = envelopeSuite();

describe('envelope: getStatus', () => {
	it('gets the status record of the envelope', async () => {
		const result = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
			},
			[pdfItem()],
		);
		const envelopeId = result.items[0].json.envelopeId as string;
		await suite.emulator.sign(envelopeId, 'jane@example.com');
		suite.emulator.clearRequests();

		const status = await run({ operation: 'getStatus', envelopeId });
		expect(status.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`/api/v1/envelopes/${envelopeId}/status`);
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectBearer(request);
		expect(status.items).toEqual([
			{
				json: {
					envelopeId,
					status: 'Completed',
					createdAt: expect.any(String),
					signers: [
						{
							name: 'Jane',
							email: 'jane@example.com',
							status: 'Signed',
							signedAt: expect.any(String),
						},
					],
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('leaves out the fields the service answers null, unless Simplify is off', async () => {
		const created = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
			},
			[pdfItem()],
		);
		const envelopeId = created.items[0].json.envelopeId as string;

		const simplified = await run({ operation: 'getStatus', envelopeId });
		const raw = await run({ operation: 'getStatus', envelopeId, simplify: false });

		// Jane has not signed: the service answers signedAt null.
		expect((raw.items[0].json.signers as Array<Record<string, unknown>>)[0]).toEqual({
			name: 'Jane',
			email: 'jane@example.com',
			status: 'Pending',
			signedAt: null,
		});
		expect(simplified.items[0].json).toEqual({
			...raw.items[0].json,
			signers: [{ name: 'Jane', email: 'jane@example.com', status: 'Pending' }],
		});
	});

	it("names the live answer's documents documentId, as every output names a document, unless Simplify is off", async () => {
		const { envelopeId, documentId } = suite.seedEnvelope();
		suite.emulator.setProfile('live');
		try {
			const simplified = await run({ operation: 'getStatus', envelopeId });
			const raw = await run({ operation: 'getStatus', envelopeId, simplify: false });
			expect(simplified.items[0].json.documents).toEqual([{ documentId, isSigned: false }]);
			expect(raw.items[0].json.documents).toEqual([{ id: documentId, isSigned: false }]);
		} finally {
			suite.emulator.setProfile('spec');
		}
	});

	it('leaves out the fields the service answers empty (""), keeps lists even when empty, unless Simplify is off', async () => {
		// A signer invited by SMS only: the status answers her e-mail as "".
		const { envelopeId } = suite.seedEnvelope({
			signers: [{ name: 'Sara', email: '', phone: '+966500000009' }],
		});
		const raw = await run({ operation: 'getStatus', envelopeId, simplify: false });
		expect((raw.items[0].json.signers as Array<Record<string, unknown>>)[0]).toMatchObject({
			name: 'Sara',
			email: '',
		});
		const simplified = await run({ operation: 'getStatus', envelopeId });
		expect(simplified.items[0].json.signers).toEqual([{ name: 'Sara', status: 'Pending' }]);

		// No signers: the list stays, empty (an expression reading .length or looping over it keeps working).
		const empty = suite.seedEnvelope();
		const none = await run({ operation: 'getStatus', envelopeId: empty.envelopeId });
		expect(none.items[0].json.signers).toEqual([]);
	});

	it('evaluates an Envelope ID given by expression three times per item: twice in the routing engine, once by the check that writes it into the URL', async () => {
		// n8n's routing engine evaluates a parameter once per top-level property of that name, in each of its two walks
		// over the properties; the field is one property for every operation that shows it (resources/kit.ts). The
		// operation's sendsField reads it once, checks it and writes it into the URL.
		const envelopeIds = [];
		for (let i = 0; i < 3; i++) {
			const created = await run(
				{
					operation: 'createAndInvite',
					destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
				},
				[pdfItem()],
			);
			envelopeIds.push(created.items[0].json.envelopeId as string);
		}
		suite.emulator.clearRequests();
		const expression = '={{ $json.envelopeId }}';
		const evaluate = jest.spyOn(WorkflowExpression.prototype, 'resolveSimpleParameterValue');
		try {
			const status = await run(
				{ operation: 'getStatus', envelopeId: expression },
				envelopeIds.map((envelopeId) => ({ json: { envelopeId } })),
			);
			expect(status.error).toBeUndefined();
			expect(envelopeCalls().map((request) => request.path)).toEqual(
				envelopeIds.map((id) => `/api/v1/envelopes/${id}/status`),
			);
			expect(evaluate.mock.calls.filter(([value]) => value === expression)).toHaveLength(3 * 3);
		} finally {
			evaluate.mockRestore();
		}
	});

	it('reports an unknown envelope (data null) as not found', async () => {
		const result = await run({ operation: 'getStatus', envelopeId: UNKNOWN_GUID });
		// The status, then (after the not-found answer) whether the ID is a document's
		// (test/inputs/misplaced-ids.test.ts).
		expect(envelopeCalls().map((request) => request.path)).toEqual([
			`/api/v1/envelopes/${UNKNOWN_GUID}/status`,
			`/api/v1/documents/${UNKNOWN_GUID}`,
		]);
		expect(result.error?.message).toBe(`Envelope ID "${UNKNOWN_GUID}" was not found`);
		expect(result.error?.description).toMatch(
			/^The service answered without data\. envelopeId comes from/,
		);
	});

	it('reports an envelope of another account as not found', async () => {
		const other = suite.emulator.addAccount();
		const account = suite.emulator.state.account(other.accountId)!;
		const foreign = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'x.pdf', data: suite.emulator.samplePdf }],
		});
		const result = await run({ operation: 'getStatus', envelopeId: foreign.envelopeId });
		expect(result.error?.message).toBe(`Envelope ID "${foreign.envelopeId}" was not found`);
		expect(result.error?.description).toContain("It must belong to the credential's account");
	});

	it('refuses an empty Envelope ID before sending', async () => {
		const result = await run({ operation: 'getStatus', envelopeId: '={{ $json.id }}' }, [
			{ json: { id: ' ' } },
		]);
		expect(result.error?.message).toBe(
			'Envelope ID is required: the expression {{ $json.id }} found no id in the input item',
		);
		expect(envelopeCalls()).toHaveLength(0);
	});
});
