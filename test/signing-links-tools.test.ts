import { option as getSigningLinks } from '../nodes/ESignature/resources/invitation/getSigningLinks';
import { declarationOf } from '../nodes/ESignature/routing/operation';
import { SIGNING_LINK_NOT_FOR_TOOLS } from '../nodes/ESignature/service/asTool';
import { emulatorSuite, fromAI } from './harness';

/**
 * A tool's answers give a model no signing links (docs/ai-agents.md#signing-links): whoever has one signs as that
 * signer, and a model that read an injected text could hand them to anyone. The live service's Get Status carries
 * every pending signer's link (test/emulator/routes/envelopes.ts, liveStatus); the operations made to hand links out
 * keep them. Run through the routing engine as the tool n8n makes of the node (type eSignatureTool).
 */

const suite = emulatorSuite({ emulator: { profile: 'live' } });
const signers = [
	{ name: 'Jane Doe', email: 'jane@example.com' },
	{ name: 'Omar Ali', email: 'omar@example.com' },
];

/** Every string of an output that is a link the emulator minted for signing. */
const linksIn = (value: unknown): string[] =>
	(JSON.stringify(value).match(/https?:\/\/[^"]*/g) ?? []).filter((link) =>
		link.startsWith(suite.emulator.url),
	);

describe('Get Status as a tool', () => {
	it.each([true, false])(
		'gives the model no signing link of a pending signer (Simplify %s)',
		async (simplify) => {
			const envelope = suite.seedEnvelope({ signers });
			const result = await suite.harness.run({
				asTool: true,
				parameters: {
					resource: 'envelope',
					operation: 'getStatus',
					envelopeId: fromAI('envelopeId'),
					simplify,
				},
				items: [{ json: { envelopeId: envelope.envelopeId } }],
			});
			expect(result.error).toBeUndefined();
			expect(linksIn(result.items)).toEqual([]);
			expect(JSON.stringify(result.items)).toContain(SIGNING_LINK_NOT_FOR_TOOLS);
		},
	);

	it('in a workflow the links stay (the author chose where the output goes)', async () => {
		const envelope = suite.seedEnvelope({ signers });
		const result = await suite.harness.run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId: envelope.envelopeId },
		});
		expect(result.error).toBeUndefined();
		expect(linksIn(result.items).length).toBeGreaterThanOrEqual(2);
	});
});

describe('the operations made to hand out links keep them as tools', () => {
	it.each(['getSigningLinks', 'sendWithLinks'])('%s', async (operation) => {
		const envelope = suite.seedEnvelope();
		const result = await suite.harness.run({
			asTool: true,
			parameters: {
				resource: 'invitation',
				operation,
				documentId: fromAI('documentId'),
				destinations: { destination: [{ name: 'Jane Doe', email: 'jane@example.com' }] },
			},
			items: [{ json: { documentId: envelope.documentId } }],
		});
		expect(result.error).toBeUndefined();
		expect(linksIn(result.items)).toHaveLength(1);
		expect(JSON.stringify(result.items)).not.toContain(SIGNING_LINK_NOT_FOR_TOOLS);
	});
});

describe("what keeps them is the operation's declaration (handsOutSigningLinks in its routing)", () => {
	it('Get Signing Links without the declaration gives the model no link', async () => {
		const declared = declarationOf(getSigningLinks.routing)!;
		expect(declared.handsOutSigningLinks).toBe(true);
		declared.handsOutSigningLinks = false;
		try {
			const envelope = suite.seedEnvelope();
			const result = await suite.harness.run({
				asTool: true,
				parameters: {
					resource: 'invitation',
					operation: 'getSigningLinks',
					documentId: fromAI('documentId'),
					destinations: { destination: [{ name: 'Jane Doe', email: 'jane@example.com' }] },
				},
				items: [{ json: { documentId: envelope.documentId } }],
			});
			expect(result.error).toBeUndefined();
			expect(linksIn(result.items)).toEqual([]);
		} finally {
			declared.handsOutSigningLinks = true;
		}
	});
});
