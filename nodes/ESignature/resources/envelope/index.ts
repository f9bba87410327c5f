import type { INodeProperties } from 'n8n-workflow';

import { simplifyOutput, unwrapFoundResponse, unwrapResponse } from '../../routing/answers';
import * as addFiles from './addFiles';
import * as cancel from './cancel';
import * as create from './create';
import * as createAndInvite from './createAndInvite';
import * as createBulk from './createBulk';
import * as createFromBase64 from './createFromBase64';
import * as createFromTemplate from './createFromTemplate';
import * as extendInvitations from './extendInvitations';
import * as getStatus from './getStatus';
import {
	buildAddFilesRequest,
	buildCancelRequest,
	buildCreateAndInviteRequest,
	buildCreateBulkRequest,
	buildCreateFromBase64Request,
	normalizeStatus,
	buildCreateFromTemplateRequest,
	buildCreateRequest,
	buildExtendInvitationsRequest,
	sayWhereEventsGo,
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
				name: 'Create and Invite',
				value: 'createAndInvite',
				action: 'Create an envelope and invite signers',
				description: 'Create an envelope from documents and send its invitations in one step',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/bulk/initiate-and-invite' },
					send: { preSend: [buildCreateAndInviteRequest] },
					output: { postReceive: [unwrapWithReturnUrl, sayWhereEventsGo, simplifyOutput] },
				},
			},
			{
				name: 'Create From Base64',
				value: 'createFromBase64',
				action: 'Create an envelope from one document sent as base64',
				description:
					'Create an envelope from one document sent to the service as Base64 text in JSON',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/initiate-base64' },
					send: { preSend: [buildCreateFromBase64Request] },
					output: { postReceive: [unwrapResponse, sayWhereEventsGo, simplifyOutput] },
				},
			},
			{
				name: 'Create From Base64 List',
				value: 'createBulk',
				action: 'Create an envelope from a list of documents sent as base64',
				description:
					'Create one envelope from several documents sent as Base64 text in one JSON request; outputs one item per document, with its document ID',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/bulk/initiate-base64' },
					send: { preSend: [buildCreateBulkRequest] },
					output: { postReceive: [splitBulkFileResponse, sayWhereEventsGo, simplifyOutput] },
				},
			},
			{
				name: 'Create From Files',
				value: 'create',
				action: 'Create an envelope from files',
				description:
					"Create an envelope from one or more documents uploaded as files (binary fields or Base64 text), with File ID, PDF password and the service's workflow as options",
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/initiate' },
					send: { preSend: [buildCreateRequest] },
					output: { postReceive: [unwrapResponse, sayWhereEventsGo, simplifyOutput] },
				},
			},
			{
				name: 'Create From Template',
				value: 'createFromTemplate',
				action: 'Create an envelope from a template',
				description:
					'Create an envelope from a template kept at the service, with the signers the template names',
				routing: {
					request: { method: 'POST', url: '/api/v1/envelopes/initiate-by-template' },
					send: { preSend: [buildCreateFromTemplateRequest] },
					output: { postReceive: [unwrapResponse, sayWhereEventsGo, simplifyOutput] },
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
					output: { postReceive: [unwrapFoundResponse, normalizeStatus, simplifyOutput] },
				},
			},
		],
		default: 'create',
	},
	...addFiles.description,
	...cancel.description,
	...create.description,
	...createAndInvite.description,
	...createFromBase64.description,
	...createFromTemplate.description,
	...createBulk.description,
	...extendInvitations.description,
	...getStatus.description,
];
