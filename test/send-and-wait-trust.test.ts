/**
 * Issue 35, Send and Wait: a callback is a notice, the service is the record (docs/security.md#send-and-wait). A
 * forged callback with the waiting execution's URL and header token (any API client of the account can read both)
 * never resumes the execution nor removes its webhook; the genuine one then resumes it with the signed file. A retried
 * execution does not send a second envelope. The routing engine runs the node against the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { emulatorSuite, type InputItem } from './harness';

const suite = emulatorSuite();
const nodeType = new ESignatureSendAndWait();
const run = async (parameters: INodeParameters, items: InputItem[]) =>
	await suite.harness.run({ parameters, items, nodeType });
const resume = async (request: Parameters<typeof suite.harness.resume>[2]) =>
	await suite.harness.resume(nodeType, parameters(), request);

const parameters = (extra: INodeParameters = {}): INodeParameters => ({
	inputDataFieldName: 'data',
	destinationsInput: 'fields',
	destinations: {
		destination: [
			{ name: 'Alice Signer', email: 'alice@example.com', signOrder: 1 },
			{ name: 'Bob Signer', email: 'bob@example.com', signOrder: 2 },
		],
	},
	invitationSubject: 'Please sign',
	...extra,
});

/** The waiting execution's webhook as any API client of the account reads it: URL and header token. */
function leaked(webhookId: string) {
	const hook = suite.emulator.webhooks().find((w) => w.id === webhookId)!;
	const url = new URL(hook.webhookUrl);
	return {
		executionId: url.pathname.split('/').pop(),
		headers: { authorization: hook.headerToken },
		query: Object.fromEntries(url.searchParams) as IDataObject,
	};
}

describe('Send and Wait resumes only on what the service confirms', () => {
	it('a file-less completion with forged signers after the envelope completed: 409, still waiting, webhook kept; the genuine callback then resumes with the signed file', async () => {
		const sent = await run(parameters(), [suite.pdfItem()]);
		const { envelopeId, webhookId } = sent.items[0].json as {
			envelopeId: string;
			webhookId: string;
		};
		const attacker = leaked(webhookId);
		await suite.emulator.sign(envelopeId);

		const forged = await resume({
			...attacker,
			body: {
				RequestId: envelopeId,
				Status: 1,
				Signatory: [{ FullName: 'Mallory', Email: 'mallory@example.com', Status: 'SIGNED' }],
			},
		});

		expect(forged.answer?.status).toBe(409);
		expect(forged.result.workflowData).toBeUndefined();
		expect(suite.emulator.webhooks().find((w) => w.id === webhookId)).toBeDefined();

		const envelope = suite.emulator.envelope(envelopeId)!;
		const genuine = await resume({
			...attacker,
			body: envelope.lastCallback! as unknown as IDataObject,
		});
		const [[item]] = genuine.result.workflowData!;
		expect(item.json).toMatchObject({ event: 'completed', envelopeId, status: 'Completed' });
		expect(JSON.stringify(item.json.signers)).not.toContain('mallory');
		const signed = suite.emulator.state.currentBytes(envelope, envelope.files[0]);
		expect(Buffer.from(item.binary!.file_0.data, 'base64').equals(signed)).toBe(true);
		expect(suite.emulator.webhooks().find((w) => w.id === webhookId)).toBeUndefined();
	});
});

describe('a retried execution sends no second envelope', () => {
	it("the create carries a reference number derived from the execution and item; n8n's retry of the failed execution is refused by the service instead of sending a second envelope", async () => {
		// The envelope is created, then the invitations fail: the execution fails after the envelope exists.
		suite.emulator.failNext(1, 500, undefined, /\/invitations/);
		const first = await run(parameters(), [suite.pdfItem()]);
		expect(first.error).toBeDefined();
		const creates = () =>
			suite.emulator.requestsTo('POST', '/api/v1/envelopes/bulk/initiate-base64');
		const reference = (creates()[0].body as { referenceNumber: string }).referenceNumber;
		expect(reference).toMatch(/^n8n-runexec-\d+-item1-[0-9a-f]{8}$/);
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const count = () =>
			[...account.envelopes.values()].filter((e) => e.referenceNumber === reference).length;
		expect(count()).toBe(1);

		const retried = await first.retry();

		expect(creates()).toHaveLength(2);
		expect((creates()[1].body as { referenceNumber: string }).referenceNumber).toBe(reference);
		expect(count()).toBe(1);
		expect(retried.error?.message).toMatch(/227/);
	});
});
