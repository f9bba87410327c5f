import type { INodeProperties } from 'n8n-workflow';

import { MAX_LENGTH } from '../../../credentials/text';
import { type Rule, optionalText } from './validation';

export const fileIdField: INodeProperties = {
	displayName: 'File ID',
	name: 'fileId',
	type: 'string',
	default: '',
	placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
	description: 'Your own ID for the document; the service generates one when empty',
};

export const referenceNumberText = ((context, value, label) =>
	optionalText(context, value, label, MAX_LENGTH.referenceNumber)) satisfies Rule;

export const referenceNumberField: INodeProperties = {
	displayName: 'Reference Number',
	name: 'referenceNumber',
	type: 'string',
	default: '',
	description:
		'Your reference for the envelope, unique per account. When empty, the node sends one derived from the ' +
		'execution and item (n8n-…), so that a retried run cannot create a second envelope.',
};

// The service's own approval workflows: "workflow" means n8n's in the editor.
export const workflowIdField: INodeProperties = {
	displayName: 'Service Workflow ID',
	name: 'workflowId',
	type: 'string',
	default: '',
	description:
		'ID of a workflow defined at the E-Signature service (its approval and routing steps, not an n8n workflow) ' +
		'to attach the envelope to',
};
