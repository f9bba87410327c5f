import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkEnvelopeId } from '../../fields/common';
import { unwrapResponse } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildFileUpload } from './hooks';

export const option: INodePropertyOptions = {
	name: 'Add Files',
	value: 'addFiles',
	action: 'Add files to an envelope',
	description: 'Add documents to an envelope before its invitations are sent',
	routing: {
		request: {
			method: 'POST',
			url: '=/api/v1/envelopes/{{ encodeURIComponent(String($parameter.envelopeId).trim()) }}/files',
		},
		// The ID is checked before the files are read: a file given by link would be downloaded first.
		send: { preSend: [pairedWithItem(checkEnvelopeId), pairedWithItem(buildFileUpload)] },
		output: { postReceive: [unwrapResponse] },
	},
};

/** Its fields are all shared (sharedFields.ts): Envelope ID, File Input, Options. */
export const description: INodeProperties[] = [];
