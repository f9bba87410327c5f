import {
	base64Of,
	booleanOf,
	buildDestinations,
	destinationsProperties,
	invitationMessageProperty,
	invitationMessageText,
	invitationSubjectProperty,
	invitationSubjectText,
	isServiceWrapper,
	parseBody,
	type PostReceiveAction,
	type PreSendAction,
	sendJsonWithDocuments,
	SEVERAL_FILES_SOURCE,
	unwrapResponse,
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

const buildCreateAndInviteBody: PreSendAction = async function (requestOptions) {
	const webhookId = selectedWebhookId(this);
	const destinations = buildDestinations(this, 'bulkInvite');
	const files = await readSeveralFiles(this);
	const fields = additionalFieldsOf(this);
	return sendJsonWithDocuments(
		requestOptions,
		compact({
			Files: files.map((file) => ({ File: base64Of(file), fileName: file.fileName })),
			Destinations: destinations,
			SaveAsDraft: booleanOf(this, fields.saveAsDraft ?? false, 'Save as Draft'),
			WebhookId: webhookId,
			InvitationMessage: invitationMessageText(
				this,
				this.getNodeParameter('invitationMessage', ''),
				'Invitation Message',
			),
			InvitationSubject: invitationSubjectText(
				this,
				this.getNodeParameter('invitationSubject', ''),
				'Invitation Subject',
			),
			SendUserInvitation: booleanOf(this, fields.sendUserInvitation ?? true, 'Send Invitations'),
			IsReturnUrl: booleanOf(this, fields.isReturnUrl ?? false, 'Include Return URL'),
		}),
	);
};

const unwrapWithReturnUrl: PostReceiveAction = async function (items, response) {
	const output = await unwrapResponse.call(this, items, response);
	const body = parseBody(response.body);
	const returnUrl = isServiceWrapper(body) ? body.returnUrl : undefined;
	if (returnUrl && output.length === 1 && output[0].json.returnUrl === undefined)
		output[0].json.returnUrl = returnUrl;
	return output;
};

export const option = {
	name: 'Create and Invite',
	value: 'createAndInvite',
	action: 'Create an envelope and invite signers',
	description: 'Create an envelope from documents and send its invitations in one step',
	routing: createRouting('/api/v1/envelopes/bulk/initiate-and-invite', buildCreateAndInviteBody, {
		unwrap: unwrapWithReturnUrl,
		// The contract gives this create no reference number.
		referenceNumber: false,
	}),
};

export const builderHint = SEVERAL_FILES_SOURCE;

export const description = createDescription(
	[
		...severalFiles,
		...destinationsProperties('bulkInvite'),
		{
			...invitationSubjectProperty(),
			description: 'Subject of the invitation e-mail; leave empty for the service default',
		},
		{
			...invitationMessageProperty(),
			description: 'Message to the signers; leave empty for the service default',
		},
	],
	[
		{
			displayName: 'Include Return URL',
			name: 'isReturnUrl',
			type: 'boolean',
			default: false,
			description:
				'Whether the service returns a link to the envelope in its dashboard (output as returnUrl)',
		},
		{
			displayName: 'Save as Draft',
			name: 'saveAsDraft',
			type: 'boolean',
			default: false,
			description:
				'Whether to keep the envelope as a draft: nothing is sent until it is sent from the portal',
		},
		{
			displayName: 'Send Invitations',
			name: 'sendUserInvitation',
			type: 'boolean',
			default: true,
			description: 'Whether the service notifies the signers by e-mail or SMS',
		},
	],
);
