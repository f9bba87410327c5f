import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import type { UploadFile } from '../../files/document';
import { buildDestinations } from '../../fields/recipients';
import { isErrorItem, isServiceWrapper, parseBody, readServiceAnswer } from '../../service/errors';
import type { LeftInStore } from '../../files/fileInput';
import { readFileInput } from '../../files/fileInput';
import { base64Of, sendJsonWithDocuments } from '../../files/jsonBody';
import { sendMultipart } from '../../files/multipart';
import { keepWrapper, unwrapResponse } from '../../routing/answers';
import { referenceToSend } from '../../routing/idempotency';
import {
	booleanOf,
	futureDate,
	optionalBoolean,
	optionalGuid,
	optionalText,
	requireGuid,
	secretOf,
} from '../../fields/validation';
import { MAX_LENGTH } from '../../../../credentials/text';
import { CREDENTIAL_TYPE } from '../../../../credentials/accessToken';
import type { Form } from '../../../../credentials/dialects';
import { formFor, offerAlternative } from '../../../../credentials/dialects';
import type { FileInputOptions } from '../../fields/fileInput';
import { SEVERAL_FILES } from '../../fields/fileInput';

/** Uploads read stored files as they send them (files/streamedBody.ts). */
const LEFT_IN_STORE = { leaveInStore: true } as const satisfies FileInputOptions & LeftInStore;
const SEVERAL_FILES_LEFT_IN_STORE = { ...SEVERAL_FILES, ...LEFT_IN_STORE };

/** Request builders and answer shapers of the envelope operations (what routing cannot declare: files, signers). */

/** Removes empty values: the service rejects empty GUIDs, and optional fields are never sent as ''. */
function compact(values: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(values).filter(
			([, value]) => value !== undefined && value !== null && value !== '',
		),
	);
}

function additionalFields(context: IExecuteSingleFunctions): IDataObject {
	return (context.getNodeParameter('additionalFields', {}) as IDataObject) ?? {};
}

/** The optional webhook picked from the list or given by ID (e.g. by the E-Signature Trigger). */
function selectedWebhookId(context: IExecuteSingleFunctions): string | undefined {
	return optionalGuid(
		context,
		context.getNodeParameter('webhookId', '', { extractValue: true }),
		'Webhook',
	);
}

/** A document for a JSON body: Base64 content (written into the body by sendJsonWithDocuments) and file name. */
function toBase64File(file: UploadFile): { file: IDataObject; fileName: string } {
	return { file: base64Of(file), fileName: file.fileName };
}

/** The envelope's optional fields of a Base64 create, checked. */
export type EnvelopeFields = { webhookId?: string; workflowId?: string; referenceNumber?: string };

/** The envelope's optional fields of the Base64 creates, before their documents. */
function base64CreateFields(
	context: IExecuteSingleFunctions,
	webhookId: string | undefined,
): EnvelopeFields {
	const fields = additionalFields(context);
	return {
		webhookId,
		workflowId: optionalText(context, fields.workflowId, 'Service Workflow ID'),
		referenceNumber: referenceToSend(context),
	};
}

/**
 * POST /envelopes/bulk/initiate-base64 from checked values: the envelope's optional fields, then its documents.
 * Create From Base64 List and Send and Wait (sendAndWait/send.ts) both send this.
 */
export function sendCreateBulk(
	requestOptions: IHttpRequestOptions,
	fields: EnvelopeFields,
	files: UploadFile[],
): IHttpRequestOptions {
	return sendJsonWithDocuments(requestOptions, {
		...compact(fields),
		files: files.map(toBase64File),
	});
}

/**
 * Create From Files: the documents and the envelope's fields (FileId, WebhookId, WorkflowId, Password,
 * IsForExternalWorkFlow, ReferenceNumber) as multipart form fields with exactly these names. The spec declares them as
 * path parameters of a path with no slot for them; the form is where the service reads them (docs/service-api.md).
 */
export async function buildCreateForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const fields = additionalFields(this);
	const parameters = compact({
		FileId: optionalGuid(this, fields.fileId, 'File ID'),
		WebhookId: selectedWebhookId(this),
		WorkflowId: optionalText(this, fields.workflowId, 'Service Workflow ID'),
		// The PDF's password is sent exactly as entered: spaces may be part of it.
		Password: secretOf(this, fields.password, 'Password'),
		IsForExternalWorkFlow: optionalBoolean(
			this,
			fields.isForExternalWorkFlow,
			'Service External Workflow',
		),
		ReferenceNumber: referenceToSend(this),
	});
	const files = await readFileInput(this, SEVERAL_FILES_LEFT_IN_STORE);
	return sendMultipart(requestOptions, parameters, files);
}

/** Create From Base64: one document as Base64 in JSON, encoded for the user when it comes from a binary field. */
export async function buildBase64DocumentBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const fields = additionalFields(this);
	const fileId = optionalGuid(this, fields.fileId, 'File ID');
	const webhookId = selectedWebhookId(this);
	const [document] = await readFileInput(this, LEFT_IN_STORE);
	const { file, fileName } = toBase64File(document);
	const envelopeFields = compact(base64CreateFields(this, webhookId));
	// The spec's `files` or the live service's `File`, whichever the credential takes (credentials/dialects.ts).
	const build = (options: IHttpRequestOptions, form: Form) =>
		sendJsonWithDocuments(options, {
			...envelopeFields,
			[form === 'spec' ? 'files' : 'File']: compact({ fileId, file, fileName }),
		});
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const form = formFor(credentials, 'createFromBase64Body');
	offerAlternative(requestOptions, {
		dialect: 'createFromBase64Body',
		credentials,
		form,
		rebuild: build,
	});
	return build(requestOptions, form);
}

/** Create From Template: multipart form fields only (the service takes no JSON here). */
export async function buildTemplateForm(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const fields = compact({
		templateId: requireGuid(this, this.getNodeParameter('templateId', ''), 'Template ID'),
		userOnlySigner: booleanOf(
			this,
			this.getNodeParameter('userOnlySigner', false),
			'Only Me as Signer',
		),
		webhookId: selectedWebhookId(this),
	});
	return sendMultipart(requestOptions, fields);
}

/** Create From Base64 List: several documents in one envelope, as Base64 in JSON. */
export async function buildBase64DocumentsBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const webhookId = selectedWebhookId(this);
	const files = await readFileInput(this, SEVERAL_FILES_LEFT_IN_STORE);
	return sendCreateBulk(requestOptions, base64CreateFields(this, webhookId), files);
}

/** Create and Invite: PascalCase JSON with the documents and the signer list (DailyNotify included). */
export async function buildCreateAndInviteBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const webhookId = selectedWebhookId(this);
	const destinations = buildDestinations(this, 'bulkInvite');
	const files = await readFileInput(this, SEVERAL_FILES_LEFT_IN_STORE);
	const fields = additionalFields(this);
	return sendJsonWithDocuments(
		requestOptions,
		compact({
			Files: files.map(toBase64File).map(({ file, fileName }) => ({ File: file, fileName })),
			Destinations: destinations,
			SaveAsDraft: booleanOf(this, fields.saveAsDraft ?? false, 'Save as Draft'),
			WebhookId: webhookId,
			InvitationMessage: optionalText(
				this,
				this.getNodeParameter('invitationMessage', ''),
				'Invitation Message',
				MAX_LENGTH.longText,
				'multi',
			),
			InvitationSubject: optionalText(
				this,
				this.getNodeParameter('invitationSubject', ''),
				'Invitation Subject',
				MAX_LENGTH.subject,
			),
			SendUserInvitation: booleanOf(this, fields.sendUserInvitation ?? true, 'Send Invitations'),
			IsReturnUrl: booleanOf(this, fields.isReturnUrl ?? false, 'Include Return URL'),
		}),
	);
}

/** Add Files: the documents as multipart. */
export async function buildFileUpload(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	return sendMultipart(requestOptions, {}, await readFileInput(this, SEVERAL_FILES_LEFT_IN_STORE));
}

/** preSend of Available To: refuses a date that is unreadable or past, and sends it as ISO 8601 UTC. */
export async function checkAvailableTo(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const availableTo = futureDate(this, this.getNodeParameter('availableTo', ''), 'Available To');
	requestOptions.body = { ...(requestOptions.body as IDataObject), availableTo };
	return requestOptions;
}

/** Bulk create: one item per document of the envelope, each carrying the envelope ID. */
export async function splitBulkFileResponse(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { body, errorItems } = await readServiceAnswer(this, response);
	if (errorItems) return errorItems;
	const pairedItem = { item: this.getItemIndex() };
	if (keepWrapper(this) && isServiceWrapper(body))
		return [{ json: body as unknown as IDataObject, pairedItem }];
	const data = ((isServiceWrapper(body) ? body.data : body) ?? {}) as IDataObject;
	const { bulkFileResponse, ...envelope } = data;
	if (!Array.isArray(bulkFileResponse) || bulkFileResponse.length === 0)
		return [{ json: data, pairedItem }];
	const shared = compact(envelope);
	return bulkFileResponse.map((entry) => ({
		json: { ...shared, ...(entry as IDataObject) },
		pairedItem,
	}));
}

/** Create and invite: the payload, plus `returnUrl` when the user asked the service for one. */
export async function unwrapWithReturnUrl(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const output = await unwrapResponse.call(this, items, response);
	const body = parseBody(response.body);
	if (
		isServiceWrapper(body) &&
		body.returnUrl &&
		output.length === 1 &&
		output[0].json.returnUrl === undefined
	) {
		output[0].json.returnUrl = body.returnUrl;
	}
	return output;
}

/** Signer states as the live service's status answer spells them, in the spec's words (service-api.md#get-status). */
const SIGNER_STATUS_WORDS: Record<string, string> = {
	PENDING: 'Pending',
	SIGNED: 'Signed',
	REJECTED: 'Rejected',
	EXPIRED: 'Expired',
};

/** One signer of the live shape in the spec's names, keeping what only the live shape has (id, order, fresh link). */
function specSigner(signatory: IDataObject): IDataObject {
	const { fullName, email, status, lastActionDate, ...liveOnly } = signatory;
	const word =
		typeof status === 'string' ? (SIGNER_STATUS_WORDS[status.toUpperCase()] ?? status) : status;
	return {
		name: fullName ?? null,
		email: email ?? null,
		status: word ?? null,
		signedAt: word === 'Signed' ? (lastActionDate ?? null) : null,
		...liveOnly,
		lastActionDate: lastActionDate ?? null,
	};
}

/**
 * The status in the spec's names whichever shape the service answered (credentials/dialects.ts has the others; this
 * one needs no memory): the live `{id, signatories[{fullName, ...}], documents}` becomes
 * `{envelopeId, signers[{name, ...}]}`.
 */
function specStatus(data: IDataObject): IDataObject {
	if (!Array.isArray(data.signatories) || data.envelopeId !== undefined) return data;
	const { id, status, signatories, ...liveOnly } = data;
	return {
		envelopeId: id ?? null,
		status: status ?? null,
		signers: (signatories as unknown[]).map((entry) =>
			typeof entry === 'object' && entry !== null ? specSigner(entry as IDataObject) : entry,
		) as IDataObject[],
		...liveOnly,
	};
}

/** Get Status: one output shape for the spec's answer and the live service's (service-api.md#spec-and-live-service). */
export async function normalizeStatus(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		if (isErrorItem(item)) return item;
		const { json } = item;
		const wrapped =
			typeof json.data === 'object' &&
			json.data !== null &&
			!Array.isArray(json.data) &&
			'errorCode' in json;
		return wrapped
			? { ...item, json: { ...json, data: specStatus(json.data as IDataObject) } }
			: { ...item, json: specStatus(json) };
	});
}

/** What a create outputs about its events: an envelope created without a Webhook calls the account's default one. */
export const ACCOUNT_DEFAULT_WEBHOOK = "the account's default webhook (no Webhook chosen)";

/** Last but Simplify on the creates that take a Webhook: says where the envelope's events go (eventsTo). */
export async function sayWhereEventsGo(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	if (keepWrapper(this)) return items;
	const webhookId = selectedWebhookId(this);
	const eventsTo = webhookId ? `webhook ${webhookId}` : ACCOUNT_DEFAULT_WEBHOOK;
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: { ...item.json, eventsTo } },
	);
}
