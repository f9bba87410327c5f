import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { type Alternative, type Dialect, type Form, formFor } from '../../../credentials/dialects';
import { runsAsTool } from '../service/asTool';
import { errorItem } from '../service/errorItems';
import {
	type OperationErrors,
	errorOfItem,
	inOperationWords,
	isNotFoundError,
	withGivenId,
	withMisplacedId,
} from '../service/errors';
import { nodeForErrors } from '../service/secrets';
import type { Rule } from '../fields/validation';
import { type InputIdsTie, unwrapResponse, withInputIds } from './answers';
import { type IdField, givenId, idFieldFrom, misplacedId } from './misplacedIds';

// What an operation declares: its request, and its answer in its own words; sendEachItem sends it.

// The engine hands the pagination function only the request options (docs/n8n-notes.md#the-two-symbol-keys).
const REFUSAL = Symbol('refused input');
const ALTERNATIVE = Symbol('alternative form');

type MarkedOptions = IHttpRequestOptions & { [REFUSAL]?: Error; [ALTERNATIVE]?: Alternative };

export const refusalOf = (options: IHttpRequestOptions) => (options as MarkedOptions)[REFUSAL];

export const alternativeOf = (options: IHttpRequestOptions) =>
	(options as MarkedOptions)[ALTERNATIVE];

/** The form the credential takes for `dialect`; the other form is sent, rebuilt, if the service refuses it. */
export async function offerAlternative(
	context: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	dialect: Dialect,
	rebuild: Alternative['rebuild'],
): Promise<Form> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const form = formFor(credentials, dialect);
	(options as MarkedOptions)[ALTERNATIVE] = { dialect, credentials, form, rebuild };
	return form;
}

/** How an operation's errors read: its own meanings of service codes, and the field whose ID a not-found names. */
interface Words {
	errors: OperationErrors;
	idField?: IdField;
}

const NO_WORDS: Words = { errors: {} };

async function inOperationTerms<T extends Error>(
	context: IExecuteSingleFunctions,
	error: T,
	{ errors, idField }: Words,
) {
	if (!idField || !isNotFoundError(error)) return inOperationWords(error, errors);
	const misplaced = await misplacedId(context, idField);
	const named = misplaced
		? withMisplacedId(error, misplaced)
		: withGivenId(error, await givenId(context, idField));
	return inOperationWords(named, errors);
}

const pairedHooks = new WeakSet<PreSendAction>();

export const isRefusable = (hook: PreSendAction): boolean => pairedHooks.has(hook);

/** A preSend hook whose thrown error is answered as an error of its own item, nothing sent. */
export function refusable(hook: PreSendAction, words = NO_WORDS) {
	if (isRefusable(hook)) return hook;
	const guard: PreSendAction = async function (requestOptions) {
		if (refusalOf(requestOptions)) return requestOptions;
		try {
			return await hook.call(this, requestOptions);
		} catch (error) {
			(requestOptions as MarkedOptions)[REFUSAL] =
				error instanceof Error && 'node' in error
					? await inOperationTerms(this, error, words)
					: new NodeOperationError(nodeForErrors(this.getNode()), error as Error, {
							itemIndex: this.getItemIndex(),
						});
			return requestOptions;
		}
	};
	pairedHooks.add(guard);
	return guard;
}

type AnswerStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

const declaredSteps = new WeakMap<AnswerStep, PostReceiveAction>();

/** The step an operation declared, for one of its routing's answer steps. */
export const declaredStep = (step: PostReceiveAction) =>
	declaredSteps.get(step as AnswerStep) ?? step;

// A step's thrown error reads in the operation's words; the last step words its error items.
function inWords(step: PostReceiveAction, words: Words): AnswerStep {
	const worded: AnswerStep = async function (items, response) {
		try {
			return await (step as AnswerStep).call(this, items, response);
		} catch (error) {
			throw error instanceof Error ? await inOperationTerms(this, error, words) : error;
		}
	};
	declaredSteps.set(worded, step);
	return worded;
}

const wordedItems = (words: Words): AnswerStep =>
	async function (items) {
		const worded: INodeExecutionData[] = [];
		for (const item of items) {
			const error = errorOfItem(this, item);
			const message = error?.message;
			const said = error && (await inOperationTerms(this, error, words));
			worded.push(said && said.message !== message ? errorItem(this, said) : item);
		}
		return worded;
	};

// A tool's input item holds the model's arguments, not IDs the service gave.
const keepingInputIds = (tie: InputIdsTie): AnswerStep =>
	async function keepInputIds(items) {
		return runsAsTool(this) ? items : withInputIds(this, items, tie);
	};

export interface OperationRouting {
	preSend?: PreSendAction[];
	postReceive?: PostReceiveAction[];
	/** The operation's meaning of a service error code, where it says more than the general one. */
	errors?: OperationErrors;
	/** The field holding the ID the operation acts on: a not-found answer names it and its value. */
	idField?: INodeProperties;
	/** Its items keep the input item's envelopeId and documentId when that item holds the ID sent in this field. */
	keepsInputIds?: InputIdsTie;
}

/** An operation's request and its answer: each preSend's error is its item's, nothing sent; errors in its words. */
export function routing(
	request: INodePropertyRouting['request'],
	{
		preSend = [],
		postReceive = [unwrapResponse],
		errors = {},
		idField,
		keepsInputIds,
	}: OperationRouting = {},
): INodePropertyRouting {
	const words: Words = { errors, idField: idField && idFieldFrom(idField) };
	const steps = [
		...postReceive.map((step) => inWords(step, words)),
		...(keepsInputIds ? [keepingInputIds(keepsInputIds)] : []),
		wordedItems(words),
	];
	return {
		request,
		...(preSend.length ? { send: { preSend: preSend.map((hook) => refusable(hook, words)) } } : {}),
		output: { postReceive: steps },
	};
}

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
