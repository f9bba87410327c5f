/**
 * A valid run of any operation, derived from the node description: the fields the editor shows for it, each given a
 * sample value by its name, and the item's document when it shows a File Input. The bad-input suites start from it
 * (test/inputs/testing.ts) and the output schemas run it against the emulator with the IDs of what it holds there
 * (test/output-schemas.test.ts), so a new operation whose fields are all named here needs no entry of its own; one
 * with a required field this table does not name fails both, naming the field.
 */
import type { IDataObject, INode, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { TEMPLATE_ID } from '../emulator/fixtures';
import { type Operation, actionDescription } from './operations';
import { UNKNOWN_GUID, byId } from './values';

export const GUID = UNKNOWN_GUID;
export const FUTURE = '2099-01-31T17:00:00Z';

export const signer = { name: 'Jane Doe', email: 'jane@example.com' };

/**
 * One valid value per field name. A shown required field gets its value (and so do those of UNMARKED); a required
 * collection of entries the table does not name gets one entry made of its own fields, by the same rule; any other
 * required field is unknown. Other fields keep their defaults: an optional Webhook stays empty.
 */
export const SAMPLES: Readonly<Record<string, unknown>> = {
	// IDs: well-formed, and unknown to the emulator unless a run puts the IDs of what it holds in their place.
	envelopeId: GUID,
	documentId: GUID,
	documentIds: GUID,
	destinationId: GUID,
	requestId: GUID,
	webhookId: byId(GUID),
	templateId: TEMPLATE_ID,
	availableTo: FUTURE,
	// A signer: of an invitation, or by their details.
	destinations: { destination: [signer] },
	destinationEmail: signer.email,
	firstNameEnglish: 'Jane',
	emailAddress: signer.email,
	commercialNumber: '1010010101',
	smsProvider: 1,
	smsUrl: 'https://sms.example.com/send',
	smsSender: 'ACME',
	smsUserame: 'acme',
	smsPassword: 'pw',
	webhookUrl: 'https://example.com/hook',
	updateFields: { webhookUrl: 'https://example.com/new' },
	inputDataFieldName: 'data',
	binaryPropertyName: 'data',
};

/**
 * The fields a valid request needs though the editor marks them optional (an operation's check asks for them): the
 * signers of an invitation, a webhook entry's URL, what an Update changes, a signer's name.
 */
const UNMARKED = new Set(['destinations', 'webhookUrl', 'updateFields', 'firstNameEnglish']);

const node = { typeVersion: 1 } as INode;

/** The fields the editor shows for the operation, every field that switches others at its default. */
export function shownFields({ resource, operation }: Operation): INodeProperties[] {
	const description = actionDescription();
	const values = NodeHelpers.getNodeParameters(
		description.properties,
		{ resource, operation },
		true,
		false,
		node,
		description,
	)!;
	return description.properties.filter(
		(property) =>
			!['resource', 'operation'].includes(property.name) &&
			property.type !== 'notice' &&
			NodeHelpers.displayParameter(values, property, node, description, values),
	);
}

/** Whether the operation takes a document from the item: it shows a File Input. */
export const takesFile = (operation: Operation): boolean =>
	shownFields(operation).some((field) => field.name === 'fileInput');

/** The fields of these properties with a sample, and the required ones without (named `label (name)`). */
function sampled(
	fields: INodeProperties[],
	samples: Readonly<Record<string, unknown>>,
): { parameters: IDataObject; unknown: string[] } {
	const parameters: IDataObject = {};
	const unknown: string[] = [];
	for (const field of fields) {
		const wanted = field.required || UNMARKED.has(field.name);
		if (wanted && Object.hasOwn(samples, field.name)) {
			parameters[field.name] = samples[field.name] as IDataObject[keyof IDataObject];
		} else if (field.required && field.type === 'fixedCollection') {
			const [entry] = field.options as INodePropertyCollection[];
			const one = sampled(entry.values, samples);
			parameters[field.name] = {
				[entry.name]: field.typeOptions?.multipleValues ? [one.parameters] : one.parameters,
			};
			unknown.push(...one.unknown.map((name) => `${field.displayName} → ${name}`));
		} else if (field.required) {
			unknown.push(`${field.displayName} (${field.name})`);
		}
	}
	return { parameters, unknown };
}

/**
 * The operation's parameters (without resource and operation) from these samples, and the required fields they do
 * not name: a run of it is refused for those.
 */
export function sampleParameters(
	operation: Operation,
	samples: Readonly<Record<string, unknown>> = SAMPLES,
): { parameters: IDataObject; unknown: string[] } {
	return sampled(shownFields(operation), samples);
}
