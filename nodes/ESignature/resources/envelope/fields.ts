import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { webhookLocatorProperty } from '../../shared/descriptions';
import type { FileInputOptions } from '../../shared/fileInput';

/** Fields several envelope operations share. */

/** Every envelope operation but Create From Base64 takes several documents: one setting for fields and requests. */
export const SEVERAL_FILES: FileInputOptions = { multiple: true };

/** The Webhook field of the create operations: empty means the account default webhook. */
export function optionalWebhookProperty(displayOptions: IDisplayOptions): INodeProperties {
	return webhookLocatorProperty(
		displayOptions,
		{
			description:
				'Webhook to call for this envelope instead of the account default; leave empty for the default. The E-Signature Trigger outputs the ID of the webhook it registered.',
		},
		{ optional: true },
	);
}

export const fileIdField: INodeProperties = {
	displayName: 'File ID',
	name: 'fileId',
	type: 'string',
	default: '',
	placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
	description: 'Your own ID for the document; the service generates one when empty',
};

export const referenceNumberField: INodeProperties = {
	displayName: 'Reference Number',
	name: 'referenceNumber',
	type: 'string',
	default: '',
	description:
		'Your reference for the envelope, unique per account; the service generates one when empty. Reusing one fails, so a retried run cannot create a duplicate.',
};

export const workflowIdField: INodeProperties = {
	displayName: 'Workflow ID',
	name: 'workflowId',
	type: 'string',
	default: '',
	description: 'ID of an existing workflow of the service to attach the envelope to',
};
