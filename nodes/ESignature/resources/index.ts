import type { INodeProperties } from 'n8n-workflow';

import { toolSimplifyProperties } from '../fields/common';

import * as accessToken from './accessToken';
import * as commercialRegistration from './commercialRegistration';
import * as document from './document';
import * as envelope from './envelope';
import * as identitySigning from './identitySigning';
import * as invitation from './invitation';
import * as signing from './signing';
import * as smsProvider from './smsProvider';
import * as webhook from './webhook';

/**
 * The Resource selector, then every resource's operations and fields as its folder declares them; last, Simplify for
 * tools on the operations that have none (docs/ai-agents.md).
 */
const resourceFields: INodeProperties[] = [
	{
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
	},
	...envelope.description,
	...invitation.description,
	...signing.description,
	...identitySigning.description,
	...document.description,
	...commercialRegistration.description,
	...smsProvider.description,
	...webhook.description,
	...accessToken.description,
];

export const declaredFields: INodeProperties[] = [
	...resourceFields,
	...toolSimplifyProperties(resourceFields),
];
