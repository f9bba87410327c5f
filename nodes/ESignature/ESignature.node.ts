import {
	type IExecuteFunctions,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
	NodeConnectionTypes,
	NodeOperationError,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { actionBuilderHint } from './fields/builderHints';
import { codexWithActions, resourceOperationSubtitle, toolSimplifyProperty } from './fields/common';
import { searchWebhooks } from './methods/listSearch';
import * as accessToken from './resources/accessToken';
import * as commercialRegistration from './resources/commercialRegistration';
import * as document from './resources/document';
import * as envelope from './resources/envelope';
import * as identitySigning from './resources/identitySigning';
import * as invitation from './resources/invitation';
import * as signing from './resources/signing';
import * as smsProvider from './resources/smsProvider';
import * as webhook from './resources/webhook';
import { type OperationFile, simplify } from './resources/kit';
import { sendEachItem } from './routing/itemRequest';
import { nodeForErrors } from './service/secrets';
import codex from './ESignature.node.json';

type ResourceIndex = { defaultOperation: string } & Record<string, OperationFile | string>;

// Its operations are its index's exports, in the editor's order: by name.
function resource(name: string, value: string, { defaultOperation, ...files }: ResourceIndex) {
	const operations = Object.values(files as Record<string, OperationFile>).sort((a, b) =>
		a.option.name.localeCompare(b.option.name),
	);
	return { name, value, defaultOperation, operations };
}

// In the order the node places their fields.
const resources = [
	resource('Envelope', 'envelope', envelope),
	resource('Invitation', 'invitation', invitation),
	resource('Signing', 'signing', signing),
	resource('Identity Provider Signing', 'identitySigning', identitySigning),
	resource('Document', 'document', document),
	resource('Commercial Registration', 'commercialRegistration', commercialRegistration),
	resource('SMS Provider', 'smsProvider', smsProvider),
	resource('Webhook', 'webhook', webhook),
	resource('Access Token', 'accessToken', accessToken),
];

const resourceField: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources
		.map(({ name, value }) => ({ name, value }))
		.sort((a, b) => a.name.localeCompare(b.name)),
	default: 'envelope',
	// Every operation's request goes through the node's pagination function (sendEachItem).
	routing: { send: { paginate: true } },
};

const everyOperation = resources.flatMap(({ value: resource, operations }) =>
	operations.map((file) => ({ resource, operation: String(file.option.value), file })),
);

/** Every field once, in an order keeping each operation's list: the editor shows its fields in the node's order. */
function placeFields(): INodeProperties[] {
	const shownFor = new Map<
		INodeProperties,
		{ resources: Set<string>; operations: Set<string>; after: Set<INodeProperties> }
	>();
	for (const { resource, operation, file } of everyOperation) {
		file.description.forEach((field, index) => {
			const shown = shownFor.get(field) ?? {
				resources: new Set(),
				operations: new Set(),
				after: new Set(),
			};
			shownFor.set(field, shown);
			shown.resources.add(resource);
			shown.operations.add(operation);
			if (index > 0) shown.after.add(file.description[index - 1]);
		});
	}
	// n8n shows a field for every pair of its resources and operations (test/descriptions.test.ts checks the result).
	const pending = [...shownFor.keys()];
	const placed = new Set<INodeProperties>();
	while (pending.length) {
		const ready = pending.findIndex((field) =>
			[...shownFor.get(field)!.after].every((it) => placed.has(it)),
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

const simplifyOperations = everyOperation
	.filter(({ file }) => file.description.includes(simplify))
	.map(({ operation }) => operation);

const properties: INodeProperties[] = [
	resourceField,
	...resources.map(({ value, operations, defaultOperation }): INodeProperties => ({
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operations.map(({ option }) => option),
		default: defaultOperation,
	})),
	...placeFields(),
	// Webhook's is its own field: its Create has the name of Envelope's, which has Simplify.
	...[
		{ show: { '@tool': [true] }, hide: { resource: ['webhook'], operation: simplifyOperations } },
		{ show: { '@tool': [true], resource: ['webhook'] } },
	].map((displayOptions) => ({ ...toolSimplifyProperty(), displayOptions })),
];

// n8n's editor offers a Custom API Call a declarative node cannot make (docs/n8n-notes.md#custom-api-call).
const MESSAGE = 'Custom API Call is not an operation of this node: nothing was sent';
const DESCRIPTION =
	"To call an endpoint this node does not offer, use n8n's HTTP Request node with Authentication → Predefined " +
	"Credential Type → E-Signature API and this credential: it signs requests to the credential's environment " +
	'only.';

async function refuseCustomApiCall(this: IExecuteFunctions) {
	if (!this.continueOnFail())
		throw new NodeOperationError(nodeForErrors(this.getNode()), MESSAGE, {
			description: DESCRIPTION,
		});
	return [
		this.getInputData().map((_, item) => ({
			json: { error: MESSAGE, description: DESCRIPTION },
			pairedItem: { item },
		})),
	];
}

export class ESignature implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature',
		name: 'eSignature',
		icon: {
			light: 'file:../../icons/esignature.svg',
			dark: 'file:../../icons/esignature.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: resourceOperationSubtitle(properties),
		codex: codexWithActions(codex, properties),
		documentationUrl: 'https://github.com/esignature-n8n/n8n-nodes-esignature#operations',
		description:
			'Create envelopes, invite signers, sign and download documents with the E-Signature service',
		defaults: { name: 'E-Signature' },
		usableAsTool: true,
		builderHint: actionBuilderHint(
			everyOperation
				.filter(({ file }) => file.builderHint)
				.map(({ resource, operation, file }) => ({
					content: file.builderHint!,
					displayOptions: { show: { resource: [resource], operation: [operation] } },
				})),
		),
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		// No baseURL: the credential sends each request to its environment.
		requestDefaults: {
			headers: { Accept: 'application/json' },
			json: true,
			// Service errors come with HTTP 200 too; 401 throws, so that n8n renews the token and retries.
			ignoreHttpStatusErrors: { ignore: true, except: [401] },
		},
		// The only hook of n8n's routing engine that decides whether and how a request is sent.
		requestOperations: { pagination: sendEachItem },
		properties,
	};

	methods = { listSearch: { searchWebhooks } };

	customOperations: INodeType['customOperations'] = Object.fromEntries(
		resources.map(({ value }) => [value, { __CUSTOM_API_CALL__: refuseCustomApiCall }]),
	);
}
