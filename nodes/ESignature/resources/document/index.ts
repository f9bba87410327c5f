import type { INodeProperties } from 'n8n-workflow';

import { base64ResponseToBinary, fileResponseToBinary, requestFile } from '../../shared/hooks';
import { downloadDescription } from './download';
import { downloadSignedDescription } from './downloadSigned';
import { getCompletedDescription } from './getCompleted';
import { getContentDescription } from './getContent';
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
				name: 'Download',
				value: 'download',
				action: 'Download a document',
				description: 'Download the original document as uploaded',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}' },
					send: { preSend: [setDocumentIdPath, requestFile] },
					output: { postReceive: [fileResponseToBinary] },
				},
			},
			{
				name: 'Download Signed',
				value: 'downloadSigned',
				action: 'Download a signed document',
				description:
					'Download the document with the signatures so far: a PDF, or a ZIP of every document when the envelope has several',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}/signed' },
					send: { preSend: [setDocumentIdPath, requestFile] },
					output: { postReceive: [fileResponseToBinary] },
				},
			},
			{
				name: 'Download Completed',
				value: 'getCompleted',
				action: 'Download a completed document',
				description: 'Download the signed PDF of a completed envelope (always a PDF, even where Download Signed gives a ZIP)',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}/completed/base64' },
					send: { preSend: [setDocumentIdPath] },
					output: { postReceive: [base64ResponseToBinary] },
				},
			},
			{
				name: 'Download Content',
				value: 'getContent',
				action: 'Download the content of a document',
				description: 'Download the current content of a document, with the signatures made so far',
				routing: {
					request: { method: 'GET', url: '/api/v1/documents/{documentId}/content-base64' },
					send: { preSend: [setDocumentIdPath] },
					output: { postReceive: [base64ResponseToBinary] },
				},
			},
		],
		default: 'download',
	},
	...downloadDescription,
	...downloadSignedDescription,
	...getCompletedDescription,
	...getContentDescription,
];
