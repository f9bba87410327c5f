import type {
	IExecuteSingleFunctions,
	INodeProperties,
	INodePropertyOptions,
	PreSendAction,
} from 'n8n-workflow';

import {
	documentIdProperty,
	ID_EXAMPLE,
	requiredIdField,
	responseOptions,
	simplifyProperty,
} from '../fields/common';
import { ENVELOPE_ID_SOURCE } from '../fields/builderHints';
import { sendsField, sentField } from '../routing/operation';
import { futureDate, inputError, requireGuid } from '../fields/validation';

export interface OperationFile {
	option: INodePropertyOptions;
	/** Shared fields by reference: ESignature.node.ts shows each once. */
	description: INodeProperties[];
	builderHint?: string;
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

/** An ID field's GUID, checked, put in the request's path and where `to` says. */
export const sendsId = (field: INodeProperties, to?: { body?: string; qs?: string }) =>
	sendsField(field, requireGuid, to);

/** A required ID field, checked as a GUID and sent in the body. */
export const sentIdField = (
	displayName: string,
	name: string,
	source: string,
	description: string,
) => sentField({ ...requiredIdField(displayName, name, source), description }, requireGuid);

export const simplify = simplifyProperty();

export const options = responseOptions();

export const additionalFields = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options,
});

export const addedToBody = (
	property: string,
	build: (context: IExecuteSingleFunctions) => unknown,
): PreSendAction =>
	async function (requestOptions) {
		const value = build(this);
		if (value !== undefined)
			requestOptions.body = { ...(requestOptions.body as object), [property]: value };
		return requestOptions;
	};

/** A list's entries built one by one, each error naming its entry; an empty list is refused. */
export function eachEntry<Entry, Built>(
	context: IExecuteSingleFunctions,
	entries: Entry[],
	listLabel: string,
	what: string,
	build: (entry: Entry, label: string, index: number) => Built,
): Built[] {
	if (!entries.length) throw inputError(context, `${listLabel}: add at least one ${what}`);
	return entries.map((entry, index) => build(entry, `${listLabel}, ${what} ${index + 1}`, index));
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

export type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodePropertyRouting,
	JsonObject,
	PostReceiveAction,
	PreSendAction,
} from 'n8n-workflow';
export {
	CREDENTIAL_TYPE,
	currentAccessToken,
	forgetAccessToken,
} from '../../../credentials/accessToken';
export { type Form, identitySigningPath } from '../../../credentials/dialects';
export { authUrlOf } from '../../../credentials/environment';
export { MAX_LENGTH } from '../../../credentials/text';
export {
	DOCUMENT_ID_SOURCE,
	ENVELOPE_ID_SOURCE,
	SEVERAL_FILES_SOURCE,
	TEMPLATE_ID_SOURCE,
} from '../fields/builderHints';
export {
	binaryOutputProperty,
	documentIdProperty,
	listInputProperty,
	optionsCollection,
	responseOptions,
	requiredIdField,
	webhookLocatorProperty,
} from '../fields/common';
export { SMS_PROVIDERS } from '../fields/enums';
export { fileIdField, referenceNumberField, workflowIdField } from '../fields/envelope';
export { fileInputProperties, SEVERAL_FILES } from '../fields/fileInput';
export {
	invitationMessageProperty,
	invitationMessageText,
	invitationSubjectProperty,
	invitationSubjectText,
} from '../fields/invitation';
export { isPlainObject, jsonListParameter, pick } from '../fields/json';
export { namedValueOf } from '../fields/namedValues';
export { optionalPhone } from '../fields/phones';
export {
	buildDestinations,
	destinationsProperties,
	normaliseDestinations,
} from '../fields/recipients';
export { buildSigners, signersProperties } from '../fields/signers';
export { requireAuthorsUrl } from '../fields/toolInputs';
export {
	booleanOf,
	inputError,
	integerOf,
	numberIn,
	optionalGuid,
	optionalText,
	requireEmail,
	requireGuid,
	requireText,
	secretOf,
	textOf,
	toText,
} from '../fields/validation';
export { fileNameFor } from '../files/bytes';
export { type UploadFile } from '../files/document';
export { readFileInput, sentFileName } from '../files/fileInput';
export { base64Of, sendJsonWithDocuments } from '../files/jsonBody';
export { sendMultipart } from '../files/multipart';
export { readBinaryFile, requireBase64 } from '../files/read';
export {
	base64ResponseToBinary,
	FILE_NOT_FOR_TOOLS,
	fileResponseToBinary,
	keepWrapper,
	outputBinaryField,
	readAnswer,
	simplifies,
	simplifyOutput,
	unwrapFoundResponse,
	unwrapResponse,
} from '../routing/answers';
export { referenceToSend } from '../routing/idempotency';
export {
	checkedField,
	offerAlternative,
	type OperationRouting,
	refusable,
	routing,
	sendsField,
	sentField,
} from '../routing/operation';
export { specStatus, withDocumentIds } from '../service/envelopeStatus';
export { detailedError, failed, isErrorItem } from '../service/errorItems';
export { isServiceWrapper, notFoundError, parseBody } from '../service/errors';
export { type ItemChecks } from '../service/itemFunctions';
export { triggerUrlOf, waitingExecutionOf } from '../service/n8nWebhookUrls';
export { readServiceAnswer } from '../service/readAnswer';
export { maskedAnswer, nodeForErrors, scrubbed, secretsInHand } from '../service/secrets';
export { getWebhook } from '../service/webhooks';
