import {
	addedToBody,
	additionalFields,
	type IDataObject,
	type INodeProperties,
	MAX_LENGTH,
	options,
	referenceToSend,
	refusable,
	requireText,
	routing,
	secretOf,
	sentField,
	sentIdField,
	TEMPLATE_ID_SOURCE,
	textOf,
} from '../kit';
import { buildSignerList, signerFields } from './shared';

const templateId = sentIdField(
	'Template ID',
	'templateId',
	TEMPLATE_ID_SOURCE,
	"ID of the template to sign, as shown in the service's template list. " +
		'Templates with fields the recipient must fill cannot be signed directly.',
);

export const option = {
	name: 'Sign From Template',
	value: 'signByTemplate',
	action: 'Sign a document from a template',
	description: 'Create a document from a template and sign it in one step',
	routing: routing(
		{ method: 'POST', url: '/api/v2/sign/by-template' },
		{ preSend: [buildSignerList], idField: templateId, createsEnvelope: { referenceNumber: true } },
	),
};

const buildTemplateFields = addedToBody('templateFields', (context) => {
	const entries = (context.getNodeParameter('templateFields.field', []) as IDataObject[]) ?? [];
	const templateFields = entries.map((entry, index) => {
		const label = `Template Fields, field ${index + 1}`;
		const fieldName = requireText(context, entry.fieldName, `${label}: Field Name`);
		// A checkbox's true or false from an expression is sent as text.
		const value =
			typeof entry.value === 'boolean'
				? String(entry.value)
				: textOf(context, entry.value, `${label}: Value`, MAX_LENGTH.longText, 'multi');
		return { fieldName, value };
	});
	return templateFields.length ? templateFields : undefined;
});

export const description: INodeProperties[] = [
	templateId,
	...signerFields,
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description: 'Values of the fields the template creator fills in',
		routing: { send: { preSend: [refusable(buildTemplateFields)] } },
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
			// Exactly as entered (spaces may be part of it), left out when empty.
			sentField(
				{
					displayName: 'Document Password',
					name: 'password',
					type: 'string',
					typeOptions: { password: true },
					default: '',
					description: 'Password that protects the signed PDF',
				},
				(context, value, label) => secretOf(context, value, label) || undefined,
				{ property: 'Password' },
			),
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
		// Sent when empty too (derived from the execution and item), by the collection, not its option.
		routing: { send: { preSend: [refusable(addedToBody('ReferenceNumber', referenceToSend))] } },
	},
	options,
];
