import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	IWorkflowExecutionCustomData,
} from 'n8n-workflow';

import { referenceNumberText } from '../fields/envelope';

// Creates that are safe to retry (docs/delivery-guarantees.md#retrying-creates).

const RUN_KEY = 'eSignatureRun';

/** A 10,000-item run's retry; older creates are still protected by their reference number. */
const REMEMBERED_CREATES_MAX = 10_000;

const DERIVED_REFERENCE_MAX = 50;

export interface CreatesEnvelope {
	referenceNumber: boolean;
}

type ItemContext = IExecuteFunctions | IExecuteSingleFunctions;

function firstExecutionId(context: ItemContext, itemIndex: number) {
	const executionId = context.getExecutionId();
	if (!executionId) return undefined;
	try {
		// n8n 1.x's contexts have none: only the expressions' `$execution.customData`, over the same data.
		const customData = (context.customData ??
			context.getWorkflowDataProxy(itemIndex).$execution?.customData) as
			IWorkflowExecutionCustomData | undefined;
		const kept = customData?.get(RUN_KEY);
		if (kept) return kept;
		// n8n drops an 11th custom data entry quietly: then the execution's own ID serves.
		customData?.set(RUN_KEY, executionId);
	} catch {
		// A context without execution data.
	}
	return executionId;
}

function instanceIdOf(context: ItemContext) {
	try {
		return context.getInstanceId();
	} catch {
		return '';
	}
}

function itemIdentity(context: ItemContext, itemIndex: number) {
	const execution = firstExecutionId(context, itemIndex);
	if (!execution) return undefined;
	// Read as stored: Resource and Operation take no expressions.
	const { resource, operation } = context.getNode().parameters;
	const key = [
		instanceIdOf(context),
		context.getWorkflow().id ?? '',
		context.getNode().id,
		`${String(resource ?? '')}:${String(operation ?? '')}`,
		execution,
		context.getWorkflowDataProxy(itemIndex).$runIndex,
		itemIndex,
	].join('\n');
	const digest = createHash('sha256').update(key).digest('hex');
	// Signers read it on their signing page: the execution and item as n8n shows them, then the rest hashed.
	const readable = `n8n-run${execution}-item${itemIndex + 1}-${digest.slice(0, 8)}`;
	const reference =
		readable.length <= DERIVED_REFERENCE_MAX ? readable : `n8n-${digest.slice(0, 24)}`;
	return { key, reference };
}

function createReference(context: IExecuteSingleFunctions) {
	const fields = (context.getNodeParameter('additionalFields', {}) as IDataObject) ?? {};
	const given = referenceNumberText(context, fields.referenceNumber, 'Reference Number');
	if (given) return { referenceNumber: given, derived: false };
	const identity = itemIdentity(context, context.getItemIndex());
	return identity ? { referenceNumber: identity.reference, derived: true } : undefined;
}

export function derivedReference(context: IExecuteFunctions, itemIndex: number) {
	return itemIdentity(context, itemIndex)?.reference;
}

export function referenceToSend(context: IExecuteSingleFunctions) {
	return createReference(context)?.referenceNumber;
}

// Derived again: n8n hands a postReceive hook nothing of the request.
export function sentReferenceOf(context: IExecuteSingleFunctions) {
	try {
		return createReference(context);
	} catch {
		return undefined;
	}
}

const rememberedCreates = new Map<string, INodeExecutionData[]>();

function copyOf(items: INodeExecutionData[], itemIndex: number) {
	return items.map((item) => ({
		json: JSON.parse(JSON.stringify(item.json)) as IDataObject,
		pairedItem: { item: itemIndex },
	}));
}

/** An item's create: the answer this process already had to it, keeping a new one, and what losing it means. */
export function createMemory(context: IExecuteSingleFunctions, create: CreatesEnvelope) {
	const itemIndex = context.getItemIndex();
	const key = itemIdentity(context, itemIndex)?.key;
	const known = key === undefined ? undefined : rememberedCreates.get(key);
	return {
		earlier: known && copyOf(known, itemIndex),
		remember(items: INodeExecutionData[]) {
			if (key === undefined) return;
			rememberedCreates.delete(key);
			rememberedCreates.set(key, copyOf(items, itemIndex));
			while (rememberedCreates.size > REMEMBERED_CREATES_MAX)
				rememberedCreates.delete(rememberedCreates.keys().next().value as string);
		},
		lostAnswerHelp() {
			const reference = create.referenceNumber ? createReference(context) : undefined;
			return (
				'The service may have created the envelope before the connection ended. ' +
				(reference
					? `Running this item again is safe: its request carries reference number "${reference.referenceNumber}", ` +
						'and the service refuses a second envelope with it (error 227).'
					: "Check the service before running this item again: this operation's request carries no reference number, " +
						'so the service cannot refuse a second envelope.')
			);
		},
	};
}
