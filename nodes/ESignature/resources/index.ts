import type { IBuilderHintVariation, INodeProperties } from 'n8n-workflow';

import * as accessToken from './accessToken';
import * as commercialRegistration from './commercialRegistration';
import * as document from './document';
import * as envelope from './envelope';
import * as identitySigning from './identitySigning';
import * as invitation from './invitation';
import * as signing from './signing';
import * as smsProvider from './smsProvider';
import * as webhook from './webhook';
import { type OperationFile, simplify, toolSimplifyFields } from './shared';
import type { OperationDeclarations } from '../routing/itemRequest';
import { idFieldOf } from '../routing/misplacedIds';

const resource: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Access Token', value: 'accessToken' },
		{ name: 'Commercial Registration', value: 'commercialRegistration' },
		{ name: 'Document', value: 'document' },
		{ name: 'Envelope', value: 'envelope' },
		{ name: 'Identity Provider Signing', value: 'identitySigning' },
		{ name: 'Invitation', value: 'invitation' },
		{ name: 'Signing', value: 'signing' },
		{ name: 'SMS Provider', value: 'smsProvider' },
		{ name: 'Webhook', value: 'webhook' },
	],
	default: 'envelope',
	// Every operation's request goes through the node's pagination function (routing/itemRequest.ts).
	routing: { send: { paginate: true } },
};

const resources: Array<[string, { operation: INodeProperties; operations: OperationFile[] }]> = [
	['envelope', envelope],
	['invitation', invitation],
	['signing', signing],
	['identitySigning', identitySigning],
	['document', document],
	['commercialRegistration', commercialRegistration],
	['smsProvider', smsProvider],
	['webhook', webhook],
	['accessToken', accessToken],
];

const everyOperation = resources.flatMap(([resourceValue, { operations }]) =>
	operations.map((file) => ({
		resource: resourceValue,
		operation: String(file.option.value),
		file,
	})),
);

/** Every field once, in an order keeping each operation's list: the editor shows its fields in the node's order. */
function placeFields(): INodeProperties[] {
	const shownFor = new Map<INodeProperties, { resources: Set<string>; operations: Set<string> }>();
	const before = new Map<INodeProperties, Set<INodeProperties>>();
	for (const { resource: resourceValue, operation, file } of everyOperation) {
		file.description.forEach((field, index) => {
			if (!shownFor.has(field))
				shownFor.set(field, { resources: new Set(), operations: new Set() });
			if (!before.has(field)) before.set(field, new Set());
			shownFor.get(field)!.resources.add(resourceValue);
			shownFor.get(field)!.operations.add(operation);
			if (index > 0) before.get(field)!.add(file.description[index - 1]);
		});
	}
	// n8n shows a field for every pair of its resources and operations (test/descriptions.test.ts checks the result).
	const pending = [...shownFor.keys()];
	const placed = new Set<INodeProperties>();
	while (pending.length) {
		const ready = pending.findIndex((field) =>
			[...before.get(field)!].every((it) => placed.has(it)),
		);
		placed.add(pending.splice(Math.max(ready, 0), 1)[0]);
	}
	return [...placed].map((field) => {
		const { resources, operations } = shownFor.get(field)!;
		const show = {
			...field.displayOptions?.show,
			resource: [...resources],
			operation: [...operations],
		};
		return { ...field, displayOptions: { ...field.displayOptions, show } };
	});
}

export const properties: INodeProperties[] = [
	resource,
	...resources.map(([, { operation }]) => operation),
	...placeFields(),
	...toolSimplifyFields(
		everyOperation
			.filter(({ file }) => file.description.includes(simplify))
			.map(({ operation }) => operation),
	),
];

export const operationDeclarations: Record<string, OperationDeclarations> = Object.fromEntries(
	everyOperation.map(({ resource: resourceValue, operation, file }) => [
		`${resourceValue}:${operation}`,
		{
			createsEnvelope: file.createsEnvelope,
			errors: file.errors,
			handsOutSigningLinks: file.handsOutSigningLinks,
			takesId: idFieldOf(file.description),
		},
	]),
);

export const operationBuilderHints: IBuilderHintVariation[] = everyOperation
	.filter(({ file }) => file.builderHint)
	.map(({ resource: resourceValue, operation, file }) => ({
		content: file.builderHint!,
		displayOptions: { show: { resource: [resourceValue], operation: [operation] } },
	}));
