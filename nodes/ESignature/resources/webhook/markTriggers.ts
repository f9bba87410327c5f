import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

import { isErrorItem } from '../../service/errorItems';
import { triggerUrlOf, waitingExecutionOf } from '../../service/n8nWebhookUrls';

/**
 * Get Many: which webhooks belong to an E-Signature Trigger (`n8nTrigger`), which are test registrations lasting while
 * the editor listens (`testUrl`), so leftovers are easy to find; for Send and Wait's, which execution waits on it for
 * which envelope (`waitingExecution`), which n8n's editor does not show while the execution waits.
 */
export async function markTriggerWebhooks(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		if (isErrorItem(item) || typeof item.json.webhookUrl !== 'string') return item;
		const trigger = triggerUrlOf(item.json.webhookUrl);
		const waitingExecution = waitingExecutionOf(item.json.webhookUrl);
		return {
			...item,
			json: {
				...item.json,
				n8nTrigger: trigger !== undefined,
				testUrl: trigger?.test === true,
				...(waitingExecution ? { waitingExecution } : {}),
			},
		};
	});
}
