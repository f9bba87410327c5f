/**
 * A document ID given where an envelope ID belongs (or the reverse): after the service's not-found answer, and only
 * then, one read asks it what the ID is, and the error says so (nodes/ESignature/routing/misplacedIds.ts, the wording
 * in nodes/ESignature/service/errors.ts).
 */
import { actionOperations } from '../harness';
import { shownFields } from '../harness/samples';
import { BASES, inputsSuite } from './testing';

const { suite, run, fileItem, apiRequests } = inputsSuite();

const UNKNOWN = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const paths = () => apiRequests().map((request) => `${request.method} ${request.path}`);

afterEach(() => suite.emulator.setProfile('spec'));

describe('a document ID given for an envelope', () => {
	it('Get Status (answered without data) says it is a document ID, and which ID to use', async () => {
		const { documentId } = suite.seedEnvelope();
		const result = await run({
			resource: 'envelope',
			operation: 'getStatus',
			envelopeId: documentId,
		});
		expect(result.error?.message).toBe(
			`The requested item was not found: Envelope ID "${documentId}" is a document ID, not an envelope ID`,
		);
		expect(result.error?.description).toContain(
			"This operation takes the envelope's ID: use envelopeId from the output of the operation that created it",
		);
		expect(paths()).toEqual([
			`GET /api/v1/envelopes/${documentId}/status`,
			`GET /api/v1/documents/${documentId}`,
		]);
	});

	it.each([
		['envelope', 'cancel', 'envelopeId'],
		['invitation', 'sendForEnvelope', 'envelopeId'],
		['invitation', 'sendReminder', 'requestId'],
	])('%s → %s (answered error 404) says so too', async (resource, operation, parameter) => {
		const { documentId } = suite.seedEnvelope();
		const result = await run({
			resource,
			operation,
			[parameter]: documentId,
			destinationEmail: 'jane@example.com',
		});
		expect(result.error?.message).toBe(
			`The item was not found: Envelope ID "${documentId}" is a document ID, not an envelope ID (error 404)`,
		);
		expect(result.error?.description).toMatch(/^Service message: \w+NotFound\n/);
		expect(paths()).toContain(`GET /api/v1/documents/${documentId}`);
	});

	it('under Continue On Fail, the error item says it', async () => {
		const { documentId } = suite.seedEnvelope();
		const result = await run(
			{ resource: 'envelope', operation: 'getStatus', envelopeId: documentId },
			[{ json: {} }],
			{ continueOnFail: true },
		);
		expect(String(result.items[0].json.error)).toContain('is a document ID, not an envelope ID');
	});
});

describe('an envelope ID given for a document', () => {
	it('names the envelope’s document when the service lists it (the live form of Get Status)', async () => {
		suite.emulator.setProfile('live');
		const { envelopeId, documentId } = suite.seedEnvelope();
		const result = await run({
			resource: 'document',
			operation: 'download',
			documentId: envelopeId,
		});
		expect(result.error?.message).toBe(
			`The item was not found: Document ID "${envelopeId}" is an envelope ID, not a document ID (error 404)`,
		);
		expect(result.error?.description).toContain(`This envelope's document ID is "${documentId}".`);
		expect(paths()).toEqual([
			`GET /api/v1/documents/${envelopeId}`,
			`GET /api/v1/envelopes/${envelopeId}/status`,
		]);
	});

	it('names every document of an envelope of several', async () => {
		suite.emulator.setProfile('live');
		const { samplePdf } = suite.emulator;
		const envelope = suite.seedEnvelope({
			files: [
				{ fileName: 'contract.pdf', data: samplePdf },
				{ fileName: 'annex.pdf', data: samplePdf },
			],
		});
		const result = await run({
			resource: 'document',
			operation: 'getContent',
			documentId: envelope.envelopeId,
		});
		const [first, second] = envelope.files.map((file) => file.fileId);
		expect(result.error?.description).toContain(
			`This envelope's document IDs are "${first}", "${second}".`,
		);
	});

	it('says where the document ID is when the service does not list the documents (the spec form)', async () => {
		const { envelopeId } = suite.seedEnvelope();
		const result = await run({
			resource: 'invitation',
			operation: 'sendWithLinks',
			documentId: envelopeId,
			destinationsInput: 'fields',
			destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
		});
		expect(result.error?.message).toMatch(
			/^The item was not found: Document ID ".+" is an envelope ID, not a document ID \(error 404\)$/,
		);
		expect(result.error?.description).toContain(
			'Use documentId from the output of the operation that created the envelope (beside envelopeId).',
		);
	});
});

describe('every operation showing an Envelope ID or a Document ID field (none is listed anywhere)', () => {
	const taking = actionOperations().flatMap((operation) => {
		const field = shownFields(operation).find(({ displayName }) =>
			['Envelope ID', 'Document ID'].includes(displayName),
		);
		return field ? [{ key: operation.key, operation, field }] : [];
	});

	it('are found in the node description', () => {
		expect(taking.map(({ key }) => key)).toEqual(
			expect.arrayContaining([
				'envelope:getStatus',
				'invitation:sendReminder',
				'document:getContent',
			]),
		);
	});

	it.each(taking.map((entry) => [entry.key, entry] as const))(
		'%s says when the ID given is of the other kind',
		async (_key, { operation, field }) => {
			suite.emulator.setProfile('live');
			const { envelopeId, documentId } = suite.seedEnvelope();
			const forEnvelope = field.displayName === 'Envelope ID';
			const wrong = forEnvelope ? documentId : envelopeId;
			const base = BASES[operation.key];
			const result = await run(
				{
					...base.parameters,
					resource: operation.resource,
					operation: operation.operation,
					[field.name]: wrong,
				},
				[base.file ? fileItem() : { json: {} }],
			);
			const said = forEnvelope
				? `Envelope ID "${wrong}" is a document ID, not an envelope ID`
				: `Document ID "${wrong}" is an envelope ID, not a document ID`;
			// Where the service answers "not found" the error says what the ID is; Signing → Sign's answer is error 100.
			const code = (result.error as { httpCode?: string } | undefined)?.httpCode;
			if (code === '404') expect(result.error?.message).toContain(said);
			else
				expect(result.error?.message).toBe(
					'The service could not complete the operation (error 100)',
				);
		},
	);
});

describe('what stays as it was', () => {
	it('an ID the service knows as neither: the not-found error naming the field and the ID', async () => {
		const result = await run({ resource: 'envelope', operation: 'getStatus', envelopeId: UNKNOWN });
		expect(result.error?.message).toBe(`Envelope ID "${UNKNOWN}" was not found`);
		expect(result.error?.description).toMatch(/It must belong to the credential's account/);
		const cancel = await run({ resource: 'envelope', operation: 'cancel', envelopeId: UNKNOWN });
		expect(cancel.error?.message).toBe(`Envelope ID "${UNKNOWN}" was not found (error 404)`);
	});

	it('an ID of the right kind: one request, nothing asked after it', async () => {
		const { envelopeId } = suite.seedEnvelope();
		const result = await run({ resource: 'envelope', operation: 'getStatus', envelopeId });
		expect(result.error).toBeUndefined();
		expect(paths()).toEqual([`GET /api/v1/envelopes/${envelopeId}/status`]);
	});
});
