import type { PostReceiveAction } from 'n8n-workflow';

import { isErrorItem, triggerUrlOf, waitingExecutionOf } from '../kit';

// Leftovers show.
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
