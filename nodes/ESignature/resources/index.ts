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
import { type OperationFile, options, simplify, toolSimplify } from './shared';
import type { CreatesEnvelope } from '../routing/idempotency';
import type { OperationErrors } from '../service/errors';

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
	// Every operation's request goes through the node's pagination function (routing/engineWorkarounds.ts).
	routing: { send: { paginate: true } },
};

/**
 * The Resource selector and every resource's Operation selector, then every resource's fields as its folder declares
 * them (a field several resources show is placed with the first of them, shared.ts), then the fields every resource
 * shows (shared.ts): Simplify, Options, and last Simplify for tools. The Operation selectors come first so that a
 * field shown for several resources is below each of their Operations.
 */
export const properties: INodeProperties[] = [
	resource,
	envelope.operation,
	invitation.operation,
	signing.operation,
	identitySigning.operation,
	document.operation,
	commercialRegistration.operation,
	smsProvider.operation,
	webhook.operation,
	accessToken.operation,
	...envelope.fields,
	...invitation.fields,
	...signing.fields,
	...identitySigning.fields,
	...document.fields,
	...commercialRegistration.fields,
	...smsProvider.fields,
	...webhook.fields,
	...accessToken.fields,
	simplify,
	options,
	...toolSimplify,
];

/** Each resource's operations, by the resource's value. */
const operationsByResource: Array<[string, OperationFile[]]> = [
	['accessToken', accessToken.operations],
	['commercialRegistration', commercialRegistration.operations],
	['document', document.operations],
	['envelope', envelope.operations],
	['identitySigning', identitySigning.operations],
	['invitation', invitation.operations],
	['signing', signing.operations],
	['smsProvider', smsProvider.operations],
	['webhook', webhook.operations],
];

const everyOperation = operationsByResource.flatMap(([resourceValue, operations]) =>
	operations.map((file) => ({
		resource: resourceValue,
		operation: String(file.option.value),
		file,
	})),
);

/** The operations that create an envelope, by "resource:operation", as their files declare (createsEnvelope). */
export const envelopeCreates: Record<string, CreatesEnvelope> = Object.fromEntries(
	everyOperation.flatMap(({ resource: resourceValue, operation, file }) =>
		file.createsEnvelope ? [[`${resourceValue}:${operation}`, file.createsEnvelope]] : [],
	),
);

/** What codes mean on an operation, by "resource:operation", as its file declares (errors). */
export const operationErrors: Record<string, OperationErrors> = Object.fromEntries(
	everyOperation.flatMap(({ resource: resourceValue, operation, file }) =>
		file.errors ? [[`${resourceValue}:${operation}`, file.errors]] : [],
	),
);

/** Each operation's builder hint (its file's builderHint), emitted only into that operation's generated type. */
export const operationBuilderHints: IBuilderHintVariation[] = everyOperation.flatMap(
	({ resource: resourceValue, operation, file }) =>
		file.builderHint
			? [
					{
						content: file.builderHint,
						displayOptions: { show: { resource: [resourceValue], operation: [operation] } },
					},
				]
			: [],
);
