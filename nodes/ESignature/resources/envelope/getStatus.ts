import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkEnvelopeId } from '../../fields/common';
import { simplifyOutput, unwrapFoundResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { normalizeStatus } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of an envelope',
	description: 'Get the status of an envelope and of each signer',
	routing: {
		request: {
			method: 'GET',
			url: '=/api/v1/envelopes/{{ encodeURIComponent(String($parameter.envelopeId).trim()) }}/status',
		},
		send: { preSend: [pairedWithItem(checkEnvelopeId)] },
		output: { postReceive: [unwrapFoundResponse, normalizeStatus, simplifyOutput] },
	},
};

/** Its fields are all shared (sharedFields.ts): Envelope ID, Simplify, Options. */
export const description: INodeProperties[] = [];
