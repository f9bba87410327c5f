import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
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
import type { InputIdsTie } from '../routing/answers';
import type { CreatesEnvelope } from '../routing/idempotency';
import { sentField } from '../routing/itemRequest';
import { futureDate } from '../fields/validation';
import type { OperationErrors } from '../service/errors';

export interface OperationFile {
	option: INodePropertyOptions;
	/** Shared fields by reference: ESignature.node.ts shows each once. */
	description: INodeProperties[];
	createsEnvelope?: CreatesEnvelope;
	builderHint?: string;
	errors?: OperationErrors;
	handsOutSigningLinks?: true;
	/** Its items keep the input item's envelopeId and documentId when that item holds the ID sent in this field. */
	keepsInputIds?: InputIdsTie;
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
