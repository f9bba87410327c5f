import type { INodeProperties, PreSendAction } from 'n8n-workflow';

import { booleanOf, requireGuid } from '../../fields/validation';
import { sendMultipart } from '../../files/multipart';
import { simplifyOutput, unwrapResponse } from '../../routing/answers';
import { compact, pinCreatedNotice, sayWhereEventsGo, selectedWebhookId, webhook } from './shared';
import { options, simplify } from '../shared';
import { routing } from '../../routing/itemRequest';
import { requiredIdField } from '../../fields/common';
import { TEMPLATE_ID_SOURCE } from '../../fields/builderHints';

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

export const option = {
	name: 'Create From Template',
	value: 'createFromTemplate',
	action: 'Create an envelope from a template',
	description:
		'Create an envelope from a template kept at the service, with the signers the template names',
	routing: routing(
		{ method: 'POST', url: '/api/v1/envelopes/initiate-by-template' },
		[buildTemplateForm],
		[unwrapResponse, sayWhereEventsGo, simplifyOutput],
	),
};

export const createsEnvelope = { referenceNumber: false };

export const description: INodeProperties[] = [
	pinCreatedNotice,
	{
		...requiredIdField('Template ID', 'templateId', TEMPLATE_ID_SOURCE),
		description: 'ID of the template, as shown in the service portal',
	},
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
