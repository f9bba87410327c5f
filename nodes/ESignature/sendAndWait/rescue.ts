import type { ITriggerFunctions } from 'n8n-workflow';

import { presentedToken } from '../events/callback';
import { type ConfirmedFile, finalStatus, signedFiles } from '../events/confirmation';
import { listedIds, RESUME_QUERY, triggerUrlOf } from '../service/n8nWebhookUrls';
import { listWebhooks, type Webhook } from '../service/webhooks';
import { passesResumeCheck, pastLimit, resumeKey } from './resumeUrl';

// A trigger's context does not expose n8n's waiting base URL: this is n8n's default path for it.
const WAITING_PATH = 'webhook-waiting';

const NOTICE_INTERVAL_MS = 10 * 60 * 1000;

// As many as the waiting node compares.
const MAX_DOCUMENTS = 20;

const EXECUTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface RescueState {
	notifiedAt: Map<string, number>;
	cursor: number;
}

export const newRescueState = (): RescueState => ({ notifiedAt: new Map(), cursor: 0 });

export interface RescueReport {
	notified: string[];
	statusCalls: number;
	downloads: number;
	problems: string[];
}

interface Waiting {
	url: string;
	headerToken: string;
	envelopeId: string;
	documentIds: string[];
}

interface Round {
	context: ITriggerFunctions;
	state: RescueState;
	limits: { statusCalls: number; downloads: number };
	report: RescueReport;
	now: number;
	scope: string;
}

// Only a URL this n8n's Send and Wait signed with the credential's secrets (docs/security.md#send-and-wait).
function waitingExecutionOf(
	webhook: Webhook,
	waitingBase: string,
	key: string,
	now: number,
): Waiting | undefined {
	const { webhookUrl, headerToken } = webhook;
	if (typeof webhookUrl !== 'string' || typeof headerToken !== 'string') return undefined;
	if (!URL.canParse(webhookUrl)) return undefined;
	const url = new URL(webhookUrl);
	if (url.username || url.password || url.hash || !url.search) return undefined;
	const path = `${url.origin}${url.pathname}`;
	const executionId = path.slice(waitingBase.length);
	if (!path.startsWith(waitingBase) || !EXECUTION_ID.test(executionId)) return undefined;
	const names = [...url.searchParams.keys()];
	if (new Set(names).size !== names.length) return undefined;
	const query = Object.fromEntries(url.searchParams);
	if (!passesResumeCheck(key, presentedToken(headerToken), executionId, query)) return undefined;
	if (pastLimit(query[RESUME_QUERY.until], now)) return undefined;
	const envelopeId = query[RESUME_QUERY.envelopeId];
	if (!envelopeId) return undefined;
	const listed = listedIds(query[RESUME_QUERY.documentIds]);
	const documentIds = [...new Set(listed)].slice(0, MAX_DOCUMENTS);
	return { url: url.toString(), headerToken, envelopeId, documentIds };
}

type Turn = 'taken' | 'deferred' | 'noStatusCalls';

async function notify(round: Round, wait: Waiting, status: 1 | 2, files: ConfirmedFile[]) {
	const { envelopeId } = wait;
	round.state.notifiedAt.set(envelopeId, round.now);
	try {
		const answer = (await round.context.helpers.httpRequest({
			method: 'POST',
			url: wait.url,
			headers: { authorization: wait.headerToken },
			body: {
				RequestId: envelopeId,
				Status: status,
				Files: files.map((file) => ({
					FileName: file.fileName ?? null,
					File: file.bytes.toString('base64'),
				})),
			},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
		})) as { statusCode?: unknown };
		round.report.notified.push(`${envelopeId} (HTTP ${String(answer.statusCode)})`);
	} catch (error) {
		round.report.problems.push(
			`${envelopeId}: the notice did not reach the waiting execution (${(error as Error).message})`,
		);
	}
}

async function takeTurn(round: Round, wait: Waiting): Promise<Turn> {
	const { report, limits, state } = round;
	const { envelopeId } = wait;
	if (state.notifiedAt.has(envelopeId)) return 'taken';
	if (report.statusCalls >= limits.statusCalls) return 'noStatusCalls';
	report.statusCalls++;
	const key = `${round.scope}|${envelopeId.toLowerCase()}`;
	const status = await finalStatus(round.context, key, envelopeId);
	if ('unavailable' in status) {
		report.problems.push(`${envelopeId}: ${status.unavailable}`);
		return 'taken';
	}
	if ('unknown' in status) {
		report.problems.push(`${envelopeId}: the service knows no such envelope in this account`);
		return 'taken';
	}
	if (status.event === 'rejected') await notify(round, wait, 2, []);
	if (status.event !== 'completed') return 'taken';
	const needed = wait.documentIds.length;
	if (needed > limits.downloads) {
		report.problems.push(
			`${envelopeId}: its ${needed} signed documents are more than the ${limits.downloads} downloads of a round`,
		);
		return 'taken';
	}
	if (report.downloads + needed > limits.downloads) return 'deferred';
	const files: ConfirmedFile[] = [];
	for (const documentId of wait.documentIds) {
		report.downloads++;
		const got = await signedFiles(round.context, [documentId]);
		if ('unavailable' in got) {
			report.problems.push(`${envelopeId}: ${got.unavailable}`);
			return 'taken';
		}
		files.push(...got.files);
	}
	await notify(round, wait, 1, files);
	return 'taken';
}

export async function resumeWaitingExecutions(
	context: ITriggerFunctions,
	triggerUrl: string,
	state: RescueState,
	limits: Round['limits'],
	now: number,
): Promise<RescueReport> {
	const report: RescueReport = { notified: [], statusCalls: 0, downloads: 0, problems: [] };
	for (const [envelopeId, at] of state.notifiedAt)
		if (!(now - at < NOTICE_INTERVAL_MS)) state.notifiedAt.delete(envelopeId);
	const base = triggerUrlOf(triggerUrl)?.base;
	if (!base) {
		report.problems.push(`the trigger's URL ${triggerUrl} is not an n8n trigger's URL`);
		return report;
	}
	const failed = (what: string) => (error: Error) => {
		report.problems.push(`${what} (${error.message})`);
		return undefined;
	};
	const webhooks = await listWebhooks(context).catch(
		failed("the account's webhooks could not be listed"),
	);
	if (!webhooks) return report;
	const key = await resumeKey(context).catch(failed('the credential could not be read'));
	if (key === undefined) return report;
	const waitingBase = `${base}/${WAITING_PATH}/`;
	const waiting = webhooks.flatMap(
		(webhook) => waitingExecutionOf(webhook, waitingBase, key, now) ?? [],
	);
	if (waiting.length === 0) {
		state.cursor = 0;
		return report;
	}
	const scope = `rescue:${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	const round: Round = { context, state, limits, report, now, scope };
	const start = Math.abs(Math.trunc(state.cursor)) % waiting.length || 0;
	// The next round starts with the first execution that did not get its turn in this one.
	let next: number | undefined;
	for (let offset = 0; offset < waiting.length; offset++) {
		const index = (start + offset) % waiting.length;
		const wait = waiting[index];
		const turn = await takeTurn(round, wait).catch((error: Error): Turn => {
			report.problems.push(`${wait.envelopeId}: ${error.message}`);
			return 'taken';
		});
		if (turn === 'taken') continue;
		next ??= index;
		if (turn === 'noStatusCalls') break;
	}
	state.cursor = next ?? start;
	return report;
}
