import type { INodeProperties } from 'n8n-workflow';

import { unwrapFoundResponse, unwrapResponse } from '../../shared/hooks';
import { addFilesDescription } from './addFiles';
import { cancelDescription } from './cancel';
import { createDescription } from './create';
import { createAndInviteDescription } from './createAndInvite';
import { createBulkDescription } from './createBulk';
import { createFromBase64Description } from './createFromBase64';
import { createFromTemplateDescription } from './createFromTemplate';
import { extendInvitationsDescription } from './extendInvitations';
import { getStatusDescription } from './getStatus';
import {
	buildAddFilesRequest,
	buildCancelRequest,
	buildCreateAndInviteRequest,
	buildCreateBulkRequest,
	buildCreateFromBase64Request,
	buildCreateFromTemplateRequest,
	buildCreateRequest,
	buildExtendInvitationsRequest,
	setEnvelopeIdPath,
	splitBulkFileResponse,
	unwrapWithReturnUrl,
} from './hooks';

const showOnlyForEnvelopes = { resource: ['envelope'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: showOnlyForEnvelopes },
		options: [
			{
				name: 'Add Files',
				value: 'addFiles',
				action: 'Add files to an envelope',
				description: 'Add documents to an envelope before its invitations are sent',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/{envelopeId}/files' },
					send: { preSend: [setEnvelopeIdPath, buildAddFilesRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Cancel',
				value: 'cancel',
				action: 'Cancel an envelope',
				description: 'Stop signing of an envelope for good',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/{envelopeId}/cancel' },
					send: { preSend: [setEnvelopeIdPath, buildCancelRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create an envelope',
				description: 'Create an envelope from one or more documents, uploaded as files (with File ID, Password and External Workflow options)',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/initiate' },
					send: { preSend: [buildCreateRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Create and Invite',
				value: 'createAndInvite',
				action: 'Create an envelope and invite signers',
				description: 'Create an envelope from documents and send the invitations in one step',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/bulk/initiate-and-invite' },
					send: { preSend: [buildCreateAndInviteRequest] },
					output: { postReceive: [unwrapWithReturnUrl] },
				},
			},
			{
				name: 'Create From Base64',
				value: 'createFromBase64',
				action: 'Create an envelope from a base64 document',
				description: 'Create an envelope from one document, sent to the service as Base64 in JSON; outputs the envelope',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/initiate-base64' },
					send: { preSend: [buildCreateFromBase64Request] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Create From Template',
				value: 'createFromTemplate',
				action: 'Create an envelope from a template',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/initiate-by-template' },
					send: { preSend: [buildCreateFromTemplateRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Create With Several Documents',
				value: 'createBulk',
				action: 'Create an envelope with several documents',
				description: 'Create one envelope holding several documents; outputs one item per document',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/bulk/initiate-base64' },
					send: { preSend: [buildCreateBulkRequest] },
					output: { postReceive: [splitBulkFileResponse] },
				},
			},
			{
				name: 'Extend Invitations',
				value: 'extendInvitations',
				action: 'Extend the invitations of an envelope',
				description: 'Move the expiry of every pending invitation of an envelope',
				routing: {
					request: { method: 'PUT', url: '/api/v1/envelopes/extend-invitations' },
					send: { preSend: [buildExtendInvitationsRequest] },
					output: { postReceive: [unwrapResponse] },
				},
			},
			{
				name: 'Get Status',
				value: 'getStatus',
				action: 'Get the status of an envelope',
				description: 'Get the status of an envelope and of each signer',
				routing: {
					request: { method: 'GET', url: '/api/v1/envelopes/{envelopeId}/status' },
					send: { preSend: [setEnvelopeIdPath] },
					output: { postReceive: [unwrapFoundResponse] },
				},
			},
		],
		default: 'create',
	},
	...addFilesDescription,
	...cancelDescription,
	...createDescription,
	...createAndInviteDescription,
	...createFromBase64Description,
	...createFromTemplateDescription,
	...createBulkDescription,
	...extendInvitationsDescription,
	...getStatusDescription,
];
