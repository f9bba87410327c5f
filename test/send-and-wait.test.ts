/**
 * The E-Signature Send and Wait node, in process: the send step through n8n-core's WorkflowExecute (the requests the
 * emulator received, the execution put to wait), and the resume step through the node's webhook() with n8n-core's
 * WebhookContext, fed with the callback the emulator really sent (valid, forged, broken, rejected). The whole round
 * trip in a real n8n is test/e2e/send-and-wait.e2e.test.ts.
 */
import { createHash, createHmac } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { WAIT_INDEFINITELY, sleep } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { emulatorSuite, type InputItem } from './harness';

const suite = emulatorSuite();
const sendAndWaitType = new ESignatureSendAndWait();
const run = async (parameters: INodeParameters, items: InputItem[]) =>
	await suite.harness.run({ parameters, items, nodeType: sendAndWaitType });
const envelopeCalls = () => suite.apiRequests();
const resume = async (
	parameters: INodeParameters,
	request: Parameters<typeof suite.harness.resume>[2],
) => await suite.harness.resume(sendAndWaitType, parameters, request);

const SIGNERS = {
	destinationsInput: 'fields',
	destinations: {
		destination: [
			{ name: 'Alice Signer', email: 'alice@example.com', signOrder: 1 },
			{ name: 'Bob Signer', email: 'bob@example.com', signOrder: 2 },
		],
	},
};

const parameters = (extra: INodeParameters = {}): INodeParameters => ({
	inputDataFieldName: 'data',
	...SIGNERS,
	invitationSubject: 'Please sign',
	...extra,
});

/** Sends, and returns the output item, the execution and the webhook the node registered. */
async function sendAndPark(extra: INodeParameters = {}) {
	const result = await run(parameters(extra), [suite.pdfItem()]);
	expect(result.error).toBeUndefined();
	const sent = result.items[0].json as IDataObject & {
		envelopeId: string;
		documentIds: string[];
		webhookId: string;
	};
	const webhook = suite.emulator.webhooks().find((w) => w.id === sent.webhookId)!;
	return { result, sent, webhook };
}

/** The callback the emulator sent to the waiting execution (nothing listens in process: the delivery failed). */
function lastDelivery(envelopeId: string) {
	const delivery = [...suite.emulator.state.deliveries]
		.reverse()
		.find((d) => d.requestId === envelopeId);
	if (!delivery) throw new Error(`no delivery for ${envelopeId}`);
	const url = new URL(delivery.webhookUrl);
	const executionId = url.pathname.split('/').pop();
	return {
		delivery,
		query: Object.fromEntries(url.searchParams) as IDataObject,
		headers: delivery.headers as IDataObject,
		executionId,
	};
}

/** The query, header and execution of a waiting execution's own webhook, as the service would call it. */
function mineOf(webhookId: string) {
	const hook = suite.emulator.webhooks().find((w) => w.id === webhookId)!;
	const url = new URL(hook.webhookUrl);
	return {
		query: Object.fromEntries(url.searchParams) as IDataObject,
		headers: { authorization: hook.headerToken } as IDataObject,
		executionId: url.pathname.split('/').pop(),
	};
}

describe('E-Signature Send and Wait', () => {
	it('registers a webhook on the resume URL, creates the envelope routed to it, invites the signers and waits', async () => {
		const { result, sent, webhook } = await sendAndPark();

		expect(result.run.waitTill?.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		const [created] = suite.emulator.requestsTo('POST', '/api/v1/webhooks');
		const createdBody = created.body as {
			webhookUrl: string;
			headerToken: string;
			isDefault: boolean;
		};
		const resumeUrl = new URL(createdBody.webhookUrl);
		// n8n's resume URL of this execution, with its resume token (n8n's parameter `signature`).
		expect(resumeUrl.pathname).toMatch(/^\/webhook-waiting\/exec-\d+$/);
		expect(resumeUrl.searchParams.get('signature')).toBe(result.run.data.resumeToken);
		// The package's own query, checked with a key derived from all the credential's secrets, bound to the header
		// token, the execution, the waiting node and a nonce of this send.
		const credentials = suite.harness.credentials();
		const secrets = ['clientSecret', 'password', 'accountSecret'].map((name) =>
			String(credentials[name] ?? ''),
		);
		const key = createHmac('sha256', 'n8n-nodes-esignature resume key')
			.update(JSON.stringify(secrets))
			.digest('hex');
		const executionId = resumeUrl.pathname.split('/').pop();
		const nonce = resumeUrl.searchParams.get('nonce')!;
		expect(nonce).toMatch(/^[0-9a-f]{32}$/);
		const signedText = [
			'n8n-nodes-esignature send and wait 2',
			createdBody.headerToken,
			`execution=${executionId}`,
			'until=',
			'webhookId=',
			'envelopeId=',
			'documentIds=',
			'node=esign',
			`nonce=${nonce}`,
		].join('\n');
		expect(resumeUrl.searchParams.get('check')).toBe(
			createHmac('sha256', key).update(signedText).digest('hex'),
		);
		expect(createdBody.headerToken).toMatch(/^[0-9a-f]{64}$/);
		expect(createdBody.webhookUrl).not.toContain(createdBody.headerToken);
		expect(createdBody.isDefault).toBe(false);

		const [upload] = suite.emulator.requestsTo('POST', '/api/v1/envelopes/bulk/initiate-base64');
		const uploadBody = upload.body as {
			webhookId: string;
			files: Array<{ file: string; fileName: string }>;
		};
		expect(uploadBody.webhookId).toBe(sent.webhookId);
		expect(Buffer.from(uploadBody.files[0].file, 'base64').equals(suite.emulator.samplePdf)).toBe(
			true,
		);
		expect(uploadBody.files[0].fileName).toBe('contract.pdf');

		// The webhook's URL then names the envelope and its documents too.
		const finalUrl = new URL(webhook.webhookUrl);
		expect(finalUrl.searchParams.get('envelopeId')).toBe(sent.envelopeId);
		expect(finalUrl.searchParams.get('documentIds')).toBe(sent.documentIds.join(','));
		expect(finalUrl.searchParams.get('signature')).toBe(resumeUrl.searchParams.get('signature'));

		const [invite] = suite.emulator.requestsTo('POST', '/api/v3/invitations/send');
		const inviteBody = invite.body as {
			documentId: string;
			destinations: IDataObject[];
			invitationSubject: string;
		};
		expect(inviteBody.documentId).toBe(sent.documentIds[0]);
		expect(inviteBody.destinations.map((d) => d.destinationEmail)).toEqual([
			'alice@example.com',
			'bob@example.com',
		]);
		expect(inviteBody.invitationSubject).toBe('Please sign');
		const notified = suite.emulator.notifications.filter(
			(n) => n.envelopeId === sent.envelopeId && n.kind === 'invitation',
		);
		expect(notified.map((n) => n.to).sort()).toEqual(['alice@example.com', 'bob@example.com']);
		expect((sent.invitations as IDataObject[]).map((i) => i.destination)).toEqual([
			'alice@example.com',
			'bob@example.com',
		]);
	});

	it('reads its fields from the input item through expressions', async () => {
		const item = {
			...suite.pdfItem(),
			json: { subject: 'Contract 42', signer: 'carol@example.com' },
		};
		const result = await run(
			parameters({
				invitationSubject: '={{ $json.subject }}',
				destinations: { destination: [{ name: 'Carol', email: '={{ $json.signer }}' }] },
			}),
			[item],
		);
		expect(result.error).toBeUndefined();
		const [invite] = suite.emulator.requestsTo('POST', '/api/v3/invitations/send');
		expect(invite.body).toMatchObject({
			invitationSubject: 'Contract 42',
			destinations: [{ destinationEmail: 'carol@example.com' }],
		});
	});

	it('waits until the time limit, and writes it into the signed URL', async () => {
		const before = Date.now();
		const { result, webhook } = await sendAndPark({
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' },
				},
			},
		});
		const waitTill = result.run.waitTill!.getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3_600_000);
		expect(waitTill).toBeLessThan(Date.now() + 2 * 3_600_000 + 1000);
		expect(new URL(webhook.webhookUrl).searchParams.get('until')).toBe(
			new Date(waitTill).toISOString(),
		);
	});

	it('at the time limit outputs that it timed out, with the IDs to follow up with, and keeps the previous output as it was', async () => {
		const { result, sent, webhook } = await sendAndPark({
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 5, resumeUnit: 'minutes' },
				},
			},
		});
		const before = JSON.stringify(result.run.data.resultData.runData['Test Source']);

		const resumed = await result.resumeAtTimeLimit();

		expect(resumed.error).toBeUndefined();
		expect(resumed.run.waitTill).toBeUndefined();
		expect(resumed.items).toHaveLength(1);
		const [item] = resumed.items;
		expect(item.json).toMatchObject({
			event: 'timedOut',
			timedOut: true,
			envelopeId: sent.envelopeId,
			documentIds: sent.documentIds,
			webhookId: sent.webhookId,
			waitedUntil: new Date(result.run.waitTill!).toISOString(),
			webhookRemoved: false,
		});
		expect(item.json.nextSteps).toMatch(/Document → Download Signed with each of documentIds/);
		expect(item.pairedItem).toEqual({ item: 0 });
		// The PDF sent is not passed on as if it were the signed one.
		expect(item.binary).toBeUndefined();
		// Nothing ran at the limit: the webhook is still at the service, for a later Send and Wait to remove.
		expect(suite.emulator.webhooks().map((w) => w.id)).toContain(webhook.id);
		expect(JSON.stringify(resumed.run.data.resultData.runData['Test Source'])).toBe(before);
	});

	it('without a time limit leaves the input as it was (there is no limit at which n8n would pass it on)', async () => {
		const { result } = await sendAndPark();
		expect(result.run.waitTill!.getTime()).toBe(WAIT_INDEFINITELY.getTime());
		const stack = result.run.data.executionData!.nodeExecutionStack;
		expect(stack[0].data.main[0]![0].json).not.toHaveProperty('timedOut');
	});

	it.each([
		[
			'two input items',
			{ items: 2 },
			/^Send and Wait for Signature sends one envelope per execution, and the input has 2 items/,
		],
		['no signers', { destinations: { destination: [] } }, /Signers: add at least one signer/],
		['no binary file', { inputDataFieldName: 'missing' }, /no binary property "missing"/],
		[
			'a wait of 0 hours',
			{
				options: {
					limitWaitTime: {
						values: { limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'hours' },
					},
				},
			},
			/Limit Wait Time: Amount must be a number above 0/,
		],
		[
			'a limit date in the past',
			{
				options: {
					limitWaitTime: {
						values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2020-01-01T00:00:00Z' },
					},
				},
			},
			/Limit Wait Time: Max Date and Time is in the past/,
		],
		[
			'an unknown operation',
			{ operation: 'fax' },
			/Operation must be one of "sendAndWaitForSignature", "sendAndOutputLinks", "waitForSignature", got "fax"/,
		],
	])('refuses %s before anything is sent', async (_case, change, message) => {
		const { items, ...extra } = change as IDataObject & { items?: number };
		const input = Array.from({ length: items ?? 1 }, () => suite.pdfItem());
		const result = await run(parameters(extra as INodeParameters), input);
		expect(result.error?.message).toMatch(message);
		expect(envelopeCalls()).toHaveLength(0);
		expect(result.run.waitTill).toBeUndefined();
	});

	it('removes its webhook again when the envelope cannot be created, and does not wait', async () => {
		const webhooksBefore = suite.emulator.webhooks().length;
		suite.emulator.failNext(
			1,
			200,
			{ errorCode: 129, message: 'TooManyFiles', data: null },
			'/api/v1/envelopes/bulk/initiate-base64',
		);
		const result = await run(parameters(), [suite.pdfItem()]);
		expect(result.error?.message).toMatch(/129/);
		expect(result.run.waitTill).toBeUndefined();
		expect(suite.emulator.requestsTo('DELETE', /^\/api\/v1\/webhooks\//)).toHaveLength(1);
		expect(suite.emulator.webhooks()).toHaveLength(webhooksBefore);
	});

	it('with Continue On Fail, outputs the service error as an error item with its code, and does not wait', async () => {
		suite.emulator.failNext(
			1,
			200,
			{ errorCode: 129, message: 'TooManyFiles', data: null },
			'/api/v1/envelopes/bulk/initiate-base64',
		);
		const result = await suite.harness.run({
			parameters: parameters(),
			items: [suite.pdfItem()],
			nodeType: sendAndWaitType,
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.run.waitTill).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.details).toMatchObject({
			kind: 'service',
			code: 129,
			serviceMessage: 'TooManyFiles',
		});
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});

	it('resumes on the signed callback with the event, the IDs and the signed file, and removes the webhook', async () => {
		const { sent } = await sendAndPark();
		await suite.emulator.sign(sent.envelopeId);
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);

		const { result, answer } = await resume(parameters(), {
			executionId,
			headers,
			query,
			body: delivery.body,
		});

		expect(answer).toBeUndefined(); // n8n answers 200 itself and resumes the execution
		const [[item]] = result.workflowData!;
		expect(item.json).toMatchObject({
			event: 'completed',
			envelopeId: sent.envelopeId,
			documentIds: sent.documentIds,
			webhookId: sent.webhookId,
			webhookRemoved: true,
		});
		// What the service says, not what the callback claims.
		expect((item.json.signers as IDataObject[]).map((s) => s.status)).toEqual(['Signed', 'Signed']);
		expect(item.json.status).toBe('Completed');
		expect(item.json).not.toHaveProperty('requestId');
		const envelope = suite.emulator.envelope(sent.envelopeId)!;
		const signed = suite.emulator.state.currentBytes(envelope, envelope.files[0]);
		expect(Buffer.from(item.binary!.file_0.data, 'base64').equals(signed)).toBe(true);
		expect(suite.emulator.webhooks().find((w) => w.id === sent.webhookId)).toBeUndefined();
	});

	it('answers a forged or unsigned callback 401 and keeps waiting', async () => {
		const { sent } = await sendAndPark();
		await suite.emulator.sign(sent.envelopeId);
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);

		const forged = await resume(parameters(), {
			executionId,
			headers: { ...headers, authorization: 'f'.repeat(64) },
			query,
			body: delivery.body,
		});
		const noCheck = await resume(parameters(), {
			executionId,
			headers,
			query: { ...query, check: undefined },
			body: delivery.body,
		});
		// Where n8n puts no resume token in the URL (n8n 1.x), anyone could call it: a token of one's own with a check
		// of one's own making (without the credential's key) does not pass, nor does a query changed after signing.
		const ownToken = 'a'.repeat(64);
		const selfMade = await resume(parameters(), {
			executionId,
			headers: { ...headers, authorization: ownToken },
			query: { ...query, check: createHash('sha256').update(ownToken).digest('hex') },
			body: delivery.body,
		});
		const otherEnvelope = await resume(parameters(), {
			executionId,
			headers,
			query: { ...query, envelopeId: '00000000-0000-4000-8000-000000000001' },
			body: delivery.body,
		});

		for (const { result, answer } of [forged, noCheck, selfMade, otherEnvelope]) {
			expect(answer?.status).toBe(401);
			expect(result.workflowData).toBeUndefined();
		}
		expect(suite.emulator.webhooks().find((w) => w.id === sent.webhookId)).toBeDefined();
	});

	it('answers a callback it cannot read 400, and one with another status 200, without resuming', async () => {
		const { sent } = await sendAndPark();
		await suite.emulator.sign(sent.envelopeId);
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);

		const broken = await resume(parameters(), { executionId, headers, query, body: { Status: 1 } });
		const other = await resume(parameters(), {
			executionId,
			headers,
			query,
			body: { ...(delivery.body as IDataObject), Status: 3 },
		});

		expect(broken.answer?.status).toBe(400);
		expect(broken.answer?.body).toEqual({ message: 'The callback has no RequestId' });
		expect(other.answer?.status).toBe(200);
		for (const { result } of [broken, other]) expect(result.workflowData).toBeUndefined();
	});

	it('sends a rejection to the second output when asked, with the reason', async () => {
		const withRejectedOutput = parameters({ options: { rejectedOutput: true } });
		const { sent } = await sendAndPark({ options: { rejectedOutput: true } });
		await suite.emulator.reject(sent.envelopeId, 'bob@example.com', 'Wrong amount');
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);

		const { result } = await resume(withRejectedOutput, {
			executionId,
			headers,
			query,
			body: delivery.body,
		});

		const [signedOutput, rejectedOutput] = result.workflowData!;
		expect(signedOutput).toHaveLength(0);
		expect(rejectedOutput[0].json.event).toBe('rejected');
		const claims = rejectedOutput[0].json.callbackClaims as IDataObject;
		const bob = (claims.signers as IDataObject[]).find((s) => s.email === 'bob@example.com');
		expect(bob?.rejectReason).toBe('Wrong amount');
	});
});

describe('E-Signature Send and Wait: callbacks for another wait, forged or late (docs/security.md#send-and-wait)', () => {
	/** What any API client of the account reads: the webhook's URL (with its signed query) and its header token. */
	const leaked = (webhookId: string) => suite.emulator.webhooks().find((w) => w.id === webhookId)!;

	it('a captured token and query do not resume another waiting execution (n8n 1.x puts no resume token in the URL)', async () => {
		const first = await sendAndPark();
		const second = await sendAndPark();
		await suite.emulator.sign(first.sent.envelopeId);
		const { delivery, query, headers } = lastDelivery(first.sent.envelopeId);
		const secondExecution = new URL(leaked(second.sent.webhookId).webhookUrl).pathname
			.split('/')
			.pop();

		const { result, answer } = await resume(parameters(), {
			executionId: secondExecution,
			headers,
			query,
			body: delivery.body,
		});

		expect(answer?.status).toBe(401);
		expect(result.workflowData).toBeUndefined();
	});

	it("a second Send and Wait of the same execution does not take the first one's callback", async () => {
		const { sent } = await sendAndPark();
		await suite.emulator.sign(sent.envelopeId);
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);

		const { result, answer } = await resume(parameters(), {
			executionId,
			nodeId: 'second-send-and-wait',
			headers,
			query,
			body: delivery.body,
		});

		expect(answer).toEqual({
			status: 403,
			body: { message: "This callback is for another node's wait" },
		});
		expect(result.workflowData).toBeUndefined();
	});

	it('a callback whose RequestId is not the envelope sent is refused, even for an envelope of the account that completed', async () => {
		const { sent } = await sendAndPark();
		const other = await sendAndPark();
		await suite.emulator.sign(other.sent.envelopeId);
		const otherBody = lastDelivery(other.sent.envelopeId).delivery.body;
		const { query, headers, executionId } = {
			...lastDelivery(other.sent.envelopeId),
			...mineOf(sent.webhookId),
		};

		const { result, answer } = await resume(parameters(), {
			executionId,
			headers,
			query,
			body: otherBody,
		});

		expect(answer).toEqual({
			status: 403,
			body: { message: 'The callback is not for the envelope this execution sent' },
		});
		expect(result.workflowData).toBeUndefined();
	});

	it("a callback after the wait's time limit is refused", async () => {
		const limit = {
			limitWaitTime: {
				values: {
					limitType: 'atSpecifiedTime',
					maxDateAndTime: new Date(Date.now() + 1500).toISOString(),
				},
			},
		};
		const { sent } = await sendAndPark({ options: limit });
		await suite.emulator.sign(sent.envelopeId);
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);
		await sleep(1600);

		const { result, answer } = await resume(parameters({ options: limit }), {
			executionId,
			headers,
			query,
			body: delivery.body,
		});

		expect(answer).toEqual({ status: 403, body: { message: "The wait's time limit has passed" } });
		expect(result.workflowData).toBeUndefined();
	});

	it('a forgery with the leaked token and URL starts nothing, before or after completion (a fake file), and the genuine callback then resumes with the signed file', async () => {
		const { sent } = await sendAndPark();
		const hook = leaked(sent.webhookId);
		const url = new URL(hook.webhookUrl);
		const attacker = {
			executionId: url.pathname.split('/').pop(),
			headers: { authorization: hook.headerToken },
			query: Object.fromEntries(url.searchParams),
		};
		const fake = Buffer.from('%PDF-1.4\n% a contract the signers never saw\n%%EOF\n').toString(
			'base64',
		);
		const forged = (status: number) => ({
			RequestId: sent.envelopeId,
			Status: status,
			Files: [{ FileName: 'contract.pdf', File: fake }],
			Signatory: [],
		});

		const early = await resume(parameters(), { ...attacker, body: forged(1) });
		await suite.emulator.sign(sent.envelopeId);
		const late = await resume(parameters(), { ...attacker, body: forged(1) });
		const falseRejection = await resume(parameters(), { ...attacker, body: forged(2) });

		// Early, the service still holds the envelope open: re-send (503), as for a genuine callback its status lags.
		expect(early.answer?.status).toBe(503);
		for (const { answer } of [late, falseRejection]) {
			expect(answer?.status).toBe(409);
		}
		for (const { result } of [early, late, falseRejection])
			expect(result.workflowData).toBeUndefined();
		expect(suite.emulator.webhooks().find((w) => w.id === sent.webhookId)).toBeDefined();

		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);
		const { result } = await resume(parameters(), {
			executionId,
			headers,
			query,
			body: delivery.body,
		});
		const [[item]] = result.workflowData!;
		const envelope = suite.emulator.envelope(sent.envelopeId)!;
		expect(
			Buffer.from(item.binary!.file_0.data, 'base64').equals(
				suite.emulator.state.currentBytes(envelope, envelope.files[0]),
			),
		).toBe(true);
	});

	it('when the service cannot confirm the callback: 503, so that it is re-sent, and the execution keeps waiting', async () => {
		const { sent } = await sendAndPark();
		await suite.emulator.sign(sent.envelopeId);
		const { delivery, query, headers, executionId } = lastDelivery(sent.envelopeId);
		suite.emulator.failNext(1, 503, undefined, /\/status$/);

		const { result, answer } = await resume(parameters(), {
			executionId,
			headers,
			query,
			body: delivery.body,
		});

		expect(answer?.status).toBe(503);
		expect(result.workflowData).toBeUndefined();
	});
});

describe('E-Signature Send and Wait: webhooks n8n stopped waiting for', () => {
	it('removes those whose time limit passed a day ago, each on its own: one refused delete keeps no other', async () => {
		const { webhook } = await sendAndPark();
		const url = new URL(webhook.webhookUrl);
		const base = `${url.origin}${url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1)}`;
		const waited = (id: string, until: Date) => ({
			id,
			webhookUrl: `${base}${id}?check=${'a'.repeat(64)}&until=${until.toISOString()}`,
			accountId: webhook.accountId,
			isDefault: false,
			headerToken: 'old',
		});
		const longAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
		const refused = waited('a0000000-0000-4000-8000-000000000001', longAgo);
		const expired = waited('a0000000-0000-4000-8000-000000000002', longAgo);
		const waiting = waited('a0000000-0000-4000-8000-000000000003', new Date(Date.now() + 60_000));
		suite.emulator.webhooks().push(refused, expired, waiting);
		suite.emulator.failNext(
			1,
			200,
			{ data: null, errorCode: 500, message: 'busy' },
			`/api/v1/webhooks/${refused.id}`,
		);

		const result = await run(parameters(), [suite.pdfItem()]);

		expect(result.error).toBeUndefined();
		const left = suite.emulator.webhooks().map((w) => w.id);
		expect(left).toEqual(expect.arrayContaining([refused.id, waiting.id]));
		expect(left).not.toContain(expired.id);
		expect(result.items[0].json.expiredWebhooksRemoved).toBe(1);
	});
});
