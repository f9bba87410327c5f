import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import {
	documentIdProperty,
	envelopeIdProperty,
	responseOptions,
	showForEach,
	simplifyProperty,
	toolSimplifyProperty,
} from '../fields/common';
import type { CreatesEnvelope } from '../routing/idempotency';
import type { OperationErrors } from '../service/errors';

/**
 * What the node reads of an operation's file besides its fields: its option (name, action, routing) and what the rest
 * of the package must know of it, declared there and collected by resources/index.ts, never listed elsewhere.
 */
export interface OperationFile {
	option: INodePropertyOptions;
	/** Its own fields (the shared ones it shows name it in their displayOptions, shared.ts). */
	description: INodeProperties[];
	/** It creates an envelope: a retry of its item is answered from memory (routing/idempotency.ts). */
	createsEnvelope?: CreatesEnvelope;
	/** What n8n's AI builders read in this operation's generated type (docs/n8n-notes.md#builder-hints). */
	builderHint?: string;
	/**
	 * What codes of the service mean on this operation, where they say more than on others (service/errors.ts);
	 * its errors are worded so by the node's pagination function (routing/engineWorkarounds.ts).
	 */
	errors?: OperationErrors;
}

/*
 * Fields several resources show, each declared once with the operations it shows for. n8n's routing engine walks
 * every top-level property for every item, and evaluates a parameter's expression once per property of that name
 * (docs/performance.md#the-per-item-walk-figures-1-and-2): one property per resource would cost every item more.
 * resources/index.ts places each where the editor shows it.
 *
 * The IDs are checked by each operation showing them, first (checkEnvelopeId, checkDocumentId in its preSend), not by
 * the field: the engine evaluates a field with routing once more in each of its two walks per item.
 */

/** Placed among Envelope's fields, before Invitation's: Send for Envelope shows it first, then its notice. */
export const envelopeId: INodeProperties = {
	...envelopeIdProperty(),
	displayOptions: showForEach({
		envelope: ['addFiles', 'cancel', 'extendInvitations', 'getStatus'],
		invitation: ['sendForEnvelope'],
	}),
};

/**
 * The Document ID of the operations that say nothing more about it (Download Signed and Download Current PDF do);
 * placed among Invitation's fields, before Signing's and Document's.
 */
export const documentId: INodeProperties = {
	...documentIdProperty(),
	displayOptions: showForEach({
		invitation: ['getSigningLinks', 'sendWithLinks', 'send'],
		signing: ['sign'],
		document: ['download', 'getCompleted'],
	}),
};

/** On the operations whose answer simplifyOutput trims (routing/answers.ts), before Options. */
export const simplify: INodeProperties = {
	...simplifyProperty(),
	displayOptions: showForEach({
		envelope: [
			'create',
			'createAndInvite',
			'createBulk',
			'createFromBase64',
			'createFromTemplate',
			'getStatus',
		],
		invitation: ['getSigningLinks', 'sendWithLinks'],
		commercialRegistration: ['check'],
	}),
};

/** Every operation answering with the service's JSON wrapper; Document's downloads have their own (File Name). */
export const options: INodeProperties = {
	...responseOptions(),
	displayOptions: {
		show: {
			resource: [
				'envelope',
				'invitation',
				'signing',
				'identitySigning',
				'commercialRegistration',
				'smsProvider',
				'webhook',
			],
		},
	},
};

/**
 * Simplify for tools, last, on every operation without a Simplify above (docs/ai-agents.md). Webhook's have their own
 * field: its Create has the name of Envelope's, which has Simplify.
 */
export const toolSimplify: INodeProperties[] = [
	{
		...toolSimplifyProperty(),
		displayOptions: {
			show: { '@tool': [true] },
			hide: { resource: ['webhook'], operation: simplify.displayOptions!.show!.operation! },
		},
	},
	{
		...toolSimplifyProperty(),
		displayOptions: { show: { '@tool': [true], resource: ['webhook'] } },
	},
];
