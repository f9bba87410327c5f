import { MAX_LENGTH } from '../../../credentials/text';
import { ID_EXAMPLE, textField } from './common';
import { type Rule, optionalText } from './validation';

export const fileIdField = textField('File ID', 'fileId', {
	placeholder: ID_EXAMPLE,
	description: 'Your own ID for the document; the service generates one when empty',
});

export const referenceNumberText = ((context, value, label) =>
	optionalText(context, value, label, MAX_LENGTH.referenceNumber)) satisfies Rule;

export const referenceNumberField = textField('Reference Number', 'referenceNumber', {
	description:
		'Your reference for the envelope, unique per account. When empty, the node sends one derived from the ' +
		'execution and item (n8n-…), so that a retried run cannot create a second envelope.',
});

// The service's own approval workflows: "workflow" means n8n's in the editor.
export const workflowIdField = textField('Service Workflow ID', 'workflowId', {
	description:
		'ID of a workflow defined at the E-Signature service (its approval and routing steps, not an n8n workflow) ' +
		'to attach the envelope to',
});
