import type { INodeProperties } from 'n8n-workflow';

import { base64ResponseToBinary, fileResponseToBinary, requestFile } from '../../routing/answers';
import * as download from './download';
import * as downloadSigned from './downloadSigned';
import * as getCompleted from './getCompleted';
import * as getContent from './getContent';
import { setDocumentIdPath } from './hooks';

const showOnlyForDocuments = { resource: ['document'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForDocuments },
		options: [
			{
				name: 'Download Completed PDF',
				value: 'getCompleted',
				action: 'Download the completed PDF',
				description:
					'Download the final signed PDF of a completed envelope; always one PDF, even where Download Signed gives a ZIP',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}/completed/base64' },
					send: { preSend: [setDocumentIdPath] },
					output: { postReceive: [base64ResponseToBinary] },
				},
			},
			{
				name: 'Download Current PDF',
				value: 'getContent',
				action: 'Download the current PDF of a document',
				description:
					'Download this one document with the signatures made so far, as a PDF even when its envelope has several documents',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}/content-base64' },
					send: { preSend: [setDocumentIdPath] },
					output: { postReceive: [base64ResponseToBinary] },
				},
			},
			{
				name: 'Download Original',
				value: 'download',
				action: 'Download the original document',
				description: 'Download the document as it was uploaded, without signatures',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}' },
					send: { preSend: [setDocumentIdPath, requestFile] },
					output: { postReceive: [fileResponseToBinary] },
				},
			},
			{
				name: 'Download Signed',
				value: 'downloadSigned',
				action: 'Download the signed document or ZIP',
				description:
					'Download the document with the signatures so far: a PDF, or a ZIP of every document when the envelope has several',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}/signed' },
					send: { preSend: [setDocumentIdPath, requestFile] },
					output: { postReceive: [fileResponseToBinary] },
				},
			},
		],
		default: 'download',
	},
	...download.description,
	...downloadSigned.description,
	...getCompleted.description,
	...getContent.description,
];
