import { emulatorSuite } from './harness';

/** How answers of the service become items, files and errors, whatever the operation (routing/answers.ts). */

describe('answers of the service', () => {
	const suite = emulatorSuite({ resetEach: 'reset', forgetTokens: true });
	const someId = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

	it('asks for a file when downloading, and reports a JSON answer without data as not found instead of saving it', async () => {
		suite.emulator.failNext(1, 200, { data: null, errorCode: 0, message: 'Success' });
		const result = await suite.harness.run({
			parameters: { resource: 'document', operation: 'download', documentId: someId },
		});
		expect(result.error?.message).toBe(`Document ID "${someId}" was not found`);
		expect(result.items).toHaveLength(0);
		const [request] = suite.emulator.requestsTo('GET', `/api/v1/documents/${someId}`);
		expect(request.headers.accept).toContain('application/pdf');
	});

	it('reports a Base64 download answered without data as not found, like every read by ID', async () => {
		for (const operation of ['getCompleted', 'getContent']) {
			suite.emulator.failNext(1, 200, { data: null, errorCode: 0, message: 'Success' });
			const result = await suite.harness.run({
				parameters: { resource: 'document', operation, documentId: someId },
			});
			expect(result.error?.message).toBe(`Document ID "${someId}" was not found`);
		}
	});

	it('turns a `data: false` answer without error code into { success: false }', async () => {
		suite.emulator.failNext(1, 200, { data: false, errorCode: 0, message: 'NothingToDo' });
		const result = await suite.harness.run({
			parameters: {
				resource: 'invitation',
				operation: 'sendReminder',
				requestId: someId,
				destinationEmail: 'a@example.com',
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ success: false, message: 'NothingToDo' },
		]);
	});

	it('pairs a not-found error item with its input under Continue On Fail', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: '={{ $json.id }}' },
			items: [{ json: { id: someId } }, { json: { id: '4f2504e0-4f89-11d3-9a0c-0305e82c3301' } }],
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => String(item.json.error))).toEqual([
			`Envelope ID "${someId}" was not found`,
			'Envelope ID "4f2504e0-4f89-11d3-9a0c-0305e82c3301" was not found',
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
