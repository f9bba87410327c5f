import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions } from '../../fields/common';
import { destinationsProperties } from '../../fields/recipients';
import { invitationMessageProperty } from '../../fields/invitation';

const properties: INodeProperties[] = [
	envelopeIdProperty(),
	{
		displayName:
			'Every pending signer of the envelope is invited. Add signers below only to invite further people; leave the list empty to invite just the pending signers.',
		name: 'sendForEnvelopeNotice',
		type: 'notice',
		default: '',
	},
	...destinationsProperties('v1Camel'),
	invitationMessageProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['sendForEnvelope'] } };

export const description = updateDisplayOptions(displayOptions, properties);
