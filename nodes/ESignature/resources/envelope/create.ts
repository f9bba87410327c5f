import {
	booleanOf,
	fileIdField,
	optionalGuid,
	optionalText,
	type PreSendAction,
	referenceNumberField,
	referenceToSend,
	secretOf,
	sendMultipart,
	SEVERAL_FILES_SOURCE,
	workflowIdField,
} from '../kit';
import {
	additionalFieldsOf,
	compact,
	readSeveralFiles,
	selectedWebhookId,
	severalFiles,
	createDescription,
	createRouting,
} from './shared';

// The spec declares these fields as path parameters of a path with no slot for them: the service reads the form.
const buildCreateForm: PreSendAction = async function (requestOptions) {
	const fields = additionalFieldsOf(this);
	const external = fields.isForExternalWorkFlow;
	const parameters = compact({
		FileId: optionalGuid(this, fields.fileId, 'File ID'),
		WebhookId: selectedWebhookId(this),
		WorkflowId: optionalText(this, fields.workflowId, 'Service Workflow ID'),
		// Exactly as entered: spaces may be part of it.
		Password: secretOf(this, fields.password, 'Password'),
		IsForExternalWorkFlow:
			(external ?? '') === '' ? undefined : booleanOf(this, external, 'Service External Workflow'),
		ReferenceNumber: referenceToSend(this),
	});
	return sendMultipart(requestOptions, parameters, await readSeveralFiles(this));
};

export const option = {
	name: 'Create From Files',
	value: 'create',
	action: 'Create an envelope from files',
	description:
		'Create an envelope from one or more documents uploaded as files (binary fields or Base64 text), ' +
		"with File ID, PDF password and the service's workflow as options",
	routing: createRouting('/api/v1/envelopes/initiate', buildCreateForm),
};

export const builderHint = SEVERAL_FILES_SOURCE;

export const description = createDescription(severalFiles, [
	fileIdField,
	{
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Password that protects the uploaded PDF',
	},
	referenceNumberField,
	{
		displayName: 'Service External Workflow',
		name: 'isForExternalWorkFlow',
		type: 'boolean',
		default: false,
		description:
			'Whether the envelope follows the external workflow of the E-Signature service ' +
			"(the service's IsForExternalWorkFlow; not an n8n workflow)",
	},
	workflowIdField,
]);
