import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

import { optionalWebhookProperty } from '../../fields/envelope';
import { type FileInputOptions, SEVERAL_FILES, fileInputProperties } from '../../fields/fileInput';
import { optionalGuid, optionalText } from '../../fields/validation';
import type { UploadFile } from '../../files/document';
import type { LeftInStore } from '../../files/fileInput';
import { base64Of } from '../../files/jsonBody';
import { isErrorItem } from '../../service/errorItems';
import { keepWrapper } from '../../routing/answers';
import { referenceToSend } from '../../routing/idempotency';

/** File Input for several documents (Create From Base64 takes one: its own fields). */
export const severalFiles: INodeProperties[] = fileInputProperties(SEVERAL_FILES);

/** The creates' Webhook: empty, the envelope's events go to the account's default webhook. */
export const webhook: INodeProperties = optionalWebhookProperty();

/** Uploads read stored files as they send them (files/streamedBody.ts). */
export const LEFT_IN_STORE = { leaveInStore: true } as const satisfies FileInputOptions &
	LeftInStore;
export const SEVERAL_FILES_LEFT_IN_STORE = { ...SEVERAL_FILES, ...LEFT_IN_STORE };

/** Removes empty values: the service rejects empty GUIDs, and optional fields are never sent as ''. */
export function compact(values: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(values).filter(
			([, value]) => value !== undefined && value !== null && value !== '',
		),
	);
}

export function additionalFieldsOf(context: IExecuteSingleFunctions): IDataObject {
	return (context.getNodeParameter('additionalFields', {}) as IDataObject) ?? {};
}

/** The optional webhook picked from the list or given by ID (e.g. by the E-Signature Trigger). */
export function selectedWebhookId(context: IExecuteSingleFunctions): string | undefined {
	return optionalGuid(
		context,
		context.getNodeParameter('webhookId', '', { extractValue: true }),
		'Webhook',
	);
}

/** A document for a JSON body: Base64 content (written into the body by sendJsonWithDocuments) and file name. */
export function toBase64File(file: UploadFile): { file: IDataObject; fileName: string } {
	return { file: base64Of(file), fileName: file.fileName };
}

export type EnvelopeFields = { webhookId?: string; workflowId?: string; referenceNumber?: string };

/** The envelope's optional fields of the Base64 creates, checked, before their documents. */
export function base64CreateFields(
	context: IExecuteSingleFunctions,
	webhookId: string | undefined,
): EnvelopeFields {
	const fields = additionalFieldsOf(context);
	return {
		webhookId,
		workflowId: optionalText(context, fields.workflowId, 'Service Workflow ID'),
		referenceNumber: referenceToSend(context),
	};
}

/**
 * Says where the envelope's events go (eventsTo) in the Webhook list's words: "webhook <ID>", whose start its label
 * shows, or the account default.
 */
export const sayWhereEventsGo: PostReceiveAction = async function (items) {
	if (keepWrapper(this)) return items;
	const webhookId = selectedWebhookId(this);
	const eventsTo = webhookId
		? `webhook ${webhookId}`
		: 'the account default webhook (no Webhook chosen)';
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: { ...item.json, eventsTo } },
	);
};
