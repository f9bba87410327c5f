import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	INodePropertyRouting,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';

import {
	documentIdProperty,
	ID_EXAMPLE,
	responseOptions,
	simplifyProperty,
	toolSimplifyProperty,
} from '../fields/common';
import { ENVELOPE_ID_SOURCE } from '../fields/builderHints';
import type { CreatesEnvelope } from '../routing/idempotency';
import { refusable } from '../routing/itemRequest';
import { type Rule, futureDate } from '../fields/validation';
import type { OperationErrors } from '../service/errors';
import { unwrapResponse } from '../routing/answers';

export interface OperationFile {
	option: INodePropertyOptions;
	/** Shared fields by reference: resources/index.ts shows each once. */
	description: INodeProperties[];
	createsEnvelope?: CreatesEnvelope;
	builderHint?: string;
	errors?: OperationErrors;
	handsOutSigningLinks?: true;
}

export function operationSelector(
	resource: string,
	operations: OperationFile[],
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations.map(({ option }) => option),
		default: defaultOperation,
	};
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

// Shared fields are declared once: the engine evaluates a parameter once per property of that name for every item.

export const envelopeId: INodeProperties = {
	displayName: 'Envelope ID',
	name: 'envelopeId',
	type: 'string',
	default: '={{ $json.envelopeId }}',
	required: true,
	placeholder: ID_EXAMPLE,
	description:
		"The envelope's ID: the envelopeId a create operation or the E-Signature Trigger outputs, not your " +
		'reference number',
	builderHint: { propertyHint: ENVELOPE_ID_SOURCE },
};

export const documentId = documentIdProperty();

export const simplify = simplifyProperty();

export const options = responseOptions();

// Webhook's is its own field: its Create has the name of Envelope's, which has Simplify.
export const toolSimplifyFields = (simplifyOperations: string[]): INodeProperties[] => [
	{
		...toolSimplifyProperty(),
		displayOptions: {
			show: { '@tool': [true] },
			hide: { resource: ['webhook'], operation: simplifyOperations },
		},
	},
	{
		...toolSimplifyProperty(),
		displayOptions: { show: { '@tool': [true], resource: ['webhook'] } },
	},
];

export const additionalFields = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});

export function addedToBody(
	property: string,
	build: (context: IExecuteSingleFunctions) => unknown,
): PreSendAction {
	return async function added(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const value = build(this);
		if (value !== undefined)
			requestOptions.body = { ...(requestOptions.body as object), [property]: value };
		return requestOptions;
	};
}

// A picked date is in the workflow's timezone, sent in UTC.
export const availableTo = (description: string): INodeProperties =>
	sentField(
		{
			displayName: 'Available To',
			name: 'availableTo',
			type: 'dateTime',
			default: '',
			required: true,
			description,
		},
		futureDate,
	);
