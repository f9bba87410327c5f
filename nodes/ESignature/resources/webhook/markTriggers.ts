import type { PostReceiveAction } from 'n8n-workflow';

import { isErrorItem } from '../../service/errorItems';
import { triggerUrlOf, waitingExecutionOf } from '../../service/n8nWebhookUrls';

/**
 * Get Many: which webhooks are an E-Signature Trigger's (`n8nTrigger`) or the editor's test ones (`testUrl`), so
 * leftovers are easy to find; for Send and Wait's, which execution waits on it (`waitingExecution`, not in the editor).
 */
export const markTriggerWebhooks: PostReceiveAction = async function (items) {
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
};
