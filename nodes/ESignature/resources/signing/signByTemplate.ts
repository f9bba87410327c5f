import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { MAX_LENGTH } from '../../../../credentials/text';
import {
	checkParameter,
	checkRequiredId,
	inputError,
	secretOf,
	textOf,
} from '../../fields/validation';
import { unwrapResponse } from '../../routing/answers';
import { referenceToSend, type CreatesEnvelope } from '../../routing/idempotency';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildSignerList, signerFields } from './shared';
import { addedToBody, additionalFields, options, sentInBody, TRIMMED } from '../shared';
import { requiredIdField } from '../../fields/common';

export const option: INodePropertyOptions = {
	name: 'Sign From Template',
	value: 'signByTemplate',
	action: 'Sign a document from a template',
	description: 'Create a document from a template and sign it in one step',
	routing: {
		request: { method: 'POST', url: '/api/v2/sign/by-template' },
		send: { preSend: [pairedWithItem(buildSignerList)] },
		output: { postReceive: [unwrapResponse] },
	},
};

export const createsEnvelope: CreatesEnvelope = { referenceNumber: true };

export const checkTemplateId = checkRequiredId('templateId', 'Template ID');

/** The template fields given, as text; left out of the body when there are none. */
export const buildTemplateFields = addedToBody('templateFields', (context) => {
	const entries = (context.getNodeParameter('templateFields.field', []) as IDataObject[]) ?? [];
	const templateFields = entries.map((entry, index) => {
		const label = `Template Fields, field ${index + 1}`;
		const fieldName = textOf(context, entry.fieldName, `${label}: Field Name`);
		if (!fieldName) throw inputError(context, `${label}: Field Name is required`);
		// Values are sent as text; a checkbox's true or false from an expression as "true" or "false".
		const value =
			typeof entry.value === 'boolean'
				? String(entry.value)
				: textOf(context, entry.value, `${label}: Value`, MAX_LENGTH.longText, 'multi');
		return { fieldName, value };
	});
	return templateFields.length ? templateFields : undefined;
});

/**
 * The reference number of the envelope signing creates: the one given, else one derived from the execution and item,
 * so that a retried run is safe (routing/idempotency.ts). Capitalised as the interface has it.
 */
export const buildReferenceNumber = addedToBody('ReferenceNumber', referenceToSend);

/** The PDF's password is sent exactly as entered: spaces may be part of it. */
const checkDocumentPassword = checkParameter(
	'additionalFields.password',
	secretOf,
	'Document Password',
);

export const description: INodeProperties[] = [
	{
		...requiredIdField('Template ID', 'templateId'),
		description:
			"ID of the template to sign, as shown in the service's template list. " +
			'Templates with fields the recipient must fill cannot be signed directly.',
		routing: sentInBody('templateId', TRIMMED, checkTemplateId),
	},
	...signerFields,
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: 'Values of the fields the template creator fills in',
		routing: { send: { preSend: [pairedWithItem(buildTemplateFields)] } },
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name',
						name: 'fieldName',
						type: 'string',
						default: '',
						description: 'Name of the field as defined in the template',
					},
					{ displayName: 'Value', name: 'value', type: 'string', default: '' },
				],
			},
		],
	},
	{
		...additionalFields([
			{
				displayName: 'Document Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Password that protects the signed PDF',
				// Capitalised as the interface has it; left out when empty.
				routing: sentInBody(
					'Password',
					'={{ $value === "" ? undefined : String($value) }}',
					checkDocumentPassword,
				),
			},
			{
				displayName: 'Reference Number',
				name: 'referenceNumber',
				type: 'string',
				default: '',
				description:
					'Your own reference for the new envelope; must be unique in the account. When empty, the node sends ' +
					'one derived from the execution and item (n8n-…), so that a retried run cannot sign twice.',
			},
		]),
		// The reference number is sent when none is given too: it is built from the collection, not its option.
		routing: { send: { preSend: [pairedWithItem(buildReferenceNumber)] } },
	},
	options,
];
