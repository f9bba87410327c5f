import type { INodeProperties } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../shared/descriptions';
import { destinationsProperties } from '../../shared/destinations';
import { invitationMessageProperty } from './fields';

const displayOptions = { show: { resource: ['invitation'], operation: ['sendForEnvelope'] } };

export const sendForEnvelopeDescription: INodeProperties[] = [
	envelopeIdProperty(displayOptions),
	{
		displayName:
			'Every pending signer of the envelope is invited. Add signers below only to invite further people; leave the list empty to invite just the pending signers.',
		name: 'sendForEnvelopeNotice',
		type: 'notice',
		default: '',
		displayOptions,
	},
	...destinationsProperties('v1Camel', displayOptions),
	invitationMessageProperty(displayOptions),
	responseOptions(displayOptions),
];
