import type { IWebhookDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerWithoutExecution, presentedToken, readCallback } from '../events/callback';
import { confirmCallback } from '../events/confirmation';
import { eventItem } from '../events/eventItem';
import { isNotFound } from '../service/transport';
import { askToDeleteWebhook } from '../service/webhooks';
import { listedIds, RESUME_QUERY } from '../service/n8nWebhookUrls';
import { passesResumeCheck, pastLimit, queryValue, resumeKey } from './resumeUrl';

// An answer other than 2xx leaves the execution waiting, and the service can re-send.

// As n8n's Wait node declares it: served at the resume URL only while the execution waits.
export const RESUME_WEBHOOKS: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '',
		restartWebhook: true,
	},
];

// A failure is reported in the item, never thrown.
async function removeWebhook(context: IWebhookFunctions, webhookId: string | undefined) {
	const notRemoved = (webhookRemovalError: string) => ({
		webhookRemoved: false,
		webhookRemovalError,
	});
	if (!webhookId) return notRemoved('The resume URL names no webhook to remove');
	try {
		const answer = await askToDeleteWebhook(context, webhookId);
		if (answer.statusCode < 300 || isNotFound(answer)) return { webhookRemoved: true };
		return notRemoved(`The service answered HTTP ${answer.statusCode}`);
	} catch (error) {
		return notRemoved((error as Error).message);
	}
}

export async function resumeOnSignature(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const answer = answerWithoutExecution(this);
	const query = this.getQueryData() as Record<string, unknown>;
	const executionId = String(this.getExecutionId() ?? '');
	const presented = presentedToken(this.getHeaderData().authorization);
	if (!passesResumeCheck(await resumeKey(this), presented, executionId, query))
		return answer(401, 'Unauthorized');
	const callback = readCallback(this);
	if (typeof callback === 'string') return answer(400, callback);
	if (queryValue(query, RESUME_QUERY.node) !== this.getNode().id)
		return answer(403, "This callback is for another node's wait");
	if (pastLimit(queryValue(query, RESUME_QUERY.until), Date.now()))
		return answer(403, "The wait's time limit has passed");
	const envelopeId = queryValue(query, RESUME_QUERY.envelopeId);
	if (!envelopeId || envelopeId.toLowerCase() !== callback.requestId.toLowerCase())
		return answer(403, 'The callback is not for the envelope this execution sent');
	if (callback.event !== 'completed' && callback.event !== 'rejected')
		return answer(
			200,
			`Status ${String(callback.status)} received: still waiting for the envelope to be completed or rejected`,
		);
	const documentIds = listedIds(query[RESUME_QUERY.documentIds]);
	const confirmation = await confirmCallback(this, callback, {
		scope: `${executionId}|${this.getNode().id}`,
		documentIds,
	});
	if (confirmation.outcome === 'refused' || confirmation.outcome === 'stale')
		return answer(
			409,
			`The callback does not agree with the service (${confirmation.reason}): still waiting`,
		);
	if (confirmation.outcome === 'resend')
		return answer(503, 'The callback could not be confirmed with the service now; re-send it');
	const { event } = confirmation;
	const webhookId = queryValue(query, RESUME_QUERY.webhookId);
	const extra = { documentIds, webhookId: webhookId ?? null };
	const simplify = this.getNodeParameter('simplify', true) as boolean;
	const settings = { downloadFiles: true, keepBase64: false, simplify, acceptCallbackFiles: false };
	const item = await eventItem(this, callback, event, extra, settings).catch((error: Error) => {
		// n8n answers 500 and the execution keeps waiting.
		throw new NodeOperationError(this.getNode(), error);
	});
	Object.assign(item.json, await removeWebhook(this, webhookId));
	item.pairedItem = { item: 0 };
	if (this.getNodeParameter('options.rejectedOutput', false) !== true)
		return { workflowData: [[item]] };
	return { workflowData: event.event === 'rejected' ? [[], [item]] : [[item], []] };
}
