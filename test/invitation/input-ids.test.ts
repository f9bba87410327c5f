/**
 * What the invitations hand on (keepsInputIds in their operations' routing): the service's invitation answers name no
 * envelope, so their items keep the input item's envelopeId and documentId when that item holds the ID they sent. A
 * node after them finds the envelope: the README's Quick start (Create From Files → Send and Get Links) ending in
 * Envelope → Get Status, in one workflow run.
 */
import type { INodeParameters } from 'n8n-workflow';

import { option as sendOption } from '../../nodes/ESignature/resources/invitation/send';
import { declarationOf } from '../../nodes/ESignature/routing/operation';
import { actionOperations } from '../harness/operations';
import { NODE_NAME, fromAI } from '../harness';
import { UNKNOWN_GUID, invitationSuite, jane } from './testing';

const { suite } = invitationSuite();

const create: INodeParameters = {
	resource: 'envelope',
	operation: 'create',
	inputDataFieldName: 'data',
};
// Envelope ID left at its default, the previous item's envelopeId.
const getStatus: INodeParameters = { resource: 'envelope', operation: 'getStatus' };
const invite = (operation: string, more: INodeParameters = {}): INodeParameters => ({
	resource: 'invitation',
	operation,
	destinations: { destination: [jane] },
	...more,
});

const KEEPING = ['send', 'sendForEnvelope', 'getSigningLinks', 'sendWithLinks'];

/** Create From Files → the invitations → Get Status, the create's input the emulator's sample PDF. */
async function afterCreate(invitation: INodeParameters, then: INodeParameters[] = [getStatus]) {
	const result = await suite.harness.run({
		parameters: create,
		then: [invitation, ...then],
		items: [suite.pdfItem()],
	});
	const [created] = result.itemsOf(NODE_NAME);
	return { result, created: created.json, invitations: result.itemsOf(`${NODE_NAME} 2`) };
}

describe('invitations: a node after them finds the envelope', () => {
	it('the Quick start: Create From Files → Send and Get Links → Get Status gets the envelope created', async () => {
		const { result, created, invitations } = await afterCreate(invite('sendWithLinks'));
		expect(result.error).toBeUndefined();
		const { envelopeId, documentId } = created;
		expect(invitations.map((item) => item.json)).toEqual([
			expect.objectContaining({
				envelopeId,
				documentId,
				destination: jane.email,
				status: 'Pending',
			}),
		]);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ envelopeId, status: 'Pending' });
		expect(suite.emulator.envelope(envelopeId as string)!.signers.map((s) => s.email)).toContain(
			jane.email,
		);
	});

	it('is declared by Send for Document, Send for Envelope and the two links operations, and no other', () => {
		const keeping = actionOperations()
			.filter(({ option }) => declarationOf(option.routing)?.keepsInputIds)
			.map(({ key, option }) => [key, declarationOf(option.routing)?.keepsInputIds]);
		expect(Object.fromEntries(keeping)).toEqual({
			'invitation:getSigningLinks': 'documentId',
			'invitation:send': 'documentId',
			'invitation:sendForEnvelope': 'envelopeId',
			'invitation:sendWithLinks': 'documentId',
		});
	});

	it.each(KEEPING)(
		'a Get Status after %s gets the envelope of its input item',
		async (operation) => {
			const { result, created, invitations } = await afterCreate(invite(operation));
			expect(result.error).toBeUndefined();
			const { envelopeId, documentId } = created;
			expect(invitations.length).toBeGreaterThan(0);
			for (const { json } of invitations) expect(json).toMatchObject({ envelopeId, documentId });
			expect(result.items.map((item) => item.json.envelopeId)).toEqual(
				invitations.map(() => envelopeId),
			);
		},
	);

	it('keeps the IDs as the input item has them, beside the answer as the service gave it (Simplify off)', async () => {
		const { result, created, invitations } = await afterCreate(
			invite('getSigningLinks', { simplify: false }),
			[],
		);
		expect(result.error).toBeUndefined();
		const [{ json }] = invitations;
		// The answer's own fields stay the service's: fileId is its name for the document.
		expect(json).toMatchObject({ fileId: created.documentId, signeOrder: 1 });
		expect(json).toMatchObject({ envelopeId: created.envelopeId, documentId: created.documentId });
	});

	it('keeps nothing when the ID sent is not the input item’s: a Get Status after says it found no envelopeId', async () => {
		const other = suite.seedEnvelope();
		const { result, invitations } = await afterCreate(
			invite('send', { documentId: other.documentId }),
		);
		expect(invitations.map((item) => item.json)).toEqual([{ success: true, message: 'Success' }]);
		expect(result.error?.message).toContain('found no envelopeId in the input item');
	});

	it('keeps nothing on an error item (Continue On Fail)', async () => {
		const seeded = suite.seedEnvelope();
		const result = await suite.harness.run({
			parameters: invite('send'),
			items: [{ json: { envelopeId: seeded.envelopeId, documentId: UNKNOWN_GUID } }],
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBeDefined();
		expect(result.items[0].json).not.toHaveProperty('envelopeId');
	});

	it('keeps nothing as an AI tool: its input item holds the model’s arguments', async () => {
		const seeded = suite.seedEnvelope();
		const result = await suite.harness.run({
			asTool: true,
			parameters: invite('send', { documentId: fromAI('documentId') }),
			items: [{ json: { documentId: seeded.documentId, envelopeId: seeded.envelopeId } }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).not.toHaveProperty('envelopeId');
	});

	it('keeps them because the operation declares it: without keepsInputIds, Send for Document keeps nothing', async () => {
		const declared = declarationOf(sendOption.routing)!;
		expect(declared.keepsInputIds).toBe('documentId');
		delete declared.keepsInputIds;
		try {
			const { invitations } = await afterCreate(invite('send'), []);
			expect(invitations.map((item) => item.json)).toEqual([{ success: true, message: 'Success' }]);
		} finally {
			declared.keepsInputIds = 'documentId';
		}
	});
});
