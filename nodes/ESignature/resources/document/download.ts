import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { checkDocumentId, idInPath } from '../../fields/common';
import { fileResponseToBinary } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { A_DOCUMENTS_FILE, binaryOutput, fileAnswer, fileOptions } from './shared';
import { documentId } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Download Original',
	value: 'download',
	action: 'Download the original document',
	description: 'Download the document as it was uploaded, without signatures',
	routing: {
		request: { method: 'GET', url: `=/api/v1/documents/${idInPath('documentId')}`, ...fileAnswer },
		send: { preSend: [pairedWithItem(checkDocumentId)] },
		output: { postReceive: [fileResponseToBinary] },
	},
};

export const builderHint = A_DOCUMENTS_FILE;

export const description: INodeProperties[] = [documentId, binaryOutput, fileOptions];
