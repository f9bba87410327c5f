import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { connectionError } from '../service/connectionErrors';
import { bothFormsRefused } from '../service/readAnswer';
import {
	errorDetails,
	errorItemDetails,
	failed,
	hasDetails,
	isErrorItem,
} from '../service/errorItems';
import { refusesToken, sendRenewingToken } from '../service/transport';
import { sentTokenOf } from '../../../credentials/accessToken';
import { learn, otherForm, refusesForm } from '../../../credentials/dialects';
import {
	emptyListForModel,
	errorForModel,
	runsAsTool,
	signingLinksHiddenFromModel,
} from '../service/asTool';
import { bodyForAnotherAttempt, isStreamedUpload } from '../files/streamedBody';
import { itemsForModel } from './answers';
import { createMemory } from './idempotency';
import { type Marks, marksOf } from './operation';

// sendEachItem does what no hook of n8n's routing engine can do here (docs/n8n-notes.md#routing-engine-workarounds).

type RequestData = DeclarativeRestApiSettings.ResultOptions;

type Outcome = { items: INodeExecutionData[] } | { error: unknown };

const outcomeOf = async (sending: Promise<INodeExecutionData[]>): Promise<Outcome> =>
	await sending.then(
		(items) => ({ items }),
		(error: unknown) => ({ error }),
	);

function settled(outcome: Outcome) {
	if ('error' in outcome) throw outcome.error;
	return outcome.items;
}

function failedAnswersOf(outcome: Outcome) {
	if ('error' in outcome)
		return outcome.error instanceof Error && hasDetails(outcome.error)
			? [errorDetails(outcome.error)]
			: [];
	return outcome.items.map(errorItemDetails).filter((details) => details !== undefined);
}

// n8n renews only on a thrown 401: the service refuses with HTTP 200, and n8n 1.x hands a 401 back as an answer.
function refusedAsAnswer(options: IHttpRequestOptions, outcome: Outcome) {
	// Revoke Access Token takes a 401 as an answer.
	const { except } = (options.ignoreHttpStatusErrors ?? {}) as { except?: unknown };
	if (!Array.isArray(except) || !except.includes(401)) return false;
	return failedAnswersOf(outcome).some(
		(details) =>
			details.httpStatus === 401 ||
			(details.kind === 'service' && refusesToken(details.httpStatus, details.code)),
	);
}

// n8n renews on a 401 but sends no stream twice: it throws its own 401 instead.
function renewedButNotResent(options: IHttpRequestOptions, outcome: Outcome) {
	const error = 'error' in outcome && isStreamedUpload(options) && outcome.error;
	return (
		error instanceof Error &&
		!hasDetails(error) &&
		(error as { httpCode?: unknown }).httpCode === '401'
	);
}

async function routedRequest(context: IExecutePaginationFunctions, requestData: RequestData) {
	const options = requestData.options as IHttpRequestOptions;
	let attempts = 0;
	const attempt = async () => {
		if (attempts++ > 0) bodyForAnotherAttempt(options);
		return await outcomeOf(context.makeRoutingRequest(requestData));
	};
	const outcome = await sendRenewingToken(
		context,
		async () => {
			const answer = await attempt();
			return renewedButNotResent(options, answer) ? await attempt() : answer;
		},
		(answer) => refusedAsAnswer(options, answer),
		(error) => ({ items: failed(context, error) }),
		() => sentTokenOf(options),
	).catch((error: unknown) => ({ items: failed(context, error as Error) }));
	return settled(outcome);
}

/** The node's pagination function: every item's request, as its operation's routing declared it. */
export async function sendEachItem(this: IExecutePaginationFunctions, requestData: RequestData) {
	const marks = marksOf(requestData.options as IHttpRequestOptions);
	if (!runsAsTool(this)) return await sendItemRequest(this, requestData, marks);
	try {
		const items = await sendItemRequest(this, requestData, marks);
		if (!items.length) return emptyListForModel(this.getItemIndex());
		const forModel = itemsForModel(this, items);
		return marks.handsOutSigningLinks ? forModel : signingLinksHiddenFromModel(forModel);
	} catch (error) {
		throw error instanceof Error ? errorForModel(error) : error;
	}
}

async function sendItemRequest(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	{ refusal, createsEnvelope }: Marks,
) {
	if (refusal) return failed(context, refusal);
	const memory = createsEnvelope && createMemory(context, createsEnvelope);
	if (memory?.earlier) return memory.earlier;
	let items: INodeExecutionData[];
	try {
		items = await routedInDialect(context, requestData);
	} catch (error) {
		// The answer's own errors, in the operation's words: n8n's error classes hand one of theirs back as it is.
		if (error instanceof NodeApiError && hasDetails(error))
			throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
		if (error instanceof NodeOperationError && hasDetails(error))
			throw new NodeOperationError(context.getNode(), error);
		const help = memory?.lostAnswerHelp();
		return failed(context, await connectionError(context, error, context.getItemIndex(), help));
	}
	if (!items.some(isErrorItem)) memory?.remember(items);
	return items;
}

// A refused form creates nothing at the service: sending the other form still makes one envelope.
async function routedInDialect(context: IExecutePaginationFunctions, requestData: RequestData) {
	const options = requestData.options as IHttpRequestOptions;
	const { alternative } = marksOf(options);
	if (!alternative) return await routedRequest(context, requestData);
	const attempt = async () => await outcomeOf(routedRequest(context, requestData));
	const first = await attempt();
	const [firstAnswer] = failedAnswersOf(first);
	if (!firstAnswer) learn(alternative.credentials, alternative.dialect, alternative.form);
	if (!firstAnswer || !refusesForm(alternative, firstAnswer)) return settled(first);
	alternative.form = otherForm(alternative.form);
	alternative.rebuild(options, alternative.form);
	const second = await attempt();
	const [secondAnswer] = failedAnswersOf(second);
	if (secondAnswer && refusesForm(alternative, secondAnswer))
		return failed(context, bothFormsRefused(context, alternative.dialect, options.url));
	learn(alternative.credentials, alternative.dialect, alternative.form);
	return settled(second);
}
