import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../../credentials/accessToken';
import { type Alternative, type Dialect, formFor } from '../../../credentials/dialects';
import { runsAsTool, signingLinksHiddenFromModel } from '../service/asTool';
import { errorItem, withAnswerJson } from '../service/errorItems';
import {
	type OperationErrors,
	errorOfItem,
	inOperationWords,
	isNotFoundError,
	withGivenId,
	withMisplacedId,
} from '../service/errors';
import { nodeForErrors } from '../service/secrets';
import { type Rule, toText } from '../fields/validation';
import { type AnswerHook, itemsForModel, unwrapResponse } from './answers';
import type { CreatesEnvelope } from './idempotency';
import { type IdField, givenId, idFieldFrom, misplacedId } from './misplacedIds';

// What an operation declares: its request, and its answer in its own words; sendEachItem sends it.

// The engine hands the pagination function only the request options (docs/n8n-notes.md#the-symbol-key).
const MARKS = Symbol('told to sendEachItem');

/** What an item's request options tell sendEachItem. */
interface Marks {
	refusal?: Error;
	alternative?: Alternative;
	createsEnvelope?: CreatesEnvelope;
}

export const marksOf = (options: IHttpRequestOptions) =>
	((options as IHttpRequestOptions & { [MARKS]?: Marks })[MARKS] ??= {});

/** The form the credential takes for `dialect`; the other form is sent, rebuilt, if the service refuses it. */
export async function offerAlternative(
	context: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	dialect: Dialect,
	rebuild: Alternative['rebuild'],
) {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const form = formFor(credentials, dialect);
	marksOf(options).alternative = { dialect, credentials, form, rebuild };
	return form;
}

/** How an operation's errors read: its own meanings of service codes, and the field whose ID a not-found names. */
interface Words {
	errors: OperationErrors;
	idField?: IdField;
}

async function inOperationTerms(
	context: IExecuteSingleFunctions,
	error: Error,
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

export const isRefusable = (hook: PreSendAction) => pairedHooks.has(hook);

/** A preSend hook whose thrown error is answered as an error of its own item, nothing sent. */
export function refusable(hook: PreSendAction, words: Words = { errors: {} }) {
	if (isRefusable(hook)) return hook;
	const guard: PreSendAction = async function (requestOptions) {
		const marks = marksOf(requestOptions);
		if (marks.refusal) return requestOptions;
		try {
			return await hook.call(this, requestOptions);
		} catch (error) {
			marks.refusal =
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

// A step's thrown error reads in the operation's words; the last step words its error items.
const inWords = (step: PostReceiveAction, words: Words): AnswerHook =>
	async function (items, response) {
		try {
			return await (step as AnswerHook).call(this, items, response);
		} catch (error) {
			throw error instanceof Error ? await inOperationTerms(this, error, words) : error;
		}
	};

const wordedItems = (words: Words): AnswerHook =>
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
const keepingInputIds = (declared: OperationRouting): AnswerHook =>
	async function (items) {
		const tie = declared.keepsInputIds;
		if (!tie || runsAsTool(this)) return items;
		const { json } = this.getInputData();
		// An item not holding the ID sent is of another envelope: its IDs would lead a later node astray.
		if (json[tie] !== toText(this.getNodeParameter(tie, ''))) return items;
		const kept: IDataObject = {};
		for (const key of ['envelopeId', 'documentId'])
			if (typeof json[key] === 'string' && json[key] !== '') kept[key] = json[key];
		return withAnswerJson(items, (answer) => ({ ...kept, ...answer }));
	};

// A model is told when nothing matched (n8n would give it an empty string), and gets signing links only from an
// operation that hands them out.
const forModel = (declared: OperationRouting): AnswerHook =>
	async function (items) {
		if (!runsAsTool(this)) return items;
		const message = 'The service answered with an empty list: nothing matches.';
		if (!items.length)
			return [
				{ json: { count: 0, results: [], message }, pairedItem: { item: this.getItemIndex() } },
			];
		const shaped = itemsForModel(this, items);
		return declared.handsOutSigningLinks ? shaped : signingLinksHiddenFromModel(shaped);
	};

export interface OperationRouting {
	preSend?: PreSendAction[];
	postReceive?: PostReceiveAction[];
	/** The operation's meaning of a service error code, where it says more than the general one. */
	errors?: OperationErrors;
	/** The field holding the ID the operation acts on: a not-found answer names it and its value. */
	idField?: INodeProperties;
	/** Its items keep the input item's envelopeId and documentId when that item holds the ID sent in this field. */
	keepsInputIds?: 'documentId' | 'envelopeId';
	/** It makes an envelope: a retried item is answered from memory, and a lost answer says whether retrying is safe. */
	createsEnvelope?: CreatesEnvelope;
	/** Handing out signing links is what it is for: as an AI tool its answer keeps them. */
	handsOutSigningLinks?: boolean;
}

const declarations = new WeakMap<INodePropertyRouting, OperationRouting>();

export const declarationOf = (routing: INodePropertyRouting | undefined) =>
	routing && declarations.get(routing);

/** An operation's request and its answer: each preSend's error is its item's, nothing sent; errors in its words. */
export function routing(
	request: INodePropertyRouting['request'],
	declared: OperationRouting = {},
): INodePropertyRouting {
	const { preSend = [], postReceive = [unwrapResponse], errors = {}, idField } = declared;
	const words: Words = { errors, idField: idField && idFieldFrom(idField) };
	// Read when sent: what it tells sendEachItem stays as declared.
	const telling: PreSendAction = async function (requestOptions) {
		marksOf(requestOptions).createsEnvelope = declared.createsEnvelope;
		return requestOptions;
	};
	const told = declared.createsEnvelope ? [telling] : [];
	const hooks = [...told, ...preSend].map((hook) => refusable(hook, words));
	const steps = [
		...postReceive.map((step) => inWords(step, words)),
		...(declared.keepsInputIds ? [keepingInputIds(declared)] : []),
		wordedItems(words),
		forModel(declared),
	];
	const routed = {
		request,
		...(hooks.length ? { send: { preSend: hooks } } : {}),
		output: { postReceive: steps },
	};
	declarations.set(routed, declared);
	return routed;
}

/** A field sent as `property`: the value the engine put there, checked by `rule`; its result goes, or nothing. */
export function sentField(
	field: INodeProperties,
	rule: Rule,
	{ property = field.name, type = 'body' }: { property?: string; type?: 'body' | 'query' } = {},
) {
	const send: PreSendAction = async function (requestOptions) {
		const sent = (type === 'body' ? requestOptions.body : requestOptions.qs) as IDataObject;
		const value = rule(this, sent[property], field.displayName, field.name);
		if (value === undefined) delete sent[property];
		else sent[property] = value as IDataObject[string];
		return requestOptions;
	};
	return { ...field, routing: { send: { type, property, preSend: [refusable(send)] } } };
}

export function checkedField(field: INodeProperties, rule: Rule) {
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
) {
	return refusable(async function (requestOptions) {
		const { name, displayName } = field;
		const raw = this.getNodeParameter(name, '', { extractValue: field.type === 'resourceLocator' });
		const value = rule(this, raw, displayName, name) as string;
		requestOptions.url = requestOptions.url.replace(`{${name}}`, encodeURIComponent(value));
		if (to.body)
			requestOptions.body = { [to.body]: value, ...(requestOptions.body as IDataObject) };
		if (to.qs) requestOptions.qs = { [to.qs]: value, ...requestOptions.qs };
		return requestOptions;
	});
}
