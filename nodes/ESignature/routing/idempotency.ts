import { createHash } from 'crypto';
import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
} from 'n8n-workflow';

import type { SentReference } from '../service/errors';
import { executionCustomData } from '../service/n8n1';
import { optionalText } from '../fields/validation';
import { MAX_LENGTH } from '../../../credentials/text';

/*
 * Creates that are safe to retry (docs/delivery-guarantees.md#retrying-creates; docs/service-api.md#decisions).
 * n8n's Retry On Fail runs the whole node again, every item, and a retried execution runs the failed node again from
 * the start: items whose envelope was already created would create a second one. Two things prevent it:
 * - Each item of a create has an identity: the n8n instance, workflow, node, the node's run, the item, and the
 *   execution it first ran in, kept in the execution's custom data, which n8n copies into a retried execution
 *   (docs/n8n-notes.md#retries).
 * - The envelope a create made is remembered in this process under that identity: the item's next attempt outputs
 *   it again and sends nothing. Where the process does not know it (an answer lost to a timeout, another process, a
 *   restart), the request carries a reference number derived from the identity when the user gave none, and the
 *   service refuses a second envelope with the same reference number (error 227, explained by the error mapper).
 */

/** The custom data key under which an execution keeps the ID its items' identities start from. */
export const RUN_KEY = 'eSignatureRun';

/**
 * Creates remembered per n8n process: each entry is the few hundred bytes of one create's output. 10,000 covers the
 * retry of a 10,000-item run; beyond that, the oldest are forgotten and their reference number still protects them.
 */
export const REMEMBERED_CREATES_MAX = 10_000;

/** The longest reference number the node derives; MAX_LENGTH.referenceNumber leaves room above it. */
const DERIVED_REFERENCE_MAX = 50;

/**
 * What a create declares in its file (`createsEnvelope`) for sendWithWorkarounds: whether its request can carry a
 * reference number. Create From Template and Create and Invite cannot, so only this process's memory protects those
 * two (docs/service-api.md#decisions).
 */
export interface CreatesEnvelope {
	referenceNumber: boolean;
}

/** The item's "resource:operation", read as stored: they take no expressions, so nothing is resolved per item. */
export function operationOf(context: IExecuteSingleFunctions): string {
	const { resource, operation } = context.getNode().parameters;
	return `${String(resource ?? '')}:${String(operation ?? '')}`;
}

/** The execution the item first ran in: this one, or the one a retried execution was retried from. */
function firstExecutionId(context: IExecuteSingleFunctions): string | undefined {
	const executionId = context.getExecutionId();
	if (!executionId) return undefined;
	try {
		const customData = executionCustomData(context);
		const kept = customData?.get(RUN_KEY);
		if (kept) return kept;
		// n8n keeps at most 10 custom data entries and drops further ones quietly: then the execution's own ID serves.
		customData?.set(RUN_KEY, executionId);
	} catch {
		// A context without execution data: the execution's own ID serves.
	}
	return executionId;
}

function instanceIdOf(context: IExecuteSingleFunctions): string {
	try {
		return context.getInstanceId();
	} catch {
		return '';
	}
}

/**
 * The identity of the current item of a create (see the top of this file): its key, everything it is made of, for
 * the memory of creates, and a reference number derived from it. Undefined outside an execution.
 */
function itemIdentity(
	context: IExecuteSingleFunctions,
): { key: string; reference: string } | undefined {
	const execution = firstExecutionId(context);
	if (!execution) return undefined;
	const itemIndex = context.getItemIndex();
	const runIndex = context.getWorkflowDataProxy(itemIndex).$runIndex;
	const key = [
		instanceIdOf(context),
		context.getWorkflow().id ?? '',
		context.getNode().id,
		operationOf(context),
		execution,
		runIndex,
		itemIndex,
	].join('\n');
	const digest = createHash('sha256').update(key).digest('hex');
	// Signers read it on their signing page, and it names files: it says what it is, the run (the execution as n8n's
	// executions list shows it) and the item counted from 1, then what tells nodes and runs of one execution apart.
	const readable = `n8n-run${execution}-item${itemIndex + 1}-${digest.slice(0, 8)}`;
	const reference =
		readable.length <= DERIVED_REFERENCE_MAX ? readable : `n8n-${digest.slice(0, 24)}`;
	return { key, reference };
}

/** The reference number a create request carries: the user's, else one derived from the item's identity. */
export function createReference(context: IExecuteSingleFunctions): SentReference | undefined {
	const fields = (context.getNodeParameter('additionalFields', {}) as IDataObject) ?? {};
	const given = optionalText(
		context,
		fields.referenceNumber,
		'Reference Number',
		MAX_LENGTH.referenceNumber,
	);
	if (given) return { referenceNumber: given, derived: false };
	const identity = itemIdentity(context);
	return identity ? { referenceNumber: identity.reference, derived: true } : undefined;
}

/**
 * Send and Wait's reference number when the user gave none: the same identity as a create's, so a retried execution
 * is refused by the service (error 227) instead of sending the signers a second envelope.
 */
export function derivedReference(
	context: IExecuteFunctions,
	itemIndex: number,
): string | undefined {
	// The parts of a declarative hook's context the identity reads, for one item of a programmatic node.
	const item = {
		getExecutionId: () => context.getExecutionId(),
		getWorkflowDataProxy: (index: number) => context.getWorkflowDataProxy(index),
		getWorkflow: () => context.getWorkflow(),
		getNode: () => context.getNode(),
		getInstanceId: () => context.getInstanceId(),
		getItemIndex: () => itemIndex,
		customData: context.customData,
	} as unknown as IExecuteSingleFunctions;
	return itemIdentity(item)?.reference;
}

/** For a create's request builder: the reference number to send. */
export function referenceToSend(context: IExecuteSingleFunctions): string | undefined {
	return createReference(context)?.referenceNumber;
}

/**
 * The reference number the item's create request carried, derived again from the item (no note passes from request
 * to answer), for error 227, which the service gives only to a request that carried one (readServiceAnswer).
 */
export function sentReferenceOf(context: IExecuteSingleFunctions): SentReference | undefined {
	try {
		return createReference(context);
	} catch {
		// Its request was built, so its Reference Number passed the same check: nothing to name otherwise.
		return undefined;
	}
}

const rememberedCreates = new Map<string, INodeExecutionData[]>();

function copyOf(items: INodeExecutionData[], itemIndex: number): INodeExecutionData[] {
	return items.map((item) => ({
		json: JSON.parse(JSON.stringify(item.json)) as IDataObject,
		pairedItem: { item: itemIndex },
	}));
}

/** The key under which the current item's create is remembered; undefined outside an execution. */
export function createKey(context: IExecuteSingleFunctions): string | undefined {
	return itemIdentity(context)?.key;
}

/** What an earlier attempt of this item created, as it was output then. */
export function rememberedCreate(
	context: IExecuteSingleFunctions,
	key: string,
): INodeExecutionData[] | undefined {
	const items = rememberedCreates.get(key);
	return items ? copyOf(items, context.getItemIndex()) : undefined;
}

export function rememberCreate(
	context: IExecuteSingleFunctions,
	key: string,
	items: INodeExecutionData[],
): void {
	rememberedCreates.delete(key);
	rememberedCreates.set(key, copyOf(items, context.getItemIndex()));
	// A Map iterates in insertion order: the first key is the oldest.
	while (rememberedCreates.size > REMEMBERED_CREATES_MAX) {
		rememberedCreates.delete(rememberedCreates.keys().next().value as string);
	}
}
