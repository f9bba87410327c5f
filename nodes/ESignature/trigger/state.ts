import type { IHookFunctions, ITriggerFunctions, IWebhookFunctions } from 'n8n-workflow';

import { keptRecent, type Memory, newMemory } from '../events/memory';
import { newRescueState, type RescueState } from '../sendAndWait/rescue';

export type TriggerContext = IHookFunctions | IWebhookFunctions | ITriggerFunctions;

// An envelope the log shows as missed, until its event is taken or it leaves the window.
interface Missed {
	loggedAt: number;
	nextAt: number;
	tries: number;
	// Taken, not wanted, or no envelope: kept so that the log's next read does not add it again.
	done: boolean;
}

// What this process knows of one trigger; its saved part is the workflow's static data.
export interface TriggerState {
	memory: Memory;
	missed: Map<string, Missed>;
	rescue: RescueState;
	roundRunning: boolean;
	// trigger() calls not yet closed in this process: in queue mode only n8n's main process has any (docs/queue-mode.md).
	roundsHere: number;
	lastReadAt: number;
	caughtUp: boolean;
}

const MAX_TRIGGERS = 1000;

const triggers = new Map<string, TriggerState>();

export function triggerKey(context: TriggerContext) {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
}

// The least recently used is dropped past the bound: its events stay in static data, its missed ones in the log.
export function triggerState(context: TriggerContext) {
	const key = triggerKey(context);
	const state = triggers.get(key) ?? {
		memory: newMemory(),
		missed: new Map(),
		rescue: newRescueState(),
		roundRunning: false,
		roundsHere: 0,
		lastReadAt: 0,
		caughtUp: false,
	};
	return keptRecent(triggers, key, state, MAX_TRIGGERS);
}

export function logLine(context: TriggerContext, line: string, warn: boolean) {
	const meta = { node: context.getNode().name, workflowId: context.getWorkflow().id };
	context.logger[warn ? 'warn' : 'info'](line, meta);
}
