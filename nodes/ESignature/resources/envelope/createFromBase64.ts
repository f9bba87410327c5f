import {
	base64Of,
	fileIdField,
	fileInputProperties,
	type Form,
	type IHttpRequestOptions,
	offerAlternative,
	optionalGuid,
	type PreSendAction,
	readFileInput,
	referenceNumberField,
	sendJsonWithDocuments,
	workflowIdField,
} from '../kit';
import {
	additionalFieldsOf,
	base64CreateFields,
	compact,
	selectedWebhookId,
	createDescription,
	createRouting,
} from './shared';

const buildBase64DocumentBody: PreSendAction = async function (requestOptions) {
	const fields = additionalFieldsOf(this);
	const fileId = optionalGuid(this, fields.fileId, 'File ID');
	const webhookId = selectedWebhookId(this);
	const [upload] = await readFileInput(this, { leaveInStore: true });
	const document = compact({ fileId, file: base64Of(upload), fileName: upload.fileName });
	const envelopeFields = base64CreateFields(this, webhookId);
	// The spec's `files` or the live service's `File`, whichever the credential takes.
	const build = (options: IHttpRequestOptions, form: Form) =>
		sendJsonWithDocuments(options, {
			...envelopeFields,
			[form === 'spec' ? 'files' : 'File']: document,
		});
	return build(
		requestOptions,
		await offerAlternative(this, requestOptions, 'createFromBase64Body', build),
	);
};

export const option = {
	name: 'Create From Base64',
	value: 'createFromBase64',
	action: 'Create an envelope from one document sent as base64',
	description: 'Create an envelope from one document sent to the service as Base64 text in JSON',
	routing: createRouting('/api/v1/envelopes/initiate-base64', buildBase64DocumentBody),
};

export const builderHint =
	'Create From Base64 takes ONE PDF: fileInput "binary" reads a binary field of the input item ' +
	'(inputDataFieldName, e.g. "data" from an HTTP Request or Read File node), "base64" takes the PDF as ' +
	'Base64 text in fileBase64 (fileName required), "url" downloads it from fileUrl (use "url" when the node ' +
	'is an AI tool). Only PDFs are accepted. Outputs envelopeId and documentId; it sends no invitations: ' +
	'follow with Invitation → Send using documentId.';

export const description = createDescription(fileInputProperties(), [
	fileIdField,
	referenceNumberField,
	workflowIdField,
]);
