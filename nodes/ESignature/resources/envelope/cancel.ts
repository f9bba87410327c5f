import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { envelopeId, options, sentInBody } from '../shared';
import { checkEnvelopeId, idInPath } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { ENVELOPE_ID_SOURCE } from '../../fields/builderHints';
import type { OperationErrors } from '../../service/errors';

export const option: INodePropertyOptions = {
	name: 'Cancel',
	value: 'cancel',
	action: 'Cancel an envelope',
	description: 'Stop signing of an envelope for good',
	routing: {
		request: { method: 'POST', url: `=/api/v1/envelopes/${idInPath('envelopeId')}/cancel` },
		// The body repeats the ID as `envelopId`, spelled as the service's interface has it.
		...sentInBody('envelopId', '={{ String($parameter.envelopeId).trim() }}', checkEnvelopeId),
		output: { postReceive: [unwrapResponse] },
	},
};

export const builderHint = ENVELOPE_ID_SOURCE;

/** Error 100 here is the service's answer to cancelling a completed envelope (docs/service-api.md#error-codes). */
export const errors: OperationErrors = {
	100: 'The service could not cancel the envelope: a completed envelope cannot be cancelled',
};

export const description: INodeProperties[] = [
	{
		displayName: 'Cancelling is final: signing stops and pending signers are notified',
		name: 'cancelNotice',
		type: 'notice',
		default: '',
	},
	envelopeId,
	options,
];
