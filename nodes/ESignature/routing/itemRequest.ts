import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
	JsonObject,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { connectionError } from '../service/connectionErrors';
import { bothFormsRefused } from '../service/readAnswer';
import {
	errorDetails,
	errorItem,
	errorItemDetails,
	failed,
	hasDetails,
	isErrorItem,
} from '../service/errorItems';
import { refusesToken, sendRenewingToken } from '../service/transport';
import { CREDENTIAL_TYPE, sentTokenOf } from '../../../credentials/accessToken';
import {
	type Alternative,
	type Dialect,
	type Form,
	formFor,
	learn,
	otherForm,
	refusesForm,
} from '../../../credentials/dialects';
import {
	emptyListForModel,
	errorForModel,
	runsAsTool,
	signingLinksHiddenFromModel,
} from '../service/asTool';
import { nodeForErrors } from '../service/secrets';
import {
	type OperationErrors,
	errorOfItem,
	inOperationWords,
	isNotFoundError,
	withGivenId,
	withMisplacedId,
} from '../service/errors';
import { bodyForAnotherAttempt, isStreamedUpload } from '../files/streamedBody';
import { type InputIdsTie, itemsForModel, unwrapResponse, withInputIds } from './answers';
import type { Rule } from '../fields/validation';
import {
	type CreatesEnvelope,
	createKey,
	operationOf,
	createReference,
	rememberCreate,
	rememberedCreate,
} from './idempotency';
import { type IdField, givenId, misplacedId } from './misplacedIds';

// An item's request: sent here, with what n8n's routing engine cannot do for this service
// (docs/n8n-notes.md#routing-engine-workarounds); declared by the builders at the end.

// The engine hands the pagination function only the request options (docs/n8n-notes.md#the-two-symbol-keys).
const REFUSAL = Symbol('refused input');
const ALTERNATIVE = Symbol('alternative form');

type RequestData = DeclarativeRestApiSettings.ResultOptions;

type RefusableOptions = IHttpRequestOptions & { [REFUSAL]?: Error; [ALTERNATIVE]?: Alternative };

/** The form the credential takes for `dialect`; the other form is sent, rebuilt, if the service refuses it. */
export async function offerAlternative(
	context: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	dialect: Dialect,
	rebuild: Alternative['rebuild'],
): Promise<Form> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const form = formFor(credentials, dialect);
	(options as RefusableOptions)[ALTERNATIVE] = { dialect, credentials, form, rebuild };
	return form;
}

const pairedHooks = new WeakSet<PreSendAction>();

const refusalOf = (options: IHttpRequestOptions) => (options as RefusableOptions)[REFUSAL];

export const isRefusable = (hook: PreSendAction): boolean => pairedHooks.has(hook);

/** A preSend hook whose thrown error is answered as an error of its own item, nothing sent. */
export function refusable(hook: PreSendAction) {
	if (isRefusable(hook)) return hook;
	const guard: PreSendAction = async function (requestOptions) {
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
	return guard;
}

function lostAnswerHelp(context: IExecuteSingleFunctions, create: CreatesEnvelope | undefined) {
	if (!create) return undefined;
	const reference = create.referenceNumber ? createReference(context) : undefined;
	return (
		'The service may have created the envelope before the connection ended. ' +
		(reference
			? `Running this item again is safe: its request carries reference number "${reference.referenceNumber}", ` +
				'and the service refuses a second envelope with it (error 227).'
			: "Check the service before running this item again: this operation's request carries no reference number, " +
				'so the service cannot refuse a second envelope.')
	);
}

type Outcome = { items: INodeExecutionData[] } | { error: unknown };

const outcomeOf = async (sending: Promise<INodeExecutionData[]>) =>
	await sending.then(
		(items): Outcome => ({ items }),
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
	if (!('error' in outcome) || !isStreamedUpload(options)) return false;
	const { error } = outcome;
	return (
		error instanceof Error &&
		!hasDetails(error) &&
		(error as { httpCode?: unknown }).httpCode === '401'
	);
}

async function routedRequest(context: IExecutePaginationFunctions, requestData: RequestData) {
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
				bodyForAnotherAttempt(options);
				return await attempt();
			},
			(answer) => refusedAsAnswer(options, answer),
			(error) => ({ items: failed(context, error) }),
			() => sentTokenOf(options),
		);
	} catch (error) {
		return failed(context, error as Error);
	}
	return settled(outcome);
}

export interface OperationDeclarations {
	createsEnvelope?: CreatesEnvelope;
	errors?: OperationErrors;
	handsOutSigningLinks?: boolean;
	keepsInputIds?: InputIdsTie;
	takesId?: IdField;
}

export function sendEachItem(declarations: Readonly<Record<string, OperationDeclarations>>) {
	return async function send(this: IExecutePaginationFunctions, requestData: RequestData) {
		const key = operationOf(this);
		const declared = Object.hasOwn(declarations, key) ? declarations[key] : {};
		if (!runsAsTool(this)) {
			const items = await sendItemRequest(this, requestData, declared);
			// A tool's input item holds the model's arguments, not IDs the service gave.
			return declared.keepsInputIds ? withInputIds(this, items, declared.keepsInputIds) : items;
		}
		try {
			const items = await sendItemRequest(this, requestData, declared);
			if (!items.length) return emptyListForModel(this.getItemIndex());
			const forModel = itemsForModel(this, items);
			return declared.handsOutSigningLinks ? forModel : signingLinksHiddenFromModel(forModel);
		} catch (error) {
			throw error instanceof Error ? errorForModel(error) : error;
		}
	};
}

async function inOperationTerms<T extends Error>(
	context: IExecutePaginationFunctions,
	error: T,
	{ takesId, errors = {} }: OperationDeclarations,
) {
	if (!takesId || !isNotFoundError(error)) return inOperationWords(error, errors);
	const misplaced = await misplacedId(context, takesId);
	const named = misplaced
		? withMisplacedId(error, misplaced)
		: withGivenId(error, await givenId(context, takesId));
	return inOperationWords(named, errors);
}

async function itemInOperationTerms(
	context: IExecutePaginationFunctions,
	item: INodeExecutionData,
	declared: OperationDeclarations,
) {
	const error = errorOfItem(context, item);
	if (!error) return item;
	const message = error.message;
	const worded = await inOperationTerms(context, error, declared);
	return worded.message === message ? item : errorItem(context, worded);
}

async function sendItemRequest(
	context: IExecutePaginationFunctions,
	requestData: RequestData,
	declared: OperationDeclarations,
) {
	const create = declared.createsEnvelope;
	const refusal = refusalOf(requestData.options as IHttpRequestOptions);
	// A preSend's read may be answered "not found" too (Webhook → Update).
	if (refusal) return failed(context, await inOperationTerms(context, refusal, declared));
	const key = create ? createKey(context) : undefined;
	const earlier = key === undefined ? undefined : rememberedCreate(context, key);
	if (earlier) return earlier;
	const items: INodeExecutionData[] = [];
	try {
		// The answer's hooks are shared by operations: each operation's words come here.
		for (const item of await routedInDialect(context, requestData))
			items.push(await itemInOperationTerms(context, item, declared));
	} catch (error) {
		// The hooks' own errors, in the operation's words (n8n's error classes hand back one of theirs as given).
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

// A refused form creates nothing at the service: sending the other form still makes one envelope.
async function routedInDialect(context: IExecutePaginationFunctions, requestData: RequestData) {
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
	alternative.form = otherForm(alternative.form);
	alternative.rebuild(options, alternative.form);
	const second = await attempt();
	const [secondAnswer] = failedAnswersOf(second);
	if (secondAnswer && refusesForm(alternative, secondAnswer))
		return failed(context, bothFormsRefused(context, alternative.dialect, options.url));
	learn(alternative.credentials, alternative.dialect, alternative.form);
	return settled(second);
}

/** An operation's routing: each preSend step answers its error as its item's, nothing sent. */
export const routing = (
	request: INodePropertyRouting['request'],
	preSend: PreSendAction[] = [],
	postReceive: PostReceiveAction[] = [unwrapResponse],
): INodePropertyRouting => ({
	request,
	...(preSend.length ? { send: { preSend: preSend.map(refusable) } } : {}),
	output: { postReceive },
});

/** A field sent as `property`: the value the engine put there, checked by `rule`; its result goes, or nothing. */
export function sentField(
	field: INodeProperties,
	rule: Rule,
	{ property = field.name, type = 'body' }: { property?: string; type?: 'body' | 'query' } = {},
): INodeProperties {
	const send: PreSendAction = async function (requestOptions) {
		const sent = (type === 'body' ? requestOptions.body : requestOptions.qs) as IDataObject;
		const value = rule(this, sent[property], field.displayName, field.name);
		if (value === undefined) delete sent[property];
		else sent[property] = value as IDataObject[string];
		return requestOptions;
	};
	return { ...field, routing: { send: { type, property, preSend: [refusable(send)] } } };
}

export function checkedField(field: INodeProperties, rule: Rule): INodeProperties {
	const check: PreSendAction = async function (requestOptions) {
		rule(this, this.getNodeParameter(field.name, field.default), field.displayName, field.name);
		return requestOptions;
	};
	return { ...field, routing: { ...field.routing, send: { preSend: [refusable(check)] } } };
}

/** An operation's preSend sending a field without routing: read once, checked, in the URL's `{name}` and `to`. */
export function sendsField(
	field: INodeProperties,
	rule: Rule,
	to: { body?: string; qs?: string } = {},
): PreSendAction {
	const send: PreSendAction = async function (requestOptions) {
		const { name, displayName } = field;
		const raw = this.getNodeParameter(name, '', { extractValue: field.type === 'resourceLocator' });
		const value = rule(this, raw, displayName, name) as string;
		requestOptions.url = requestOptions.url.replace(`{${name}}`, encodeURIComponent(value));
		if (to.body)
			requestOptions.body = { [to.body]: value, ...(requestOptions.body as IDataObject) };
		if (to.qs) requestOptions.qs = { [to.qs]: value, ...requestOptions.qs };
		return requestOptions;
	};
	return refusable(send);
}
