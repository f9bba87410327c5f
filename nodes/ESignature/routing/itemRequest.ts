import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { connectionError } from '../service/connectionErrors';
import {
	bothFormsRefused,
	failedAnswersOf,
	type Outcome,
	outcomeOf,
	settled,
} from '../service/readAnswer';
import { detailsOf, failed, isErrorItem } from '../service/errorItems';
import { refusesToken, sendRenewingToken } from '../service/transport';
import { sentTokenOf } from '../../../credentials/accessToken';
import { learn, otherForm, refusesForm } from '../../../credentials/dialects';
import { errorForModel, runsAsTool } from '../service/asTool';
import { bodyForAnotherAttempt, isStreamedUpload } from '../files/streamedBody';
import { createMemory } from './idempotency';
import { marksOf } from './operation';

// sendEachItem does what no hook of n8n's routing engine can do here (docs/n8n-notes.md#routing-engine-workarounds).

type RequestData = DeclarativeRestApiSettings.ResultOptions;

// This item's own failures: one exit answers each as the item's error, or throws it without Continue On Fail.
const failures = new WeakSet<object>();

function failure(error: unknown): never {
	failures.add(error as object);
	throw error;
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
		!detailsOf(error) &&
		(error as { httpCode?: unknown }).httpCode === '401'
	);
}

// Its answer or the error it was thrown as; a failure to renew the token is thrown.
async function routedRequest(context: IExecutePaginationFunctions, requestData: RequestData) {
	const options = requestData.options as IHttpRequestOptions;
	let attempts = 0;
	const attempt = async () => {
		if (attempts++ > 0) bodyForAnotherAttempt(options);
		return await outcomeOf(context.makeRoutingRequest(requestData));
	};
	return await sendRenewingToken(
		context,
		async () => {
			const answer = await attempt();
			return renewedButNotResent(options, answer) ? await attempt() : answer;
		},
		(answer) => refusedAsAnswer(options, answer),
		() => sentTokenOf(options),
	).catch(failure);
}

/** The node's pagination function: every item's request, as its operation's routing declared it. */
export async function sendEachItem(this: IExecutePaginationFunctions, requestData: RequestData) {
	try {
		return await sendItemRequest(this, requestData);
	} catch (error) {
		throw runsAsTool(this) && error instanceof Error ? errorForModel(error) : error;
	}
}

async function sendItemRequest(context: IExecutePaginationFunctions, requestData: RequestData) {
	const { refusal, createsEnvelope } = marksOf(requestData.options as IHttpRequestOptions);
	const memory = !refusal && createsEnvelope ? createMemory(context, createsEnvelope) : undefined;
	if (memory?.earlier) return memory.earlier;
	try {
		if (refusal) failure(refusal);
		const items = await routedInDialect(context, requestData);
		if (!items.some(isErrorItem)) memory?.remember(items);
		return items;
	} catch (error) {
		// The answer's own errors are in the operation's words already: n8n's error class hands one back as it is.
		const own = failures.has(error as object);
		if (!own && error instanceof NodeApiError && detailsOf(error))
			throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
		const help = memory?.lostAnswerHelp();
		return failed(
			context,
			own ? (error as Error) : await connectionError(context, error, context.getItemIndex(), help),
		);
	}
}

// A refused form creates nothing at the service: sending the other form still makes one envelope.
async function routedInDialect(context: IExecutePaginationFunctions, requestData: RequestData) {
	const options = requestData.options as IHttpRequestOptions;
	const { alternative } = marksOf(options);
	const send = async () => await routedRequest(context, requestData);
	const first = await send();
	if (!alternative) return settled(first);
	const [firstAnswer] = failedAnswersOf(first);
	if (!firstAnswer) learn(alternative.credentials, alternative.dialect, alternative.form);
	if (!firstAnswer || !refusesForm(alternative, firstAnswer)) return settled(first);
	alternative.form = otherForm(alternative.form);
	alternative.rebuild(options, alternative.form);
	const second = await send();
	const [secondAnswer] = failedAnswersOf(second);
	if (secondAnswer && refusesForm(alternative, secondAnswer))
		failure(bothFormsRefused(context, alternative.dialect, options.url));
	learn(alternative.credentials, alternative.dialect, alternative.form);
	return settled(second);
}
