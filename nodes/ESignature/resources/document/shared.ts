import type { INodeProperties } from 'n8n-workflow';

import {
	binaryOutputProperty,
	checkDocumentId,
	documentIdProperty,
	downloadOptions,
} from '../../fields/common';
import { pairedWithItem } from '../../routing/engineWorkarounds';

/** The fields several Document operations show, each declared once and shown for the operations it names. */

const shownFor = (...operations: string[]) => ({
	show: { resource: ['document'], operation: operations },
});

/** Every declaration of the Document ID checks it before any request: the URL takes it as it is. */
export const documentIdChecked: INodeProperties['routing'] = {
	send: { preSend: [pairedWithItem(checkDocumentId)] },
};

/**
 * Asked for as a stream: file downloads answer with the file, not the JSON wrapper, and n8n writes a stream to its
 * binary store as it arrives instead of holding the whole file first (docs/performance.md, figure 4).
 */
export const fileAnswer = {
	encoding: 'stream',
	json: false,
	headers: { Accept: 'application/pdf, application/zip, application/octet-stream, */*' },
} as const;

/** The Document ID of the operations that say nothing more about it (Download Signed and Current PDF do). */
export const documentId: INodeProperties = {
	...documentIdProperty(),
	routing: documentIdChecked,
	displayOptions: shownFor('download', 'getCompleted'),
};

export const binaryOutput: INodeProperties = {
	...binaryOutputProperty(),
	displayOptions: shownFor('download', 'downloadSigned', 'getCompleted', 'getContent'),
};

/** Options of the downloads answered with the file itself. */
export const fileOptions: INodeProperties = {
	...downloadOptions({ wrapped: false }),
	displayOptions: shownFor('download', 'downloadSigned'),
};

/** Options of the downloads answered with Base64 in the service's wrapper (Include Response Wrapper). */
export const base64Options: INodeProperties = {
	...downloadOptions({ wrapped: true }),
	displayOptions: shownFor('getCompleted', 'getContent'),
};
