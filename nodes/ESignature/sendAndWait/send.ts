import { randomBytes } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, WAIT_INDEFINITELY } from 'n8n-workflow';

import { readFileInput } from '../files/fileInput';
import { itemFunctionsOf } from '../service/itemFunctions';
import { buildDestinations } from '../fields/recipients';
import { futureDate, inputError } from '../fields/validation';
import { invitationMessageText, invitationSubjectText } from '../fields/invitation';
import { referenceNumberText } from '../fields/envelope';
import { resumedNodePassesEveryOutput } from '../service/n8n1';
import { errorForModel, runsAsTool } from '../service/asTool';
import { withDetails } from '../service/errorItems';
import { type ServiceRequest, requestService } from '../service/transport';
import { createWebhook, deleteWebhook, updateWebhook } from '../service/webhooks';
import { OPERATION, operationName } from './fields';
import { RESUME_QUERY } from '../service/n8nWebhookUrls';
import { removeExpiredWaitWebhooks, resumeKey, signedResumeUrl, waitingBaseOf } from './resumeUrl';
import { SEVERAL_FILES } from '../fields/fileInput';
import { sendCreateBulk } from '../resources/envelope/createBulk';
import * as getSigningLinks from '../resources/invitation/getSigningLinks';
import * as sendWithLinks from '../resources/invitation/sendWithLinks';
import { invitationMessage, invitationSubject } from '../resources/invitation/shared';
import { derivedReference } from '../routing/idempotency';

// How n8n pauses and resumes an execution: docs/n8n-notes.md#send-and-wait.

type Operation = (typeof OPERATION)[keyof typeof OPERATION];

type SendRequest = Awaited<ReturnType<typeof readSendRequest>>;

// The webhook's limit until Wait for Signature writes its own, so that one whose execution never waited is removed too.
const WAIT_START_MS = 24 * 60 * 60 * 1000;

const UNITS_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

export function waitTillOf(context: IExecuteFunctions): Date {
	const item = itemFunctionsOf(context, 0);
	const limit = context.getNodeParameter('options.limitWaitTime.values', 0, {}) as IDataObject;
	if (!limit || Object.keys(limit).length === 0) return WAIT_INDEFINITELY;
	if (limit.limitType === 'atSpecifiedTime')
		return new Date(futureDate(item, limit.maxDateAndTime, 'Limit Wait Time: Max Date and Time'));
	const amount = Number(limit.resumeAmount ?? 1);
	const unit = String(limit.resumeUnit ?? 'hours');
	if (!Number.isFinite(amount) || amount <= 0)
		throw inputError(
			item,
			`Limit Wait Time: Amount must be a number above 0, got ${String(limit.resumeAmount)}`,
		);
	if (!UNITS_MS[unit])
		throw inputError(item, `Limit Wait Time: Unit must be minutes, hours or days, got "${unit}"`);
	return new Date(Date.now() + amount * UNITS_MS[unit]);
}

// It may come from an expression.
export function operationOf(context: IExecuteFunctions): Operation {
	const operation = String(context.getNodeParameter('operation', 0, OPERATION.sendAndWait));
	const known = Object.values(OPERATION) as string[];
	if (!known.includes(operation))
		throw inputError(
			itemFunctionsOf(context, 0),
			`Operation must be one of ${known.map((name) => `"${name}"`).join(', ')}, got "${operation}"`,
		);
	return operation as Operation;
}

export function untilOf(waitTill: Date | undefined): Date | undefined {
	if (!waitTill) return new Date(Date.now() + WAIT_START_MS);
	return waitTill.getTime() === WAIT_INDEFINITELY.getTime() ? undefined : waitTill;
}

// Everything is checked before anything is sent.
async function readSendRequest(context: IExecuteFunctions, waitTill?: Date) {
	const item = itemFunctionsOf(context, 0);
	const text = (name: string, label: string, rule: typeof referenceNumberText) =>
		rule(item, context.getNodeParameter(name, 0, ''), label);
	const resumeUrl = executionResumeUrl(context);
	const itemCount = context.getInputData().length;
	if (itemCount !== 1)
		throw inputError(
			item,
			`${operationName(operationOf(context))} sends one envelope per execution, and the input has ` +
				`${itemCount} items`,
			'An execution can wait for one envelope. To send one per item, put this node in a sub-workflow called once ' +
				'per item (Execute Workflow, mode "Run once for each item"), or keep one item before it.',
		);
	const linksOnly = !waitTill;
	return {
		resumeUrl,
		destinations: buildDestinations(item, 'v2'),
		files: await readFileInput(item, SEVERAL_FILES),
		...(!linksOnly && {
			subject: text('invitationSubject', 'Invitation Subject', invitationSubjectText),
			message: text('invitationMessage', 'Invitation Message', invitationMessageText),
		}),
		linksOnly,
		referenceNumber:
			text('options.referenceNumber', 'Reference Number', referenceNumberText) ??
			derivedReference(context, 0),
		until: untilOf(waitTill),
	};
}

export function checkRejectedOutput(context: IExecuteFunctions): void {
	if (
		context.getNodeParameter('options.rejectedOutput', 0, false) !== true ||
		resumedNodePassesEveryOutput(context)
	)
		return;
	throw inputError(
		itemFunctionsOf(context, 0),
		'Rejections to Second Output does not work in this n8n: it passes on only the first output of a node that ' +
			'resumes, so a rejection would be lost',
		'Turn Options → Rejections to Second Output off and branch on the output\'s event ("completed" or "rejected") ' +
			'with an If node. n8n 2.x passes on both outputs (docs/n8n-notes.md#n8n-1x).',
	);
}

const apiError = (context: IExecuteFunctions, message: string) =>
	new NodeApiError(context.getNode(), {}, { message });

export async function requireResumeKey(context: IExecuteFunctions): Promise<string> {
	const key = await resumeKey(context);
	if (key) return key;
	throw apiError(
		context,
		'The credential has no secret (Client Secret, Password or Account Secret): Send and Wait signs its resume URL ' +
			'with them',
	);
}

// The MCP Server Trigger runs a tool outside any execution, as `__UNKNOWN__`.
export function executionResumeUrl(context: IExecuteFunctions): string {
	const executionId = String(context.getExecutionId() ?? '');
	try {
		const resumeUrl = String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0) ?? '');
		if (executionId && waitingBaseOf(resumeUrl, executionId)) return resumeUrl;
	} catch {
		// No URL at all: refused below.
	}
	throw inputError(
		itemFunctionsOf(context, 0),
		`${operationName(operationOf(context))} cannot wait here: this run has no execution that can pause ` +
			'until the envelope is signed (as when an MCP client calls it through the MCP Server Trigger). ' +
			'Nothing was sent.',
		'Use the E-Signature node as the tool instead: Envelope → Create and Invite (or Invitation → Send and Get ' +
			"Links) sends the contract, Envelope → Get Status follows it. Send and Wait waits under n8n's AI Agent and " +
			'in workflows.',
	);
}

// Bound to this execution, this node and this send (docs/security.md#send-and-wait).
export function resumeUrlSigner(
	context: IExecuteFunctions,
	resumeUrl: string,
	key: string,
	headerToken: string,
	until: string | undefined,
) {
	const bound = {
		[RESUME_QUERY.until]: until,
		[RESUME_QUERY.node]: context.getNode().id,
		[RESUME_QUERY.nonce]: randomBytes(16).toString('hex'),
	};
	return (sent?: { webhookId: string; envelopeId: string; documentIds: string[] }) =>
		signedResumeUrl(resumeUrl, key, headerToken, String(context.getExecutionId()), {
			...bound,
			...(sent && {
				[RESUME_QUERY.webhookId]: sent.webhookId,
				[RESUME_QUERY.envelopeId]: sent.envelopeId,
				[RESUME_QUERY.documentIds]: sent.documentIds.join(','),
			}),
		});
}

async function send(context: IExecuteFunctions, request: SendRequest): Promise<IDataObject> {
	const headerToken = randomBytes(32).toString('hex');
	const key = await requireResumeKey(context);
	const until = request.until?.toISOString();
	const signed = resumeUrlSigner(context, request.resumeUrl, key, headerToken, until);
	const webhookUrl = signed();
	const executionId = String(context.getExecutionId());
	const expiredRemoved = await removeExpiredWaitWebhooks(context, webhookUrl, executionId);

	const webhookId = await createWebhook(context, { webhookUrl, headerToken, isDefault: false });
	if (!webhookId) throw apiError(context, 'The service created no webhook: its answer has no ID');

	let sent: IDataObject | undefined;
	try {
		sent = await createAndInvite(context, request, webhookId, signed);
	} finally {
		if (!sent) await deleteWebhook(context, webhookId).catch(() => undefined);
	}
	return { ...sent, ...(expiredRemoved ? { expiredWebhooksRemoved: expiredRemoved } : {}) };
}

/** Get Signing Links' (`linksOnly`) or Send and Get Links' request, read from their routing. */
function invitationRequest(request: SendRequest, documentId: string): ServiceRequest {
	const { method, url } = (request.linksOnly ? getSigningLinks : sendWithLinks).option.routing
		.request!;
	const body: IDataObject = { documentId, destinations: request.destinations };
	const texts = [
		[invitationMessage, request.message],
		[invitationSubject, request.subject],
	] as const;
	for (const [field, value] of texts) if (value) body[field.routing!.send!.property!] = value;
	return { method: method!, path: url!, body };
}

async function createAndInvite(
	context: IExecuteFunctions,
	request: SendRequest,
	webhookId: string,
	signed: ReturnType<typeof resumeUrlSigner>,
): Promise<IDataObject> {
	const path = '/api/v1/envelopes/bulk/initiate-base64';
	const { referenceNumber, files } = request;
	const { body, headers } = sendCreateBulk({ url: path }, { webhookId, referenceNumber }, files);
	const answer = await requestService(context, { method: 'POST', path, body, headers });
	const { envelopeId, bulkFileResponse } = (answer ?? {}) as IDataObject;
	const documentIds = (Array.isArray(bulkFileResponse) ? (bulkFileResponse as IDataObject[]) : [])
		.map((document) => document.documentId)
		.filter((id): id is string => typeof id === 'string');
	if (typeof envelopeId !== 'string' || documentIds.length === 0)
		throw apiError(
			context,
			'The service created no envelope: its answer has no envelope or document ID',
		);
	// Without this URL no callback can resume the execution, so a failure here fails the send.
	const webhookUrl = signed({ webhookId, envelopeId, documentIds });
	await updateWebhook(context, webhookId, { webhookUrl, isDefault: false });

	const invitations: IDataObject[] = [];
	for (const documentId of documentIds) {
		const records = await requestService(context, invitationRequest(request, documentId));
		for (const record of Array.isArray(records) ? (records as IDataObject[]) : [])
			invitations.push({
				documentId,
				name: record.name ?? null,
				destination: record.destination ?? null,
				signOrder: record.signeOrder ?? null,
				invitationId: record.id ?? null,
				signingLink: record.invitationLink ?? null,
			});
	}
	return {
		envelopeId,
		documentIds,
		webhookId,
		notifiedBy: request.linksOnly
			? 'nobody: deliver the signing links, then wait with Wait for Signature'
			: 'the service',
		invitations,
		[request.linksOnly ? 'waitMustStartBy' : 'waitingUntil']: request.until?.toISOString() ?? null,
	};
}

export function asNodeError(context: IExecuteFunctions, error: unknown): Error {
	if (error instanceof Error && 'node' in error) return error;
	const message = error instanceof Error ? error.message : String(error);
	return withDetails(apiError(context, message), {
		kind: 'other',
		code: 'ERROR',
		meaning: message,
	});
}

// At the time limit n8n passes the waiting node's saved input on: it becomes the time-out item.
export function outputAtTimeLimit(context: IExecuteFunctions, sent: IDataObject): void {
	const waiting = context.getExecuteData();
	if (!waiting?.data?.main) return;
	const json = {
		event: 'timedOut',
		timedOut: true,
		envelopeId: sent.envelopeId,
		documentIds: sent.documentIds,
		webhookId: sent.webhookId,
		waitedUntil: sent.waitingUntil,
		...(sent.invitations ? { invitations: sent.invitations } : {}),
		webhookRemoved: false,
		nextSteps:
			'The envelope was neither signed nor rejected in time. Its state: E-Signature → Envelope → Get Status with ' +
			'envelopeId. Its signed files, now or later: Document → Download Signed with each of documentIds. To stop ' +
			'it: Envelope → Cancel. Its webhook stays at the service until the next Send and Wait of this n8n removes ' +
			'it a day after the limit, or Webhook → Delete with webhookId.',
	};
	waiting.data.main[0] = [{ json, pairedItem: { item: 0 } }];
}

export async function sendForSignature(
	this: IExecuteFunctions,
	operation: Operation,
): Promise<INodeExecutionData[][]> {
	try {
		const waits = operation === OPERATION.sendAndWait;
		if (waits) checkRejectedOutput(this);
		const waitTill = waits ? waitTillOf(this) : undefined;
		const request = await readSendRequest(this, waitTill);
		const sent = await send(this, request);
		if (waitTill) {
			await this.putExecutionToWait(waitTill);
			if (sent.waitingUntil) outputAtTimeLimit(this, sent);
		}
		return [[{ json: sent, pairedItem: { item: 0 } }]];
	} catch (error) {
		const nodeError = asNodeError(this, error);
		throw runsAsTool(this) ? errorForModel(nodeError) : nodeError;
	}
}
