import {
	ENVELOPE_ID_SOURCE,
	envelopeId,
	options,
	type PreSendAction,
	routing,
	sendMultipart,
	sendsId,
	SEVERAL_FILES_SOURCE,
} from '../kit';
import { readSeveralFiles, severalFiles } from './shared';

const buildFileUpload: PreSendAction = async function (requestOptions) {
	return sendMultipart(requestOptions, {}, await readSeveralFiles(this));
};

export const option = {
	name: 'Add Files',
	value: 'addFiles',
	action: 'Add files to an envelope',
	description: 'Add documents to an envelope before its invitations are sent',
	routing: routing(
		{ method: 'POST', url: '/api/v1/envelopes/{envelopeId}/files' },
		{
			// The ID is checked before the files are read: a file given by link would be downloaded first.
			preSend: [sendsId(envelopeId), buildFileUpload],
			idField: envelopeId,
		},
	),
};

export const builderHint = `${SEVERAL_FILES_SOURCE}\n${ENVELOPE_ID_SOURCE}`;

export const description = [envelopeId, ...severalFiles, options];
