import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty, downloadOptions } from '../../fields/common';
import { DOCUMENT_ID_SOURCE } from '../../fields/builderHints';

// Stored by n8n as it arrives.
export const fileAnswer = {
	encoding: 'stream',
	json: false,
	headers: { Accept: 'application/pdf, application/zip, application/octet-stream, */*' },
} as const;

export const binaryOutput: INodeProperties = binaryOutputProperty();

export const fileOptions: INodeProperties = downloadOptions({ wrapped: false });

export const base64Options: INodeProperties = downloadOptions({ wrapped: true });

export const A_DOCUMENTS_FILE = `${DOCUMENT_ID_SOURCE} The file is output as binary data in binaryPropertyName.`;
