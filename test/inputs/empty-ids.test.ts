/**
 * An ID field whose expression found nothing says so (issue 45): the Envelope ID and Document ID fields start as
 * {{ $json.envelopeId }} / {{ $json.documentId }}, and an input item from a node that outputs no such field gave a bare
 * "is required". One rule, `requireGuid` (`missingId`) in nodes/ESignature/fields/validation.ts.
 */
import { BASES, inputsSuite } from './testing';

const { run, apiRequests } = inputsSuite();

describe('a required ID whose expression found nothing says which, and what to map instead', () => {
	it.each([
		[
			'Envelope → Get Status, Envelope ID',
			{ resource: 'envelope', operation: 'getStatus', envelopeId: '={{ $json.envelopeId }}' },
			'Envelope ID is required: the expression {{ $json.envelopeId }} found no envelopeId in the input item',
			'Map the envelope ID from the node that created the envelope (its output field envelopeId), or type it.',
		],
		[
			'Document → Download Content, Document ID',
			{ resource: 'document', operation: 'getContent', documentId: '={{ $json.documentId }}' },
			'Document ID is required: the expression {{ $json.documentId }} found no documentId in the input item',
			'Map the document ID from the node that created the envelope (its output field documentId), or type it.',
		],
		[
			'Invitation → Remind a Signer, Envelope ID (requiredIdField)',
			{
				resource: 'invitation',
				operation: 'sendReminder',
				...BASES['invitation:sendReminder'].parameters,
				requestId: '={{ $json.envelope?.id }}',
			},
			'Envelope ID is required: the expression {{ $json.envelope?.id }} gave nothing for this item',
			'Map the envelope ID from the node that created the envelope (its output field envelopeId), or type it.',
		],
		[
			'Signing → Sign by Template, Template ID (requiredIdField)',
			{
				resource: 'signing',
				operation: 'signByTemplate',
				...BASES['signing:signByTemplate'].parameters,
				templateId: '={{ $json.templateId }}',
			},
			'Template ID is required: the expression {{ $json.templateId }} found no templateId in the input item',
			"Map the Template ID from an earlier node's output, or type it.",
		],
	])('%s', async (_, parameters, message, description) => {
		const result = await run(parameters, [{ json: { name: 'no IDs here' } }]);
		expect(result.error?.message).toBe(message);
		expect(result.error?.description).toBe(description);
		expect(apiRequests()).toHaveLength(0);
	});

	it('a field left empty by hand says only that it is required', async () => {
		const result = await run({ resource: 'envelope', operation: 'getStatus', envelopeId: '  ' }, [
			{ json: {} },
		]);
		expect(result.error?.message).toBe('Envelope ID is required');
	});
});
