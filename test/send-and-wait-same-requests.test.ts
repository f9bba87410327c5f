/**
 * Send and Wait sends the action node's requests (nodes/ESignature/sendAndWait/send.ts): for the same file, signers,
 * texts and reference number, its envelope is Envelope → Create Bulk's request and its invitations are Invitation →
 * Send and Get Links' (Send and Wait for Signature, v3) or Get Signing Links' (Send and Output Signing Links, v2).
 * The action node is given the webhook and document Send and Wait got from the service, and its own reference number
 * (the service refuses one it has seen): apart from that, the requests must be equal.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { byId, emulatorSuite } from './harness';

const suite = emulatorSuite();
const sendAndWaitType = new ESignatureSendAndWait();
let executionNumber = 0;

const SIGNERS: INodeParameters = {
	destinationsInput: 'fields',
	destinations: {
		destination: [
			{
				name: 'Alice Signer',
				email: 'alice@example.com',
				signOrder: 1,
				invitationLanguage: 'arabic',
			},
			{ name: 'Bob Signer', email: 'bob@example.com', signOrder: 2, authenticationType: 7 },
		],
	},
};
const TEXTS: INodeParameters = {
	invitationSubject: 'Contract',
	invitationMessage: 'Please sign\nby Friday',
};

const only = (method: string, path: string) => {
	const requests = suite.emulator.requestsTo(method, path);
	expect(requests).toHaveLength(1);
	return requests[0];
};

/** Send and Wait's envelope and invitation requests, then the action node's for the same input. */
async function bothNodes(
	operation: 'sendAndWaitForSignature' | 'sendAndOutputLinks',
	actionOperation: 'sendWithLinks' | 'getSigningLinks',
	texts: INodeParameters,
) {
	// The service refuses a reference number it has seen: each node gets its own.
	const reference = `SAME-${Date.now()}-${++executionNumber}`;
	const actionReference = `${reference}-action`;
	const waited = await suite.harness.run({
		parameters: {
			operation,
			inputDataFieldName: 'data',
			...SIGNERS,
			...texts,
			options: { referenceNumber: reference },
		},
		items: [suite.pdfItem()],
		nodeType: sendAndWaitType,
		executionId: `same-${executionNumber}`,
	});
	expect(waited.error).toBeUndefined();
	const path = `/api/${actionOperation === 'sendWithLinks' ? 'v3' : 'v2'}/invitations/send`;
	const envelope = only('POST', '/api/v1/envelopes/bulk/initiate-base64');
	const invitation = only('POST', path);
	const { webhookId } = envelope.body as { webhookId: string };
	const { documentId } = invitation.body as { documentId: string };
	suite.emulator.clearRequests();

	const created = await suite.harness.run({
		parameters: {
			resource: 'envelope',
			operation: 'createBulk',
			inputDataFieldName: 'data',
			webhookId: byId(webhookId),
			additionalFields: { referenceNumber: actionReference },
		},
		items: [suite.pdfItem()],
	});
	expect(created.error).toBeUndefined();
	const invited = await suite.harness.run({
		parameters: {
			resource: 'invitation',
			operation: actionOperation,
			documentId,
			...SIGNERS,
			...texts,
		},
	});
	expect(invited.error).toBeUndefined();
	return {
		actionReference,
		sendAndWait: { envelope, invitation },
		action: {
			envelope: only('POST', '/api/v1/envelopes/bulk/initiate-base64'),
			invitation: only('POST', path),
		},
	};
}

describe('E-Signature Send and Wait sends the action node’s requests', () => {
	it('Send and Wait for Signature: Create Bulk’s envelope, Send and Get Links’ invitation (v3)', async () => {
		const { actionReference, sendAndWait, action } = await bothNodes(
			'sendAndWaitForSignature',
			'sendWithLinks',
			TEXTS,
		);
		expect(action.envelope.body).toEqual({
			...(sendAndWait.envelope.body as object),
			referenceNumber: actionReference,
		});
		expect(sendAndWait.envelope.headers['content-type']).toBe(
			action.envelope.headers['content-type'],
		);
		expect(sendAndWait.invitation.body).toEqual(action.invitation.body);
		expect(sendAndWait.invitation.body).toMatchObject(TEXTS);
	});

	it('Send and Output Signing Links: Create Bulk’s envelope, Get Signing Links’ invitation (v2)', async () => {
		const { actionReference, sendAndWait, action } = await bothNodes(
			'sendAndOutputLinks',
			'getSigningLinks',
			{},
		);
		expect(action.envelope.body).toEqual({
			...(sendAndWait.envelope.body as object),
			referenceNumber: actionReference,
		});
		expect(sendAndWait.invitation.body).toEqual(action.invitation.body);
	});
});
