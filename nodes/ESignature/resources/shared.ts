import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

import {
	documentIdProperty,
	envelopeIdProperty,
	responseOptions,
	simplifyProperty,
	toolSimplifyProperty,
} from '../fields/common';
import type { CreatesEnvelope } from '../routing/idempotency';
import { pairedWithItem } from '../routing/engineWorkarounds';
import { UTC_DATE, checkParameter, futureDate } from '../fields/validation';
import type { OperationErrors } from '../service/errors';

/** An operation's file: its option (name, action, routing), fields, and what the package must know of it. */
export interface OperationFile {
	option: INodePropertyOptions;
	/** Every field it shows, in the editor's order, shared ones by reference (resources/index.ts shows each once). */
	description: INodeProperties[];
	/** It creates an envelope: a retry of its item is answered from memory (routing/idempotency.ts). */
	createsEnvelope?: CreatesEnvelope;
	/** What n8n's AI builders read in this operation's generated type (docs/n8n-notes.md#builder-hints). */
	builderHint?: string;
	/** Codes that mean more on this operation (service/errors.ts), worded so by routing/engineWorkarounds.ts. */
	errors?: OperationErrors;
	/** It exists to hand out signing links: as an AI tool, its answer keeps them (docs/ai-agents.md#signing-links). */
	handsOutSigningLinks?: true;
}

/** A resource's Operation selector: its operations' options, in the order its index.ts lists them. */
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

/*
 * Fields several resources show, each declared once: n8n's routing engine evaluates a parameter's expression once per
 * property of that name for every item (docs/performance.md#the-per-item-walk-figures-1-and-2). The IDs are checked
 * by each operation's preSend, not the field: a field with routing is evaluated once more in each walk per item.
 */

export const envelopeId: INodeProperties = envelopeIdProperty();

/** The Document ID of the operations that say nothing more about it (Download Signed and Download Current PDF do). */
export const documentId: INodeProperties = documentIdProperty();

/** On the operations whose answer simplifyOutput trims (routing/answers.ts), before Options. */
export const simplify: INodeProperties = simplifyProperty();

/** Every operation answering with the service's JSON wrapper; Document's downloads have their own (File Name). */
export const options: INodeProperties = responseOptions();

/**
 * Simplify for tools, last, on every operation without a Simplify (docs/ai-agents.md). Webhook's is its own field:
 * its Create has the name of Envelope's, which has Simplify.
 */
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

/** An operation's Additional Fields: the `options` its file lists. */
export const additionalFields = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});

/** A preSend adding what `build` makes of the item to the body as `property`; nothing when it makes undefined. */
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

/** A field sent trimmed (its check, on the same field, refuses what is not text or not valid). */
export const TRIMMED = '={{ String($value).trim() }}';

/** The routing of a field sent in the body as `property`, written by the expression `value`, after its `check`. */
export function sentInBody(
	property: string,
	value: string,
	check: PreSendAction,
): NonNullable<INodeProperties['routing']> {
	return { send: { type: 'body', property, value, preSend: [pairedWithItem(check)] } };
}

const checkAvailableTo = checkParameter('availableTo', futureDate, 'Available To');

/** Both Extends' Available To: checked by futureDate, sent in UTC (a picked date is in the workflow's timezone). */
export const availableTo = (description: string): INodeProperties => ({
	displayName: 'Available To',
	name: 'availableTo',
	type: 'dateTime',
	default: '',
	required: true,
	description,
	routing: sentInBody('availableTo', UTC_DATE, checkAvailableTo),
});
