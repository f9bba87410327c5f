import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty, downloadOptions } from '../../fields/common';
import { DOCUMENT_ID_SOURCE } from '../../fields/builderHints';

/** As a stream: the file, not the JSON wrapper, stored by n8n as it arrives (docs/performance.md, figure 4). */
export const fileAnswer = {
	encoding: 'stream',
	json: false,
	headers: { Accept: 'application/pdf, application/zip, application/octet-stream, */*' },
} as const;

export const binaryOutput: INodeProperties = binaryOutputProperty();

/** Options of the downloads answered with the file itself. */
export const fileOptions: INodeProperties = downloadOptions({ wrapped: false });

/** Options of the downloads answered with Base64 in the service's wrapper (Include Response Wrapper). */
export const base64Options: INodeProperties = downloadOptions({ wrapped: true });

/** The builder hint of the operations that output one document's file. */
export const A_DOCUMENTS_FILE = `${DOCUMENT_ID_SOURCE} The file is output as binary data in binaryPropertyName.`;
