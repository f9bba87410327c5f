import type { PreSendAction } from 'n8n-workflow';

import { readFileInput } from '../../files/fileInput';
import { sendMultipart } from '../../files/multipart';
import { SEVERAL_FILES_LEFT_IN_STORE, severalFiles } from './shared';
import { envelopeId, options } from '../shared';
import { routing, sendsField } from '../../routing/itemRequest';
import { requireGuid } from '../../fields/validation';
import { ENVELOPE_ID_SOURCE, SEVERAL_FILES_SOURCE } from '../../fields/builderHints';

const buildFileUpload: PreSendAction = async function (requestOptions) {
	return sendMultipart(requestOptions, {}, await readFileInput(this, SEVERAL_FILES_LEFT_IN_STORE));
};

export const option = {
	name: 'Add Files',
	value: 'addFiles',
	action: 'Add files to an envelope',
	description: 'Add documents to an envelope before its invitations are sent',
	routing: routing(
		{ method: 'POST', url: '/api/v1/envelopes/{envelopeId}/files' },
		// The ID is checked before the files are read: a file given by link would be downloaded first.
		[sendsField(envelopeId, requireGuid), buildFileUpload],
	),
};

export const builderHint = `${SEVERAL_FILES_SOURCE}\n${ENVELOPE_ID_SOURCE}`;

export const description = [envelopeId, ...severalFiles, options];
