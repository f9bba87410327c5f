import type { INodeProperties } from 'n8n-workflow';

import {
	base64ResponseToBinary,
	binaryOutputProperty,
	DOCUMENT_ID_SOURCE,
	downloadOptions,
	fileResponseToBinary,
	requireGuid,
	routing,
	sendsField,
} from '../kit';

// Stored by n8n as it arrives.
const fileAnswer = {
	encoding: 'stream',
	json: false,
	headers: { Accept: 'application/pdf, application/zip, application/octet-stream, */*' },
} as const;

/** A document's file, from the service as it is or as Base64 in its JSON answer. */
export const downloadRouting = (url: string, documentId: INodeProperties, base64 = false) =>
	routing(
		{ method: 'GET', url, ...(base64 ? {} : fileAnswer) },
		{
			preSend: [sendsField(documentId, requireGuid)],
			postReceive: [base64 ? base64ResponseToBinary : fileResponseToBinary],
			idField: documentId,
		},
	);

export const binaryOutput = binaryOutputProperty();

export const fileOptions = downloadOptions({ wrapped: false });

export const base64Options: INodeProperties = downloadOptions({ wrapped: true });

export const A_DOCUMENTS_FILE = `${DOCUMENT_ID_SOURCE} The file is output as binary data in binaryPropertyName.`;
