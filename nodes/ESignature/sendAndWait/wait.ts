import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { itemFunctionsOf } from '../service/itemFunctions';
import { inputError } from '../fields/validation';
import { listWebhooks, updateWebhook } from '../service/webhooks';
import { listedIds, queryOf, RESUME_QUERY } from '../service/n8nWebhookUrls';
import { isResumeUrlOf, passesResumeCheck } from './resumeUrl';
import {
	checkRejectedOutput,
	executionResumeUrl,
	outputAtTimeLimit,
	requireResumeKey,
	resumeUrlSigner,
	untilOf,
	waitTillOf,
} from './send';

// Any number of input items.
export async function waitForSignature(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	checkRejectedOutput(this);
	const waitTill = waitTillOf(this);
	const key = await requireResumeKey(this);
	const resumeUrl = executionResumeUrl(this);
	const executionId = String(this.getExecutionId());
	// The node that delivered the links replaced the input items, so the envelope is found at the service.
	const sent = (await listWebhooks(this)).flatMap((webhook) => {
		const query = queryOf(webhook.webhookUrl);
		const headerToken = typeof webhook.headerToken === 'string' ? webhook.headerToken : '';
		if (!query?.[RESUME_QUERY.envelopeId] || !isResumeUrlOf(webhook.webhookUrl, resumeUrl))
			return [];
		if (!passesResumeCheck(key, headerToken, executionId, query)) return [];
		const envelopeId = query[RESUME_QUERY.envelopeId];
		const documentIds = listedIds(query[RESUME_QUERY.documentIds]);
		return [{ webhookId: webhook.id, headerToken, envelopeId, documentIds }];
	});
	if (sent.length !== 1)
		throw inputError(
			itemFunctionsOf(this, 0),
			sent.length === 0
				? 'Wait for Signature found no envelope sent in this execution'
				: `Wait for Signature found ${sent.length} envelopes sent in this execution, and waits for one`,
			'Put an E-Signature Send and Wait node set to Send and Output Signing Links before this node, in the same ' +
				'workflow, with the same credential; it sends one envelope per execution.',
		);
	const [envelope] = sent;
	const until = untilOf(waitTill)?.toISOString();
	const webhookUrl = resumeUrlSigner(this, resumeUrl, key, envelope.headerToken, until)(envelope);
	await updateWebhook(this, envelope.webhookId, { webhookUrl, isDefault: false });

	const waiting: IDataObject = {
		envelopeId: envelope.envelopeId,
		documentIds: envelope.documentIds,
		webhookId: envelope.webhookId,
		waitingUntil: until ?? null,
	};
	await this.putExecutionToWait(waitTill);
	if (until) outputAtTimeLimit(this, waiting);
	return [[{ json: waiting, pairedItem: { item: 0 } }]];
}
