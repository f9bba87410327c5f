import type { INodeProperties, PreSendAction } from 'n8n-workflow';

import {
	booleanOf,
	options,
	requiredIdField,
	requireGuid,
	routing,
	sendMultipart,
	simplify,
	simplifyOutput,
	TEMPLATE_ID_SOURCE,
	unwrapResponse,
} from '../kit';
import { compact, pinCreatedNotice, sayWhereEventsGo, selectedWebhookId, webhook } from './shared';

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
	routing: routing(
		{ method: 'POST', url: '/api/v1/envelopes/initiate-by-template' },
		{
			preSend: [buildTemplateForm],
			postReceive: [unwrapResponse, sayWhereEventsGo, simplifyOutput],
			idField: templateId,
		},
	),
};

export const createsEnvelope = { referenceNumber: false };

export const description: INodeProperties[] = [
	pinCreatedNotice,
	templateId,
	{
		displayName: 'Only Me as Signer',
		name: 'userOnlySigner',
		type: 'boolean',
		default: false,
		description:
			'Whether the account user is the only signer, instead of the recipients defined in the template',
	},
	webhook,
	simplify,
	options,
];
