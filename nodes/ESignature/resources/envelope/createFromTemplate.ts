import {
	booleanOf,
	type PreSendAction,
	requiredIdField,
	requireGuid,
	sendMultipart,
	TEMPLATE_ID_SOURCE,
} from '../kit';
import { compact, selectedWebhookId, createDescription, createRouting } from './shared';

// The service takes no JSON here.
const buildTemplateForm: PreSendAction = async function (requestOptions) {
	const fields = compact({
		templateId: requireGuid(
			this,
			this.getNodeParameter('templateId', ''),
			'Template ID',
			'templateId',
		),
		userOnlySigner: booleanOf(
			this,
			this.getNodeParameter('userOnlySigner', false),
			'Only Me as Signer',
		),
		webhookId: selectedWebhookId(this),
	});
	return sendMultipart(requestOptions, fields);
};

const templateId = {
	...requiredIdField('Template ID', 'templateId', TEMPLATE_ID_SOURCE),
	description: 'ID of the template, as shown in the service portal',
};

export const option = {
	name: 'Create From Template',
	value: 'createFromTemplate',
	action: 'Create an envelope from a template',
	description:
		'Create an envelope from a template kept at the service, with the signers the template names',
	routing: createRouting('/api/v1/envelopes/initiate-by-template', buildTemplateForm, {
		idField: templateId,
		// The contract gives this create no reference number.
		referenceNumber: false,
	}),
};

export const description = createDescription([
	templateId,
	{
		displayName: 'Only Me as Signer',
		name: 'userOnlySigner',
		type: 'boolean',
		default: false,
		description:
			'Whether the account user is the only signer, instead of the recipients defined in the template',
	},
]);
