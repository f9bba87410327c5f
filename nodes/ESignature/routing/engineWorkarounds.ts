import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	JsonObject,
	PreSendAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { connectionError } from '../service/connectionErrors';
import { bothFormsRefused } from '../service/readAnswer';
import {
	type ErrorDetails,
	errorDetails,
	errorItem,
	errorItemDetails,
	failed,
	hasDetails,
	isErrorItem,
} from '../service/errorItems';
import { refusesToken, sendRenewingToken } from '../service/transport';
import { sentTokenOf } from '../../../credentials/accessToken';
import { type Alternative, learn, otherForm, refusesForm } from '../../../credentials/dialects';
import {
	emptyListForModel,
	errorForModel,
	runsAsTool,
	withoutSigningLinks,
} from '../service/asTool';
import { nodeForErrors } from '../service/secrets';
import {
	type OperationErrors,
	errorOfItem,
	inOperationWords,
	isNotFoundError,
	withMisplacedId,
} from '../service/errors';
import { bodyForAnotherAttempt, isStreamedUpload } from '../files/streamedBody';
import { itemsForModel } from './answers';
import {
	type CreatesEnvelope,
	createKey,
	operationOf,
	createReference,
	rememberCreate,
	rememberedCreate,
} from './idempotency';
import { type IdField, misplacedId } from './misplacedIds';

/*
 * What n8n's routing engine cannot do for this service, worked around where the engine lets a node decide how an
 * item's request is sent: its pagination function (sendWithWorkarounds, declared in requestOperations and switched on
 * for every operation by `paginate` on the Resource field). Each workaround and the n8n limitation it answers
 * (docs/n8n-notes.md#routing-engine-workarounds): errors paired with their item (pairedWithItem); a token refused with
 * HTTP 200, or a 401 n8n 1.x hands back, renewed and the request (a streamed upload made again) sent once more
 * (routedRequest); retry-safe creates (idempotency.ts); the spec/live dialect retry (routedInDialect); codes worded
 * as the operation declares, where the answer's shared hooks used general words; a failed connection as its item's
 * mapped error; errors and lists told for a model.
 *
 * A preSend hook leaves what the pagination function needs on the item's own request options under a Symbol key
 * (invisible to JSON, gone with the options): the engine hands that function the built request options and nothing
 * else of the item's, not even a hook's return value (docs/n8n-notes.md#the-two-symbol-keys).
 */

/** A pairedWithItem hook's refusal: the engine makes a thrown preSend error an error item paired with no input. */
const REFUSAL = Symbol('refused input');

/**
 * How to make the item's request in the dialect's other form: the engine builds the request once, before the
 * pagination function, which alone can send it again; the other form needs the hook's builder and what it read.
 */
const ALTERNATIVE = Symbol('alternative form');

type RefusableOptions = IHttpRequestOptions & { [REFUSAL]?: Error; [ALTERNATIVE]?: Alternative };

/** For a preSend hook: the item's request is in a dialect's form, and this is how to make it in the other. */
export function offerAlternative(options: IHttpRequestOptions, alternative: Alternative): void {
	(options as RefusableOptions)[ALTERNATIVE] = alternative;
}

/** The hooks pairedWithItem made: wrapping one again gives it back as it is. Functions of this package, not n8n's. */
const pairedHooks = new WeakSet<PreSendAction>();

/** The one guard pairedWithItem made of each hook: one function per hook, so that equal fields stay equal. */
const guards = new WeakMap<PreSendAction, PreSendAction>();

const refusalOf = (options: IHttpRequestOptions) => (options as RefusableOptions)[REFUSAL];

/** Whether a preSend hook was declared as pairedWithItem(...). */
export const isPairedWithItem = (hook: PreSendAction): boolean => pairedHooks.has(hook);

/**
 * A preSend hook whose refusal (a thrown input error) is kept for sendWithWorkarounds to answer paired with its item
 * (docs/n8n-notes.md#routing-engine-workarounds). After a refusal the item's request is not built any further.
 */
export function pairedWithItem(hook: PreSendAction): PreSendAction {
	if (isPairedWithItem(hook)) return hook;
	const known = guards.get(hook);
	if (known) return known;
	const guard: PreSendAction = async function (
		this: IExecuteSingleFunctions,
		requestOptions: IHttpRequestOptions,
	) {
		if (refusalOf(requestOptions)) return requestOptions;
		try {
			return await hook.call(this, requestOptions);
		} catch (error) {
			(requestOptions as RefusableOptions)[REFUSAL] =
				error instanceof Error && 'node' in error
					? error
					: new NodeOperationError(nodeForErrors(this.getNode()), error as Error, {
							itemIndex: this.getItemIndex(),
						});
			return requestOptions;
		}
	};
	pairedHooks.add(guard);
	guards.set(hook, guard);
	return guard;
}

/** What can have happened to a create whose request failed on the way, and whether running it again is safe. */
function lostAnswerHelp(
	context: IExecuteSingleFunctions,
	create: CreatesEnvelope | undefined,
): string | undefined {
	if (!create) return undefined;
	const reference = create.referenceNumber ? createReference(context) : undefined;
	return reference
		? 'The service may have created the envelope before the connection ended. Running this item again is safe: ' +
				`its request carries reference number "${reference.referenceNumber}", and the service refuses a second ` +
				'envelope with it (error 227).'
		: 'The service may have created the envelope before the connection ended. Check the service before running ' +
				"this item again: this operation's request carries no reference number, so the service cannot refuse a " +
				'second envelope.';
}

/** What one attempt of the routing engine's request came to. */
type Outcome = { items: INodeExecutionData[] } | { error: unknown };

const outcomeOf = async (sending: Promise<INodeExecutionData[]>): Promise<Outcome> =>
	await sending.then(
		(items): Outcome => ({ items }),
		(error: unknown) => ({ error }),
	);

const settled = (outcome: Outcome): INodeExecutionData[] => {
	if ('error' in outcome) throw outcome.error;
	return outcome.items;
};

/** The failed answers an attempt came to: its error's, or those of Continue On Fail's error items. */
function failedAnswersOf(outcome: Outcome): ErrorDetails[] {
	if ('error' in outcome)
		return outcome.error instanceof Error && hasDetails(outcome.error)
			? [errorDetails(outcome.error)]
			: [];
	return outcome.items.map(errorItemDetails).filter((details) => details !== undefined);
}

/**
 * Whether the service refused the access token where the request lets n8n meet a 401 (not Revoke Access Token, which
 * takes one as an answer): a 401 handed back by an n8n that did not renew, or the service's own form, HTTP 200 with
 * errorCode 401 or 3, which n8n never takes for a refusal (renewRefusedToken).
 */
function refusedAsAnswer(options: IHttpRequestOptions, outcome: Outcome): boolean {
	const { except } = (options.ignoreHttpStatusErrors ?? {}) as { except?: unknown };
	if (!Array.isArray(except) || !except.includes(401)) return false;
	return failedAnswersOf(outcome).some(
		(details) =>
			details.httpStatus === 401 ||
			(details.kind === 'service' && refusesToken(details.httpStatus, details.code)),
	);
}

/**
 * Whether n8n renewed the token after the service's 401 but did not send the request again, its body being a stream,
 * which n8n cannot send twice (docs/n8n-notes.md#access-tokens): n8n then throws its own error of the 401.
 */
function renewedButNotResent(options: IHttpRequestOptions, outcome: Outcome): boolean {
	if (!('error' in outcome) || !isStreamedUpload(options)) return false;
	const { error } = outcome;
	return (
		error instanceof Error &&
		!hasDetails(error) &&
		(error as { httpCode?: unknown }).httpCode === '401'
	);
}

/**
 * The routing engine's request; sent once more after the service refused the token, where n8n did not renew it
 * (renewRefusedToken) or renewed it without sending a stream again, then made again from n8n's store
 * (files/streamedBody.ts).
 */
async function routedRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = requestData.options as IHttpRequestOptions;
	const attempt = async () => await outcomeOf(context.makeRoutingRequest(requestData));
	let attempts = 0;
	let outcome: Outcome;
	try {
		outcome = await sendRenewingToken(
			context,
			async () => {
				if (attempts++ > 0) bodyForAnotherAttempt(options);
				const answer = await attempt();
				if (!renewedButNotResent(options, answer)) return answer;
				// n8n renewed the token itself; only the stream is to be made again.
				bodyForAnotherAttempt(options);
				return await attempt();
			},
			(answer) => refusedAsAnswer(options, answer),
			(error) => ({ items: failed(context, error) }),
			() => sentTokenOf(options),
		);
	} catch (error) {
		// A renewal that failed (the token endpoint refused or unreachable) is the item's error, as any other.
		return failed(context, error as Error);
	}
	return settled(outcome);
}

/** What the pagination function must know of an operation, as its file declares it (OperationFile, resources/). */
export interface OperationDeclarations {
	createsEnvelope?: CreatesEnvelope;
	errors?: OperationErrors;
	handsOutSigningLinks?: boolean;
	/** The one envelope or document ID it takes: the field its file lists by that label (idFieldOf). */
	takesId?: IdField;
}

/**
 * The pagination function of every operation (see the top of this file), given the operations' declarations by
 * "resource:operation" (resources/index.ts). As an AI tool, errors and empty lists are told in words a model reads
 * (service/asTool.ts), items are trimmed for it (Simplify, itemsForModel) and carry no signing links
 * (withoutSigningLinks).
 */
export function sendWithWorkarounds(declarations: Readonly<Record<string, OperationDeclarations>>) {
	return async function send(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const key = operationOf(this);
		// Own properties only: an operation named "constructor" declares nothing.
		const declared = Object.hasOwn(declarations, key) ? declarations[key] : {};
		if (!runsAsTool(this)) return await sendItemRequest(this, requestData, declared);
		try {
			const items = await sendItemRequest(this, requestData, declared);
			// No signing links for a model, Simplify on or off, but from the operations made to hand them out.
			if (!items.length) return emptyListForModel(this.getItemIndex());
			const forModel = itemsForModel(this, items);
			return declared.handsOutSigningLinks ? forModel : withoutSigningLinks(forModel);
		} catch (error) {
			throw error instanceof Error ? errorForModel(error) : error;
		}
	};
}

/**
 * A mapped error in its operation's terms: a not-found ID told as the other kind when the service knows it so (asked
 * only then: the happy path sends nothing more, routing/misplacedIds.ts), and each code's meaning on the operation.
 */
async function inOperationTerms<T extends Error>(
	context: IExecutePaginationFunctions,
	error: T,
	{ takesId, errors = {} }: OperationDeclarations,
): Promise<T> {
	const misplaced =
		takesId && isNotFoundError(error) ? await misplacedId(context, takesId) : undefined;
	return inOperationWords(misplaced ? withMisplacedId(error, misplaced) : error, errors);
}

/** An error item (Continue On Fail) in its operation's terms (inOperationTerms); other items as they are. */
async function itemInOperationTerms(
	context: IExecutePaginationFunctions,
	item: INodeExecutionData,
	declared: OperationDeclarations,
): Promise<INodeExecutionData> {
	const error = errorOfItem(context, item);
	if (!error) return item;
	const message = error.message;
	const worded = await inOperationTerms(context, error, declared);
	return worded.message === message ? item : errorItem(context, worded);
}

/**
 * The item's request, unless its input was refused or an earlier attempt already created its envelope; the service's
 * errors worded as the operation declares (service/errors.ts inOperationWords).
 */
async function sendItemRequest(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	declared: OperationDeclarations,
): Promise<INodeExecutionData[]> {
	const create = declared.createsEnvelope;
	const refusal = refusalOf(requestData.options as IHttpRequestOptions);
	if (refusal) return failed(context, refusal);
	const key = create ? createKey(context) : undefined;
	const earlier = key === undefined ? undefined : rememberedCreate(context, key);
	if (earlier) return earlier;
	const items: INodeExecutionData[] = [];
	try {
		// The answer's hooks mapped a failed answer in general terms; its operation's come here.
		for (const item of await routedInDialect(context, requestData))
			items.push(await itemInOperationTerms(context, item, declared));
	} catch (error) {
		// The hooks' own errors (a failed answer without Continue On Fail) go on as they are, in their operation's
		// words: n8n's error classes hand back the error they are given when it is one of theirs.
		if (error instanceof NodeApiError && hasDetails(error))
			throw new NodeApiError(
				nodeForErrors(context.getNode()),
				(await inOperationTerms(context, error, declared)) as unknown as JsonObject,
			);
		if (error instanceof NodeOperationError && hasDetails(error))
			throw new NodeOperationError(nodeForErrors(context.getNode()), error);
		const help = lostAnswerHelp(context, create);
		return failed(context, await connectionError(context, error, context.getItemIndex(), help));
	}
	if (key !== undefined && !items.some(isErrorItem)) rememberCreate(context, key, items);
	return items;
}

/**
 * The item's request in the form its credential is known to take (credentials/dialects.ts): when the answer says the
 * account wants the other form, the request is made once in that form, and the form the service accepted is remembered.
 * A refused form creates nothing at the service, so a create still makes one envelope.
 */
async function routedInDialect(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = requestData.options as IHttpRequestOptions;
	const alternative = (options as RefusableOptions)[ALTERNATIVE];
	if (!alternative) return await routedRequest(context, requestData);
	const attempt = async () => await outcomeOf(routedRequest(context, requestData));
	const first = await attempt();
	const [firstAnswer] = failedAnswersOf(first);
	if (!firstAnswer || !refusesForm(alternative, firstAnswer)) {
		if (!firstAnswer) learn(alternative.credentials, alternative.dialect, alternative.form);
		return settled(first);
	}
	const tried = alternative.form;
	alternative.form = otherForm(tried);
	alternative.rebuild(options, alternative.form);
	const second = await attempt();
	const [secondAnswer] = failedAnswersOf(second);
	if (secondAnswer && refusesForm(alternative, secondAnswer))
		return failed(context, bothFormsRefused(context, alternative.dialect, options.url));
	learn(alternative.credentials, alternative.dialect, alternative.form);
	return settled(second);
}
